import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, escaped, answer

target = arg("file")
try:
    with open(target, "w") as f:
        f.write("written by a judged program\n")
    escaped("wrote " + target)
except OSError:
    pass
answer()
