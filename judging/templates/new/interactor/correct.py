# A heap of h stones has the Grundy value h mod 4. Take the winning side, then always
# leave a position whose values XOR to 0.
import sys

read = sys.stdin.readline
n = int(read())
a = list(map(int, read().split()))


def xor(heaps):
    x = 0
    for h in heaps:
        x ^= h % 4
    return x


def say(line):
    print(line, flush=True)  # flush, or the jury never sees the move


mine = xor(a) != 0
say("First" if mine else "Second")
while sum(a) > 0:
    if mine:
        i, k = next(
            (i, k)
            for i in range(n)
            for k in (1, 2, 3)
            if k <= a[i] and xor(a[:i] + [a[i] - k] + a[i + 1 :]) == 0
        )
        say("%d %d" % (i + 1, k))
    else:
        i, k = map(int, read().split())
        i -= 1
    a[i] -= k
    mine = not mine
