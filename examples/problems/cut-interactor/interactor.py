# The setter's interactor for AGC017 D played interactively (testlib's convention: run as
# `interactor.py INPUT TOUT`, the contestant on stdin/stdout, exit 0 accepted, 1 wrong
# answer, 2 presentation error). It prints the tree, reads the contestant's side, then
# plays to win: a cut that leaves value 0 whenever there is one (the colon principle).
# With weak=True (weak-interactor.py) it plays the first legal cut instead.
import sys


def verdict(code, message):
    sys.stderr.write(message + "\n")
    sys.exit(code)


def main(weak=False):
    with open(sys.argv[1]) as f:
        data = f.read().split()
    n = int(data[0])
    adj = [[] for _ in range(n + 1)]
    for i in range(n - 1):
        a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        adj[a].append(b)
        adj[b].append(a)
    print(n)
    for i in range(n - 1):
        print(data[1 + 2 * i], data[2 + 2 * i])
    sys.stdout.flush()
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

    def cut(c):
        stack, gone = [c], []
        while stack:
            v = stack.pop()
            if alive[v]:
                alive[v] = False
                gone.append(v)
                stack.extend(kids[v])
        return gone

    side = sys.stdin.readline().split()
    if side not in (["First"], ["Second"]):
        verdict(2, "expected First or Second, got %r" % " ".join(side))
    contestant = side == ["First"]
    while any(alive[2:]):
        if contestant:
            line = sys.stdin.readline().split()
            if len(line) != 1 or not line[0].isdigit():
                verdict(2, "expected a vertex, got %r" % " ".join(line))
            c = int(line[0])
            if not (2 <= c <= n and alive[c]):
                verdict(1, "the contestant cut above %d, which is not an edge left" % c)
            cut(c)
        else:
            move = None
            if not weak:
                for c in order[1:]:
                    if alive[c]:
                        gone = cut(c)
                        wins = value() == 0
                        for v in gone:
                            alive[v] = True
                        if wins:
                            move = c
                            break
            if move is None:
                move = next(c for c in order[1:] if alive[c])
            print(move, flush=True)
            cut(move)
        contestant = not contestant
    # The player to move has no cut: it lost.
    if contestant:
        verdict(1, "the contestant lost")
    verdict(0, "the contestant won")


if __name__ == "__main__":
    main()
