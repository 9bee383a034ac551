# Wrong: a chip's height counted in vertices (its depth + 1), not in edges. A program on
# its own, as a judge takes it: in the sandbox it sees no other file of the package.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[a].append(b)
    adj[b].append(a)
height = [0] * (n + 1)
height[1] = 1
order = [1]
for u in order:
    for v in adj[u]:
        if not height[v]:
            height[v] = height[u] + 1
            order.append(v)
x = 0
for w in data[2 + 2 * (n - 1):2 + 2 * (n - 1) + k]:
    x ^= height[int(w)]
print("First" if x else "Second")
