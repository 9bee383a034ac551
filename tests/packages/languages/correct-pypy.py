n = int(input())
x = 0
for a in map(int, input().split()):
    x ^= a % 4
print("First" if x else "Second")
