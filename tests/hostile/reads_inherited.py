import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import escaped, answer

# Every descriptor above the standard streams (the caller of grundy left some open, not
# close-on-exec: a file and a folder): read through one, or look around from one.
for name in sorted(os.listdir("/proc/self/fd"), key=int):
    fd = int(name)
    if fd <= 2:
        continue
    try:
        os.fstat(fd)
    except OSError:
        continue  # the listing's own descriptor, closed by now
    try:
        if os.read(fd, 64):
            escaped("read inherited descriptor %d" % fd)
    except OSError:
        pass
    try:
        os.fchdir(fd)
        escaped("entered an inherited folder through descriptor %d: %s" % (fd, os.listdir(".")[:3]))
    except OSError:
        pass
answer()
