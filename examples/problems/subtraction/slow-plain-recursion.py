# SLOW: right, but it searches the game tree without memoization: exponential in n, so it
# runs past the time limit on the larger heaps (n up to 1000).
import sys

sys.setrecursionlimit(10000)


def lost(h):
    """The player to move from a heap of h loses."""
    return all(not lost(h - k) for k in (1, 3, 4) if k <= h)


n = int(input())
wins = [k for k in (1, 3, 4) if k <= n and lost(n - k)]
print("\n".join(map(str, wins)) if wins else -1)
