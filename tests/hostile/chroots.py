import ctypes, os, sys
sys.path.insert(0, sys.argv[1])
from hostile import escaped, answer

try:
    os.chroot("/usr")
    escaped("chrooted")
except OSError:
    pass
libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
if libc.unshare(CLONE_NEWUSER) == 0:
    escaped("made a user namespace")
if libc.unshare(CLONE_NEWNS) == 0:
    escaped("made a mount namespace")
try:
    os.setuid(0)
    if libc.mount(b"none", b"/usr", b"tmpfs", 0, None) == 0:
        escaped("mounted over /usr")
except OSError:
    pass
answer()
