n = int(input())
x = 0
for a in map(int, input().split()):
    x ^= a  # WRONG: plain Nim
print("First" if x else "Second")
