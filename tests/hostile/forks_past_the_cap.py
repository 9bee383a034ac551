import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
from hostile import arg, escaped, answer

cap = int(arg("cap"))
kids = []
try:
    while len(kids) < 4 * cap:
        pid = os.fork()
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        kids.append(pid)
except OSError:
    pass
for k in kids:
    os.kill(k, signal.SIGKILL)
    os.waitpid(k, 0)
if len(kids) >= cap:
    escaped("held %d processes" % (len(kids) + 1))
answer()
