# WRONG (on purpose, for `grundy check` to catch): starts from an empty run of sum 0, so
# when every element is negative it prints 0 instead of the largest element.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1 : 1 + n]))
best = cur = 0
for x in a:
    cur = max(0, cur + x)
    best = max(best, cur)
print(best)
