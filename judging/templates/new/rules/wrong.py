# WRONG (on purpose, for `grundy check` to catch): plays it as Nim, XORing the heaps
# themselves. Right while every heap has fewer than 4 stones.
n = int(input())
a = list(map(int, input().split()))
x = 0
for h in a:
    x ^= h
print("First" if x else "Second")
