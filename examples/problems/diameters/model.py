# Model: two breadth-first searches per test case.
import sys


def farthest(adj, s, n):
    dist = [-1] * (n + 1)
    dist[s] = 0
    order = [s]
    for v in order:
        for w in adj[v]:
            if dist[w] < 0:
                dist[w] = dist[v] + 1
                order.append(w)
    far = max(range(1, n + 1), key=lambda v: dist[v])
    return far, dist[far]


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    t = int(data[pos]); pos += 1
    out = []
    for _ in range(t):
        n = int(data[pos]); pos += 1
        adj = [[] for _ in range(n + 1)]
        for v in range(2, n + 1):
            p = int(data[pos]); pos += 1
            adj[p].append(v)
            adj[v].append(p)
        a, _ = farthest(adj, 1, n)
        _, d = farthest(adj, a, n)
        out.append(d)
    sys.stdout.write("".join(f"{d}\n" for d in out))


main()
