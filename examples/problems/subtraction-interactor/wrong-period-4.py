# WRONG: a period of 4 guessed from the first values: a heap h is taken as lost iff
# h mod 4 is 0 or 2. Otherwise as correct.py.
import sys

n = int(sys.stdin.readline())
lost = lambda h: h % 4 in (0, 2)  # the mistake
mine = not lost(n)
print("First" if mine else "Second", flush=True)
heap = n
while heap > 0:
    if mine:
        take = next((k for k in (1, 3, 4) if k <= heap and lost(heap - k)), 1)
        print(take, flush=True)
    else:
        take = int(sys.stdin.readline())
    heap -= take
    mine = not mine
