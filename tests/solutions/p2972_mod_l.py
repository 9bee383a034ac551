# p2972, WRONG: stones mod L instead of mod L+1.
import sys
data = sys.stdin.read().split()
n, t, L = int(data[0]), int(data[1]), int(data[2])
depth = [0] * (n + 1); stones = [0] * (n + 1)
pos = 3
for i in range(2, n + 1):
    p, r = int(data[pos]), int(data[pos + 1]); pos += 2
    depth[i] = depth[p] + 1; stones[i] = r
x = 0
for i in range(2, n + 1):
    if depth[i] % 2 == 1: x ^= stones[i] % L
out = []
for _ in range(t):
    a, b = int(data[pos]), int(data[pos + 1]); pos += 2
    if depth[a] % 2 == 1: x ^= stones[a] % L ^ b % L
    stones[a] = b
    out.append("Yes" if x else "No")
print("\n".join(out))
