# Misbehaves: closes its standard output at once, then keeps working and exits 0.
import os, sys, time
os.close(1)
sys.stdin.read()
time.sleep(0.1)
