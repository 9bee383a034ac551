# WRONG: reads the last n numbers of the input as the chips, which is right only when there
# are as many chips as vertices (k = n). Otherwise as correct.py.
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
for c in data[len(data) - n:]:
    x ^= depth[int(c)]
print("First" if x else "Second")
