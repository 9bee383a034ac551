# WRONG: takes the right side, but only ever looks at the root's own edges: it cuts one
# that leaves value 0 if there is one, else the first root edge left (a winning move
# deeper in the tree is never found).
import sys


def main():
    read = sys.stdin.readline
    n = int(read())
    edges = [tuple(map(int, read().split())) for _ in range(n - 1)]
    adj = [[] for _ in range(n + 1)]
    for i, (a, b) in enumerate(edges):
        adj[a].append((b, i))
        adj[b].append((a, i))
    alive = [True] * (n - 1)
    parent, up = [0] * (n + 1), [-1] * (n + 1)
    order = [1]
    for v in order:
        for w, i in adj[v]:
            if w != parent[v]:
                parent[w], up[w] = v, i
                order.append(w)

    def values():
        g = [0] * (n + 1)
        for v in reversed(order):
            for w, i in adj[v]:
                if w != parent[v] and alive[i]:
                    g[v] ^= g[w] + 1
        return g

    def find(g, v, target):
        for w, i in adj[v]:
            if w == parent[v] or not alive[i]:
                continue
            k = g[w] + 1
            k2 = target ^ g[v] ^ k
            if k2 < k:
                return i if k2 == 0 else find(g, w, k2 - 1)
        return None

    def cut(i):
        a, b = edges[i]
        child = b if parent[b] == a else a
        stack = [child]
        alive[i] = False
        while stack:
            v = stack.pop()
            for w, j in adj[v]:
                if w != parent[v] and alive[j]:
                    alive[j] = False
                    stack.append(w)

    mine = values()[1] != 0
    print("First" if mine else "Second", flush=True)
    while any(alive):
        if mine:
            g = values()
            roots = [(w, j) for w, j in adj[1] if alive[j]]
            good = [j for w, j in roots if g[1] ^ (g[w] + 1) == 0]
            i = good[0] if good else roots[0][1]  # the mistake: the root's edges only
            print(*edges[i], flush=True)
        else:
            a, b = map(int, read().split())
            i = next(j for j, e in enumerate(edges) if e == (a, b))
        cut(i)
        mine = not mine


main()
