# Model: colon principle bottom-up, then the "need" values top-down; prints the smallest
# vertex v such that cutting the edge above v leaves a position of value 0, or 0.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    adj = [[] for _ in range(n + 1)]
    for i in range(n - 1):
        a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        adj[a].append(b)
        adj[b].append(a)
    parent = [0] * (n + 1)
    parent[1] = -1
    order = [1]
    for v in order:
        for w in adj[v]:
            if w != parent[v]:
                parent[w] = v
                order.append(w)
    g = [0] * (n + 1)
    for v in reversed(order[1:]):
        g[parent[v]] ^= g[v] + 1
    need = [-1] * (n + 1)
    need[1] = 0
    best = 0
    for v in order[1:]:
        u = parent[v]
        if need[u] < 0:
            continue
        t = g[u] ^ (g[v] + 1) ^ need[u]
        if t == 0:
            best = v if best == 0 else min(best, v)
        else:
            need[v] = t - 1
    print(best)


main()
