# WRONG: a depth-first search that counts a return to a vertex on the current path as a
# loss for the player to move there, so it never answers Draw.
import sys

data = list(map(int, open(0).read().split()))
n, m = data[0], data[1]
out = [set() for _ in range(n + 1)]
for i in range(m):
    out[data[2 + 2 * i]].add(data[3 + 2 * i])
sys.setrecursionlimit(10000)
on_path = set()


def wins(v):
    on_path.add(v)
    result = any(w not in on_path and not wins(w) for w in out[v]) or any(w in on_path for w in out[v])
    on_path.discard(v)
    return result


print("First" if wins(1) else "Second")
