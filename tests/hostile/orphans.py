import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, answer

# A child in a session of its own, orphaned: it must not outlive the run.
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", arg("seconds")])
    os._exit(0)
answer()
