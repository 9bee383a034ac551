# The model solution (Kadane): the best sum of a run ending at each element.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
best = ending = None
for t in data[1 : 1 + n]:
    x = int(t)
    ending = x if ending is None or ending < 0 else ending + x
    best = ending if best is None or ending > best else best
print(best)
