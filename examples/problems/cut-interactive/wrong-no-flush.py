# WRONG: plays like correct.py but never flushes its output: its side and its moves stay
# in its buffer while it waits for the jury (a deadlock, seen as silence on its turn).
import sys


def main():
    read = sys.stdin.readline
    n = int(read())
    adj = [[] for _ in range(n + 1)]
    for _ in range(n - 1):
        a, b = map(int, read().split())
        adj[a].append(b)
        adj[b].append(a)
    parent = [0] * (n + 1)
    order = [1]
    for v in order:
        for w in adj[v]:
            if w != parent[v]:
                parent[w] = v
                order.append(w)
    kids = [[w for w in adj[v] if w != parent[v]] for v in range(n + 1)]
    alive = [True] * (n + 1)

    def value():
        g = [0] * (n + 1)
        for v in reversed(order):
            if alive[v]:
                for c in kids[v]:
                    if alive[c]:
                        g[v] ^= g[c] + 1
        return g[1]

    def cut(c, keep):
        stack, gone = [c], []
        while stack:
            v = stack.pop()
            if alive[v]:
                alive[v] = False
                gone.append(v)
                stack.extend(kids[v])
        if not keep:
            return gone
        return None

    def undo(gone):
        for v in gone:
            alive[v] = True

    mine = value() != 0
    print("First" if mine else "Second", flush=False)
    while any(alive[2:]):
        if mine:
            move = None
            for c in order[1:]:
                if alive[c]:
                    gone = cut(c, False)
                    wins = value() == 0
                    undo(gone)
                    if wins:
                        move = c
                        break
            if move is None:
                move = next(c for c in order[1:] if alive[c])
            print(move, flush=False)
        else:
            move = int(read())
        cut(move, True)
        mine = not mine


main()
