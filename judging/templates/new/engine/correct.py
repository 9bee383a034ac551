# Green Hackenbush on a rooted tree: the value of a vertex is the XOR of (value of a child
# + 1) over its children; Alice wins when the root's value is not 0. Iterative (a chain
# of 100,000 vertices is a valid test).
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    x, y = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    adj[x].append(y)
    adj[y].append(x)
parent = [0] * (n + 1)
order = [1]
seen = [False] * (n + 1)
seen[1] = True
for v in order:
    for w in adj[v]:
        if not seen[w]:
            seen[w] = True
            parent[w] = v
            order.append(w)
value = [0] * (n + 1)
for v in reversed(order[1:]):
    value[parent[v]] ^= value[v] + 1
print("Alice" if value[1] else "Bob")
