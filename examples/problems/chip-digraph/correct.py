# Retrograde analysis: a vertex without an arc out is lost for the player to move; a vertex
# with an arc to a lost vertex is won; a vertex whose every arc leads to a won vertex is
# lost; every other vertex is a draw.
from collections import deque

data = list(map(int, open(0).read().split()))
n, m = data[0], data[1]
out = [set() for _ in range(n + 1)]
for i in range(m):
    out[data[2 + 2 * i]].add(data[3 + 2 * i])
back = [[] for _ in range(n + 1)]
for a in range(1, n + 1):
    for b in out[a]:
        back[b].append(a)
left = [len(out[v]) for v in range(n + 1)]
state = [None] * (n + 1)
queue = deque(v for v in range(1, n + 1) if left[v] == 0)
for v in queue:
    state[v] = "lose"
while queue:
    v = queue.popleft()
    for p in back[v]:
        if state[p] is not None:
            continue
        if state[v] == "lose":
            state[p] = "win"
            queue.append(p)
        else:
            left[p] -= 1
            if left[p] == 0:
                state[p] = "lose"
                queue.append(p)
print({"win": "First", "lose": "Second", None: "Draw"}[state[1]])
