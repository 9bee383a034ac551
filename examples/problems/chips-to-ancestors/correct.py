# A chip at depth d can go to any of the d vertices above it: a Nim heap of d. The chips
# are independent, so the first player wins iff the XOR of the chips' depths is not 0.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[a].append(b)
    adj[b].append(a)
depth = [-1] * (n + 1)
depth[1] = 0
order = [1]
for v in order:
    for w in adj[v]:
        if depth[w] < 0:
            depth[w] = depth[v] + 1
            order.append(w)
x = 0
for c in data[2 + 2 * (n - 1):2 + 2 * (n - 1) + k]:
    x ^= depth[int(c)]
print("First" if x else "Second")
