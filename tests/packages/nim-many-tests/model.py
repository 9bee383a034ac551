import sys

data = sys.stdin.buffer.read().split()
t, pos = int(data[0]), 1
out = []
for _ in range(t):
    n = int(data[pos])
    x = 0
    for a in data[pos + 1 : pos + 1 + n]:
        x ^= int(a)
    pos += 1 + n
    out.append("First" if x else "Second")
print("\n".join(out))
