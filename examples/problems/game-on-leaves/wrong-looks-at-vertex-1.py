# WRONG: reads x but looks at vertex 1 instead (a classic slip): right whenever
# vertex 1 and x have the same degree class.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    pos = 0
    t = int(data[pos]); pos += 1
    out = []
    for _ in range(t):
        n, x = int(data[pos]), int(data[pos + 1]); pos += 2
        degree = [0] * (n + 1)
        for _ in range(n - 1):
            a, b = int(data[pos]), int(data[pos + 1]); pos += 2
            degree[a] += 1
            degree[b] += 1
        first_wins = degree[1] <= 1 or n % 2 == 0
        out.append("Ayush" if first_wins else "Ashish")
    print("\n".join(out))


main()
