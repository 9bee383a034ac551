# Misbehaves: prints forever.
import sys
while True:
    sys.stdout.write("Alice\n" * 1000)
