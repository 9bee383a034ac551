import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, escaped, answer

for path in [arg("file"), "/etc/shadow", os.path.expanduser("~root/.bashrc")]:
    try:
        with open(path) as f:
            f.read(1)
        escaped("read " + path)
    except OSError:
        pass
# (The folders above the program's own files are there, holding just those: a listing of
# `/root` shows `.pyenv` where the interpreter is there.)
for folder in [arg("folder"), "/home", "/var"]:
    try:
        if os.listdir(folder):
            escaped("listed " + folder)
    except OSError:
        pass
answer()
