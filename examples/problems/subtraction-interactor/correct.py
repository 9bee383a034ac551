# Take 1, 3 or 4: a heap h is lost for the player to move iff h mod 7 is 0 or 2. Take the
# winning side, then always leave a lost heap.
import sys

n = int(sys.stdin.readline())
lost = lambda h: h % 7 in (0, 2)
mine = not lost(n)
print("First" if mine else "Second", flush=True)
heap = n
while heap > 0:
    if mine:
        take = next(k for k in (1, 3, 4) if k <= heap and lost(heap - k))
        print(take, flush=True)
    else:
        take = int(sys.stdin.readline())
    heap -= take
    mine = not mine
