"""A package's checker (testlib's `checker INPUT OUTPUT ANSWER`) that tries what package
code must not do: write a file on the host, read a file of the host. The host paths are
written into its source by the test (`WRITE`, `READ`), never given as arguments (an
argument would be bound read-only). Where an action works it says so and exits 1 (WA, so
the check fails); else it compares the output with the answer, as a checker does."""
import sys

WRITE = "{write}"
READ = "{read}"

for what, act in [
    ("wrote " + WRITE, lambda: open(WRITE, "w").write("escaped\n")),
    ("read " + READ, lambda: open(READ).read(1)),
]:
    try:
        act()
        print("ESCAPED: " + what, file=sys.stderr)
        sys.exit(1)
    except OSError:
        pass
_, output, answer = sys.argv[1:4]
sys.exit(0 if open(output).read().split() == open(answer).read().split() else 1)
