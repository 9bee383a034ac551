import os, sys, time
sys.path.insert(0, sys.argv[1])
from hostile import arg, answer

# Eight children each hold MIB of memory at once: each under the limit, all of them
# together far over it.
mib = int(arg("mib"))
kids = []
for _ in range(8):
    pid = os.fork()
    if pid == 0:
        held = bytearray(mib << 20)
        time.sleep(1.0)
        os._exit(0)
    kids.append(pid)
for k in kids:
    os.waitpid(k, 0)
answer()
