# WRONG: takes the period of the values for 4 (a guess from 0 1 0 1), so a move wins when
# it leaves a heap n with n mod 4 in {0, 2}.
n = int(input())
wins = [k for k in (1, 3, 4) if k <= n and (n - k) % 4 in (0, 2)]
print("\n".join(map(str, wins)) if wins else -1)
