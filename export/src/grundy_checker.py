# The checker of a grundy package, written by `grundy testset` beside the tests where the
# judge has no comparison of its own that fits (testlib's checker convention:
# checker.py INPUT OUTPUT ANSWER; exit 0 accepted, 1 wrong answer, 2 presentation error,
# 3 the checker's own failure). It judges as grundy judges the package:
#   unordered  the same tokens in any order (as multisets);
#   floats     token by token, numbers equal within ABS absolute or REL relative (of the
#              answer's number), any other token exactly;
#   lines      line by line, each line's tokens equal;
#   tokens     token by token, lines do not matter;
#   moves      one line per test case, a winning first move of the game (any of them), or
#              the NONE word exactly when there is none. The moves of every test are in
#              winning-moves.txt beside this file, computed by grundy from the game's rules
#              when the tests were written: the test is found there by its input's FNV-1a
#              hash, so only the tests written with it can be judged;
#   interactive the interactor judged the game: its verdict stands, and what it wrote is
#              accepted.
import os
import sys

# GRUNDY_MODE


def verdict(code, message):
    sys.stderr.write(message + "\n")
    sys.exit(code)


def shown(s):
    return s if len(s) <= 64 else s[:61] + "..."


def read(path, what):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        verdict(3, "cannot read the %s %s: %s" % (what, path, e))


def text_lines(data):
    """The lines of a text as Rust's str::lines reads them."""
    lines = data.decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [l[:-1] if l.endswith("\r") else l for l in lines]


def fnv1a(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def table_of(digest):
    """The cases of the test whose input hashes to `digest`: for each, every move's label
    and the winning ones."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "winning-moves.txt")
    lines = text_lines(read(path, "table of winning moves"))
    k = 0
    while k < len(lines):
        head = lines[k].split()
        k += 1
        if len(head) == 3 and head[0] == "test" and head[1] == digest:
            cases = []
            for _ in range(int(head[2])):
                m = int(lines[k].split()[1])
                moves = [l[2:] for l in lines[k + 1 : k + 1 + m]]
                winning = [l[2:] for l in lines[k + 1 : k + 1 + m] if l.startswith("W ")]
                cases.append((moves, winning))
                k += 1 + m
            return cases
    verdict(3, "this input (FNV-1a %s) is not one of the tests in %s: the checker judges only the tests grundy wrote with it" % (digest, path))


def moves_verdict(inp, out):
    cases = table_of(fnv1a(inp))
    lines = text_lines(out)
    if NONE == "":
        # Empty lines are answers: each stands where there is no winning move (and missing
        # last lines count as empty ones).
        while len(lines) > len(cases) and lines[-1].strip() == "":
            lines.pop()
        lines += [""] * (len(cases) - len(lines))
    else:
        lines = [l for l in lines if l.strip()]
    if len(lines) != len(cases):
        verdict(2, "expected %d line(s), one move per test case, found %d" % (len(cases), len(lines)))
    for k, (line, (moves, winning)) in enumerate(zip(lines, cases)):
        at = "test case %d: " % (k + 1) if len(cases) > 1 else ""
        said = " ".join(line.split())
        if said == NONE:
            if winning:
                verdict(1, "%sprinted `%s` (no winning move), but `%s` wins" % (at, shown(said), winning[0]))
            continue
        if said not in moves:
            verdict(1, "%s`%s` is not a move of the start position" % (at, shown(said)))
        if said not in winning:
            if winning:
                verdict(1, "%s`%s` does not win (it leaves the opponent a winning position); winning moves: %s" % (at, shown(said), ", ".join("`%s`" % w for w in winning[:6])))
            verdict(1, "%s`%s` does not win: the start is lost, `%s` was expected" % (at, shown(said), NONE))
    verdict(0, "%d winning move(s)" % len(cases))


def number(s):
    try:
        x = float(s)
    except ValueError:
        return None
    return x if x == x and abs(x) != float("inf") else None


def compare(want, got):
    if MODE == "lines":
        w = [l.split() for l in text_lines(want)]
        g = [l.split() for l in text_lines(got)]
        while w and not w[-1]:
            w.pop()
        while g and not g[-1]:
            g.pop()
        for i, (x, y) in enumerate(zip(w, g)):
            if x != y:
                verdict(1, "line %d: expected '%s', found '%s'" % (i + 1, shown(" ".join(x)), shown(" ".join(y))))
        if len(w) != len(g):
            verdict(1, "expected %d lines, found %d" % (len(w), len(g)))
        verdict(0, "%d lines" % len(w))
    w = want.decode("utf-8", "replace").split()
    g = got.decode("utf-8", "replace").split()
    if MODE == "unordered":
        if sorted(w) != sorted(g):
            verdict(1, "expected %d tokens in any order, found %d tokens that differ from them" % (len(w), len(g)))
        verdict(0, "%d tokens in any order" % len(w))
    for i, (x, y) in enumerate(zip(w, g)):
        a = number(x) if MODE == "floats" else None
        if a is not None:
            b = number(y)
            if b is None:
                verdict(1, "token %d: expected the number %s, found '%s'" % (i + 1, shown(x), shown(y)))
            if abs(a - b) > ABS and abs(a - b) > REL * abs(a):
                verdict(1, "token %d: expected %s, found %s" % (i + 1, shown(x), shown(y)))
        elif x != y:
            verdict(1, "token %d: expected '%s', found '%s'" % (i + 1, shown(x), shown(y)))
    if len(w) != len(g):
        verdict(1, "expected %d tokens, found %d" % (len(w), len(g)))
    verdict(0, "%d tokens" % len(w))


def main():
    if len(sys.argv) < 4:
        verdict(3, "usage: checker.py INPUT OUTPUT ANSWER")
    inp = read(sys.argv[1], "input")
    out = read(sys.argv[2], "output")
    ans = read(sys.argv[3], "answer")
    if MODE == "interactive":
        verdict(0, "the interactor judged the game")
    if MODE == "moves":
        moves_verdict(inp, out)
    compare(ans, out)


try:
    main()
except Exception as e:  # a malformed table or answer: the checker's failure, not the contestant's
    verdict(3, "the checker failed: %r" % (e,))
