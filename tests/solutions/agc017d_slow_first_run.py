# AGC017D, correct, but its first run waits: it leaves a marker in the folder given as its
# first argument and sleeps, as a run on a busy machine waits for a core; a run that finds
# the marker answers at once. (Run without the sandbox, which gives every run an empty
# folder of its own.)
import os
import sys
import time

marker = os.path.join(sys.argv[1], "ran-once")
if not os.path.exists(marker):
    open(marker, "w").close()
    time.sleep(30)
sys.argv = sys.argv[:1]
here = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(here, "agc017d_correct.py")).read())
