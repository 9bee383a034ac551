# Wrong: removes only the chosen vertex, forgetting its neighbours. Then every game lasts
# exactly n moves, and the answer is the parity of n.
import sys

n = int(sys.stdin.read().split()[0])
print("First" if n % 2 == 1 else "Second")
