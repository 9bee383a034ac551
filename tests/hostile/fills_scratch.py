import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, escaped, answer

cap = int(arg("mib"))
written = 0
block = b"x" * (1 << 20)
try:
    with open("fill", "wb") as f:
        while written < 2 * cap:
            f.write(block)
            f.flush()
            written += 1
except OSError:
    pass
try:
    os.remove("fill")
except OSError:
    pass
if written >= 2 * cap:
    escaped("wrote %d MiB to its folder" % written)
answer()
