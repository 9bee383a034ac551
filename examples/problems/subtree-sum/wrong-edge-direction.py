# Wrong: takes every edge "u v" as parent u -> child v, but the statement allows either
# orientation. Fails as soon as an edge is given child first.
import sys

data = sys.stdin.read().split()
pos = 0
n = int(data[pos]); pos += 1
children = [[] for _ in range(n + 1)]
for _ in range(n - 1):
    u, v = int(data[pos]), int(data[pos + 1]); pos += 2
    children[u].append(v)
a = [0] + [int(x) for x in data[pos:pos + n]]; pos += n
q = int(data[pos]); pos += 1
for _ in range(q):
    t = int(data[pos]); pos += 1
    if t == 1:
        a[int(data[pos])] = int(data[pos + 1]); pos += 2
    else:
        v = int(data[pos]); pos += 1
        total, todo = 0, [v]
        while todo:
            x = todo.pop()
            total += a[x]
            todo.extend(children[x])
        print(total)
