# A WEAK interactor for "take 1, 3 or 4" (testlib's convention, like interactor.py): it
# judges the side and the moves, but plays its first legal move (it always takes 1)
# instead of a winning one, so a contestant that errs can still win. `grundy harden`
# flags it.
import sys


def lost(h):
    return h % 7 in (0, 2)


def say(line):
    print(line, flush=True)


def fail(code, why):
    sys.stderr.write(why + "\n")
    sys.exit(code)


def hear():
    line = sys.stdin.readline()
    if not line:
        fail(1, "the contestant stopped mid-game")
    return line.strip()


n = int(open(sys.argv[1]).read().split()[0])
say(n)
side = hear()
if side not in ("First", "Second"):
    fail(2, "expected First or Second, found %r" % side)
if (side == "First") == lost(n):
    fail(1, "chose the losing side %s for a heap of %d" % (side, n))
heap, mine = n, side == "Second"
while heap > 0:
    if mine:
        take = 1  # the weakness: not a winning move
        say(take)
    else:
        got = hear()
        if not got.isdigit():
            fail(2, "expected a move (1, 3 or 4), found %r" % got)
        take = int(got)
        if take not in (1, 3, 4) or take > heap:
            fail(1, "took %d from a heap of %d" % (take, heap))
    heap -= take
    mine = not mine
# The player to move (`mine`: the interactor) has no move: it lost.
if not mine:
    fail(1, "the contestant lost")
open(sys.argv[2], "w").write("won\n")
