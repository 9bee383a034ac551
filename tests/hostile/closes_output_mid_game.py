"""An interactive contestant (node-kayles-interactive) that reads its input, closes its
output before it says a side, and then waits on its input, alive. The jury must see its
output end (a WA: it stopped mid-game), not wait for a line until a time limit: no copy
of the pipe may be left open by the launcher or the sandbox's init."""
import os
import sys
import time

sys.stdin.readline()
os.close(1)
sys.stdin.read()
time.sleep(30)
