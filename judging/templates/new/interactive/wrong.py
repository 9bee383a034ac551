# WRONG (on purpose, for `grundy check` to catch): takes the right side, then plays as in
# Nim (values XOR of the heaps themselves), so from 4 stones on it can leave a won
# position to the jury.
import sys

read = sys.stdin.readline
n = int(read())
a = list(map(int, read().split()))


def xor(heaps, mod):
    x = 0
    for h in heaps:
        x ^= h % mod
    return x


def say(line):
    print(line, flush=True)


mine = xor(a, 4) != 0
say("First" if mine else "Second")
while sum(a) > 0:
    if mine:
        moves = [(i, k) for i in range(n) for k in (1, 2, 3) if k <= a[i]]
        good = [m for m in moves if xor(a[: m[0]] + [a[m[0]] - m[1]] + a[m[0] + 1 :], 1 << 30) == 0]
        i, k = (good or moves)[0]
        say("%d %d" % (i + 1, k))
    else:
        i, k = map(int, read().split())
        i -= 1
    a[i] -= k
    mine = not mine
