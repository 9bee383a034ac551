# Model solution: Euler tour (iterative) + Fenwick tree; O((n + q) log n).
import sys


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    n = int(data[pos]); pos += 1
    adj = [[] for _ in range(n + 1)]
    for _ in range(n - 1):
        u, v = int(data[pos]), int(data[pos + 1]); pos += 2
        adj[u].append(v)
        adj[v].append(u)
    a = [0] + [int(x) for x in data[pos:pos + n]]; pos += n
    tin = [0] * (n + 1)
    tout = [0] * (n + 1)
    parent = [0] * (n + 1)
    timer = 0
    stack = [(1, False)]
    parent[1] = -1
    while stack:
        v, done = stack.pop()
        if done:
            tout[v] = timer
            continue
        timer += 1
        tin[v] = timer
        stack.append((v, True))
        for w in adj[v]:
            if w != parent[v]:
                parent[w] = v
                stack.append((w, False))
    fen = [0] * (n + 1)

    def add(i, d):
        while i <= n:
            fen[i] += d
            i += i & -i

    def pref(i):
        s = 0
        while i > 0:
            s += fen[i]
            i -= i & -i
        return s

    for v in range(1, n + 1):
        add(tin[v], a[v])
    q = int(data[pos]); pos += 1
    out = []
    for _ in range(q):
        t = int(data[pos]); pos += 1
        if t == 1:
            v, x = int(data[pos]), int(data[pos + 1]); pos += 2
            add(tin[v], x - a[v])
            a[v] = x
        else:
            v = int(data[pos]); pos += 1
            out.append(pref(tout[v]) - pref(tin[v] - 1))
    sys.stdout.write("".join(f"{x}\n" for x in out))


main()
