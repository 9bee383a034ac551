import os, sys, time
sys.path.insert(0, sys.argv[1])
from hostile import arg, answer

# Two children burn CPU time and are never waited for (no wait call: each says on a pipe
# that it is done), while the program itself stays idle, then answers: the run used
# their CPU time together.
seconds = float(arg("seconds"))
done_r, done_w = os.pipe()
for _ in range(2):
    if os.fork() == 0:
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        os.write(done_w, b"d")
        time.sleep(60)
        os._exit(0)
os.close(done_w)
got = b""
while len(got) < 2:
    got += os.read(done_r, 2 - len(got))
answer()
