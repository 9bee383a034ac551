import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, answer

# Memory that is no process's address space: a memfd's pages, written and kept.
fd = os.memfd_create("held")
chunk = b"x" * (1 << 20)
for _ in range(int(arg("mib"))):
    os.write(fd, chunk)
answer()
