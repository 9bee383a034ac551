# Fails once, then answers right: its first run creates the file named by its first
# argument and prints a wrong answer; every later run finds the file and runs the correct
# solution named by its second argument. A flaky failure, as made by time or load (run
# with --sandbox none, so that the file outlives the run).
import os
import sys

marker, correct = sys.argv[1], sys.argv[2]
if not os.path.exists(marker):
    open(marker, "w").close()
    sys.stdin.read()
    print("Nobody")
else:
    sys.argv = [correct]
    exec(compile(open(correct).read(), correct, "exec"))
