# Node Kayles on a tree: the Grundy value of a forest is the XOR of its trees' values, and
# a tree's value depends only on its shape, so values are memoized by a canonical code of
# the shape (the least AHU string over its centres). Prints every winning first vertex.
import sys

data = sys.stdin.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    adj[a].append(b)
    adj[b].append(a)


def pieces(alive):
    seen, out = set(), []
    for v in alive:
        if v not in seen:
            seen.add(v)
            part, stack = [v], [v]
            while stack:
                for w in adj[stack.pop()]:
                    if w in alive and w not in seen:
                        seen.add(w)
                        part.append(w)
                        stack.append(w)
            out.append(frozenset(part))
    return out


def centres(part):
    """The one or two centres of a tree: peel leaves layer by layer."""
    degree = {v: sum(1 for w in adj[v] if w in part) for v in part}
    layer = [v for v in part if degree[v] <= 1]
    left = len(part)
    while left > 2:
        left -= len(layer)
        nxt = []
        for v in layer:
            for w in adj[v]:
                if w in part and degree[w] > 1:
                    degree[w] -= 1
                    if degree[w] == 1:
                        nxt.append(w)
        layer = nxt
    return layer


def code(part):
    """The least AHU string over the tree's centres: equal exactly for equal shapes."""
    best = None
    for root in centres(part):
        order, parent = [root], {root: 0}
        for v in order:
            for w in adj[v]:
                if w in part and w != parent[v]:
                    parent[w] = v
                    order.append(w)
        c = {}
        for v in reversed(order):
            c[v] = "(" + "".join(sorted(c[w] for w in adj[v] if w in part and parent.get(w) == v)) + ")"
        if best is None or c[root] < best:
            best = c[root]
    return best


memo = {}


by_part = {}


def grundy(part):
    if part in by_part:
        return by_part[part]
    key = code(part)
    if key not in memo:
        seen = set()
        for v in part:
            seen.add(after(part, v))
        g = 0
        while g in seen:
            g += 1
        memo[key] = g
    by_part[part] = memo[key]
    return memo[key]


def after(alive, v):
    left = alive - {v} - set(adj[v])
    x = 0
    for p in pieces(left):
        x ^= grundy(p)
    return x


sys.setrecursionlimit(10000)
everything = frozenset(range(1, n + 1))
wins = [v for v in range(1, n + 1) if after(everything, v) == 0]
print("\n".join(map(str, wins)) if wins else -1)
