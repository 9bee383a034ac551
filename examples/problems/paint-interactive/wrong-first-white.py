# WRONG: takes the right side, then always paints the white vertex with the smallest id
# instead of a winning one.
import sys


def main():
    read = sys.stdin.readline
    n = int(read())
    white = [False] + [c == "0" for c in read().split()]
    adj = [[] for _ in range(n + 1)]
    for _ in range(n - 1):
        a, b = map(int, read().split())
        adj[a].append(b)
        adj[b].append(a)
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
    kids = [[w for w in adj[v] if w != parent[v]] for v in range(n + 1)]

    def winning():
        g, xs, reach = [0] * (n + 1), [0] * (n + 1), [set() for _ in range(n + 1)]
        for v in reversed(order):
            for c in kids[v]:
                xs[v] ^= g[c]
            s = {xs[v]} if white[v] else set()
            for c in kids[v]:
                s |= {x ^ xs[v] ^ g[c] for x in reach[c]}
            reach[v] = s
            m = 0
            while m in s:
                m += 1
            g[v] = m
        a = [0] * (n + 1)
        for v in order:
            for c in kids[v]:
                a[c] = a[v] ^ xs[v] ^ g[c]
        return g[1], [u for u in order if white[u] and a[u] ^ xs[u] == 0]

    def paint(v):
        while v:
            white[v] = False
            v = parent[v]

    value, _ = winning()
    mine = value != 0
    print("First" if mine else "Second", flush=True)
    while any(white):
        if mine:
            _, wins = winning()
            v = min(u for u in range(1, n + 1) if white[u])
            print(v, flush=True)
        else:
            v = int(read())
        paint(v)
        mine = not mine


main()
