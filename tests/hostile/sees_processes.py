import os, signal, sys
sys.path.insert(0, sys.argv[1])
from hostile import escaped, answer

pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
for pid in pids:
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            cmd = f.read().split(b"\0")
    except OSError:
        continue
    # grundy itself, or the launcher it starts the program with.
    if cmd and cmd[0].endswith(b"grundy"):
        try:
            os.kill(pid, signal.SIGSTOP)
            escaped("stopped grundy (pid %d)" % pid)
        except OSError:
            pass
if len(pids) > 3:
    escaped("saw %d processes" % len(pids))
try:
    os.kill(os.getppid(), signal.SIGSTOP)
except OSError:
    pass
answer()
