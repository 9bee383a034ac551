"""Shared by the hostile programs (`X.py HOSTILE_DIR SOLUTION key=value…`): the
arguments, and the two endings."""
import runpy
import sys

SOLUTION = sys.argv[2]


def arg(key):
    for a in sys.argv[3:]:
        if a.startswith(key + "="):
            return a[len(key) + 1:]
    return None


def escaped(what):
    print("ESCAPED: " + what)
    sys.stdout.flush()
    sys.exit(0)


def answer():
    sys.argv = [SOLUTION]
    runpy.run_path(SOLUTION, run_name="__main__")
