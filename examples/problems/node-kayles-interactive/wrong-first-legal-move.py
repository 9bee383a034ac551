# WRONG: takes the right side, then plays the first legal move (the smallest vertex
# left) instead of a winning one.
import sys


def main():
    read = sys.stdin.readline
    n, m = map(int, read().split())
    adj = [0] * (n + 1)
    for _ in range(m):
        a, b = map(int, read().split())
        adj[a] |= 1 << b
        adj[b] |= 1 << a
    memo = {}

    def after(s, v):
        return s & ~(1 << v) & ~adj[v]

    def vertices(s):
        return [v for v in range(1, n + 1) if s >> v & 1]

    def wins(s):
        if s not in memo:
            memo[s] = any(not wins(after(s, v)) for v in vertices(s))
        return memo[s]

    s = sum(1 << v for v in range(1, n + 1))
    mine = wins(s)
    print("First" if mine else "Second", flush=True)
    while s:
        if mine:
            v = vertices(s)[0]  # the mistake: not a winning move
            print(v, flush=True)
        else:
            v = int(read())
        s = after(s, v)
        mine = not mine


main()
