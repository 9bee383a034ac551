# The setter's interactor for "take 1, 3 or 4" with several games per test ([tests] count):
# prints t, then plays each heap out after the contestant's side, to win; with a third
# argument (`weak`) it takes 1 whenever it moves. Used by tests/packages.rs (harden).
import sys

weak = len(sys.argv) > 3


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


words = open(sys.argv[1]).read().split()
t = int(words[0])
say(t)
for n in map(int, words[1 : 1 + t]):
    say(n)
    side = hear()
    if side not in ("First", "Second"):
        fail(2, "expected First or Second, found %r" % side)
    if (side == "First") == lost(n):
        fail(1, "chose the losing side %s for a heap of %d" % (side, n))
    heap, mine = n, side == "Second"
    while heap > 0:
        if mine:
            good = [k for k in (1, 3, 4) if k <= heap and lost(heap - k)]
            take = 1 if weak or not good else good[0]
            say(take)
        else:
            got = hear()
            if not got.isdigit() or int(got) not in (1, 3, 4) or int(got) > heap:
                fail(1, "bad move %r on a heap of %d" % (got, heap))
            take = int(got)
        heap -= take
        mine = not mine
    if not mine:
        fail(1, "the contestant lost a game")
open(sys.argv[2], "w").write("won\n")
