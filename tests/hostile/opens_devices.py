import os, sys
sys.path.insert(0, sys.argv[1])
from hostile import escaped, answer

for dev in ["/dev/vda", "/dev/sda", "/dev/mem", "/dev/kmsg", "/dev/tty", "/dev/console"]:
    try:
        fd = os.open(dev, os.O_RDONLY | os.O_NONBLOCK)
        os.close(fd)
        escaped("opened " + dev)
    except OSError:
        pass
answer()
