import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import escaped, answer

# A judge pins each run to one core (DOMjudge does): the program and the children it
# starts run on that one core. Where the run is spread over more, it says so.
mine = os.sched_getaffinity(0)
if len(mine) != 1:
    escaped("runs on %d cores" % len(mine))
r, w = os.pipe()
if os.fork() == 0:
    os.write(w, repr(sorted(os.sched_getaffinity(0))).encode())
    os._exit(0)
os.wait()
child = os.read(r, 100).decode()
if child != repr(sorted(mine)):
    escaped("a child runs on %s, the program on %s" % (child, sorted(mine)))
answer()
