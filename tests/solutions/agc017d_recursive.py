# agc017d, crashes on deep trees: a recursive DFS without raising Python's recursion limit
# (RecursionError past depth ~1000, exit code 1).
import sys
data = sys.stdin.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    adj[a].append(b); adj[b].append(a)
def dfs(u, p):
    g = 0
    for v in adj[u]:
        if v != p:
            g ^= dfs(v, u) + 1
    return g
print("Alice" if dfs(1, 0) else "Bob")
