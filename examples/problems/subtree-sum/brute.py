# Brute force: for every query, walk the whole subtree. Small inputs only.
import sys

data = sys.stdin.read().split()
pos = 0
n = int(data[pos]); pos += 1
adj = [[] for _ in range(n + 1)]
for _ in range(n - 1):
    u, v = int(data[pos]), int(data[pos + 1]); pos += 2
    adj[u].append(v)
    adj[v].append(u)
a = [0] + [int(x) for x in data[pos:pos + n]]; pos += n
parent = [0] * (n + 1)
order = [1]
parent[1] = -1
for v in order:
    for w in adj[v]:
        if w != parent[v]:
            parent[w] = v
            order.append(w)
q = int(data[pos]); pos += 1
for _ in range(q):
    t = int(data[pos]); pos += 1
    if t == 1:
        a[int(data[pos])] = int(data[pos + 1]); pos += 2
    else:
        v = int(data[pos]); pos += 1
        total = 0
        todo = [v]
        while todo:
            x = todo.pop()
            total += a[x]
            todo.extend(w for w in adj[x] if w != parent[x])
        print(total)
