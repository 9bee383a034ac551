# agc017d, wrong and fat: always answers Alice, after touching 96 MiB of memory. Guards
# that a report's peak memory is the program's own (at least 96 MiB here), not grundy's.
import sys

sys.stdin.read()
block = bytearray(96 << 20)
for i in range(0, len(block), 4096):
    block[i] = 1
print("Alice")
