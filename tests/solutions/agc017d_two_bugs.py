# agc017d with two independent bugs: a recursive DFS (Python's RecursionError on any tree
# deeper than about a thousand levels) and a hard-coded answer for three vertices that is
# wrong for the path 1-2-3 (its value is 2: the first player wins).
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    if n == 3:
        print("Bob")
        return
    adj = [[] for _ in range(n + 1)]
    for i in range(n - 1):
        a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        adj[a].append(b)
        adj[b].append(a)

    def g(v, parent):
        x = 0
        for w in adj[v]:
            if w != parent:
                x ^= g(w, v) + 1
        return x

    print("Alice" if g(1, 0) else "Bob")


main()
