# WRONG: always takes the first player's side.
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
    wins(s)
    mine = True
    print("First", flush=True)  # the mistake: whoever wins
    while s:
        if mine:
            v = next(v for v in vertices(s) if not wins(after(s, v)))
            print(v, flush=True)
        else:
            v = int(read())
        s = after(s, v)
        mine = not mine


main()
