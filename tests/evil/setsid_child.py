# Evil: forks a child that calls setsid() (leaving the judged process group) and sleeps
# for argv[1] seconds, its stdout still the judge's pipe ("keep") or /dev/null ("devnull");
# the parent then answers agc017d correctly by running the solution named in argv[3].
# Guards: the run ends when the program ends, never at pipe EOF; the child is killed.
import os
import sys

seconds, mode, correct = sys.argv[1], sys.argv[2], sys.argv[3]
if os.fork() == 0:
    os.setsid()
    if mode == "devnull":
        fd = os.open("/dev/null", os.O_RDWR)
        for k in (0, 1, 2):
            os.dup2(fd, k)
    # A grandchild as well, so killing one level is not enough.
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", seconds])
    os.execvp("sleep", ["sleep", seconds])
os.execvp("python3", ["python3", correct])
