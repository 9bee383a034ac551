import os, socket, sys
sys.path.insert(0, sys.argv[1])
from hostile import arg, escaped, answer

try:
    s = socket.create_connection(("127.0.0.1", int(arg("port"))), timeout=2)
    s.sendall(b"hello from a judged program\n")
    escaped("connected to 127.0.0.1:" + arg("port"))
except OSError:
    pass
answer()
