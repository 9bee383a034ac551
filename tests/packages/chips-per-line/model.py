# The reference: the XOR of the chips' depths (a breadth-first search from vertex 1).
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n, k = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    pos = 2
    for _ in range(n - 1):
        a, b = int(data[pos]), int(data[pos + 1])
        pos += 2
        adj[a].append(b)
        adj[b].append(a)
    depth = [-1] * (n + 1)
    depth[1] = 0
    order = [1]
    for u in order:
        for v in adj[u]:
            if depth[v] < 0:
                depth[v] = depth[u] + 1
                order.append(v)
    x = 0
    for i in range(k):
        d = depth[int(data[pos + i])]
        x ^= d
    print("First" if x else "Second")


if __name__ == "__main__":
    main()
