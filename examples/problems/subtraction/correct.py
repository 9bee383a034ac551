# The values of the subtraction game {1, 3, 4} repeat with period 7: 0 1 0 1 2 3 2. A move
# wins when it leaves a heap n with n mod 7 in {0, 2}.
n = int(input())
wins = [k for k in (1, 3, 4) if k <= n and (n - k) % 7 in (0, 2)]
print("\n".join(map(str, wins)) if wins else -1)
