# agc017d, correct: colon principle over a BFS order (no recursion).
import sys
def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    adj = [[] for _ in range(n + 1)]
    for i in range(n - 1):
        a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        adj[a].append(b)
        adj[b].append(a)
    parent = [0] * (n + 1)
    parent[1] = -1
    order = [1]
    for u in order:
        for v in adj[u]:
            if v != parent[u]:
                parent[v] = u
                order.append(v)
    g = [0] * (n + 1)
    for u in reversed(order[1:]):
        g[parent[u]] ^= g[u] + 1
    print("Alice" if g[1] else "Bob")
main()
