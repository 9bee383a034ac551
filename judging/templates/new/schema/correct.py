# Kadane's algorithm, written as a contestant would.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1 : 1 + n]))
best = cur = a[0]
for x in a[1:]:
    cur = max(x, cur + x)
    best = max(best, cur)
print(best)
