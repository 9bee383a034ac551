# Brute force: the game tree over the set of remaining vertices, memoized.
import sys
from functools import lru_cache

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
nb = [1 << v for v in range(n)]  # closed neighbourhoods
for i in range(m):
    a, b = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
    nb[a] |= 1 << b
    nb[b] |= 1 << a


@lru_cache(maxsize=None)
def wins(alive):
    return any(not wins(alive & ~nb[v]) for v in range(n) if alive >> v & 1)


print("First" if wins((1 << n) - 1) else "Second")
