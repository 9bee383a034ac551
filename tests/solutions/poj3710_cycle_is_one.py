# poj3710, WRONG: every cycle worth 1 (instead of its length mod 2).
import sys
def graph_value(n, edges):
    adj = [[] for _ in range(n + 1)]
    for i, (a, b) in enumerate(edges):
        adj[a].append((b, i)); adj[b].append((a, i))
    # iterative DFS: tree edges, back edges mark cycles; a cycle collapses to value 1
    parent_edge = [-1] * (n + 1); parent = [0] * (n + 1); seen = [False] * (n + 1)
    order = []; stack = [1]; seen[1] = True
    while stack:
        u = stack.pop(); order.append(u)
        for v, e in adj[u]:
            if not seen[v]:
                seen[v] = True; parent[v] = u; parent_edge[v] = e; stack.append(v)
    tree_edges = set(parent_edge[v] for v in order if parent_edge[v] >= 0)
    on_cycle = [False] * (n + 1)
    for i, (a, b) in enumerate(edges):
        if i not in tree_edges and seen[a]:
            on_cycle[a] = on_cycle[b] = True
    g = [0] * (n + 1)
    for u in reversed(order):
        if on_cycle[u]:
            g[u] ^= 1
        if u != 1 and not on_cycle[u]:
            g[parent[u]] ^= g[u] + 1
        elif u != 1:
            g[parent[u]] ^= g[u]
    return g[1]
data = sys.stdin.read().split(); pos = 0; out = []
while pos < len(data):
    k = int(data[pos]); pos += 1; total = 0
    for _ in range(k):
        n, m = int(data[pos]), int(data[pos + 1]); pos += 2
        edges = [(int(data[pos + 2 * j]), int(data[pos + 2 * j + 1])) for j in range(m)]; pos += 2 * m
        total ^= graph_value(n, edges)
    out.append("Sally" if total else "Harry")
print("\n".join(out))
