# Wrong: a greedy guess — take the vertex with the most neighbours (it removes the most),
# and claim the start is lost only when there is no vertex at all. Right on stars and
# short paths, wrong where taking the most leaves the opponent a winning position.
import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
nbrs = [set() for _ in range(n + 1)]
for i in range(m):
    a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    nbrs[a].add(b)
    nbrs[b].add(a)
print(max(range(1, n + 1), key=lambda v: (len(nbrs[v]), -v)))
