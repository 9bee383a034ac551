# The setter's interactor (testlib's convention): argv[1] is the test's input, argv[2] a
# file for its own output; the contestant is on stdin/stdout. It prints the input, reads
# the side (First/Second), then plays perfectly (a heap of h stones has the Grundy value
# h mod 4). Exit 0 when the contestant took the winning side and won, 1 (WA) otherwise,
# 2 (PE) for a malformed line, 3 when the interactor itself fails.
import sys


def fail(code, why):
    sys.stderr.write(why + "\n")
    sys.exit(code)


def say(line):
    print(line, flush=True)


def hear():
    line = sys.stdin.readline()
    if not line:
        fail(1, "the contestant stopped mid-game")
    return line.strip()


def xor(heaps):
    x = 0
    for h in heaps:
        x ^= h % 4
    return x


try:
    tokens = open(sys.argv[1]).read().split()
    n = int(tokens[0])
    a = [int(t) for t in tokens[1 : 1 + n]]
except (IndexError, ValueError, OSError) as e:
    fail(3, "cannot read the test's input: %s" % e)
say(n)
say(" ".join(map(str, a)))
side = hear()
if side not in ("First", "Second"):
    fail(2, "expected First or Second, found %r" % side)
if (side == "First") != (xor(a) != 0):
    fail(1, "took the losing side %s" % side)
mine = side == "Second"
while sum(a) > 0:
    if mine:
        i, k = next(
            ((i, k) for i in range(n) for k in (1, 2, 3)
             if k <= a[i] and xor(a[:i] + [a[i] - k] + a[i + 1 :]) == 0),
            next((i, 1) for i in range(n) if a[i] > 0),
        )
        say("%d %d" % (i + 1, k))
    else:
        words = hear().split()
        if len(words) != 2 or not all(w.isdigit() for w in words):
            fail(2, "expected a move \"i k\", found %r" % " ".join(words))
        i, k = int(words[0]) - 1, int(words[1])
        if not (0 <= i < n and k in (1, 2, 3) and k <= a[i]):
            fail(1, "cannot take %d from heap %d" % (k, i + 1))
    a[i] -= k
    mine = not mine
# The player to move (`mine`: the interactor) has no move left: it lost.
if not mine:
    fail(1, "the contestant lost")
open(sys.argv[2], "w").write("won\n")
