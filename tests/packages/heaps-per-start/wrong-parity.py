# Takes the game for a parity game: wrong on heaps of 2 (and more).
import sys

data = sys.stdin.buffer.read().split()
k = int(data[0])
print(" ".join("First" if int(h) % 2 else "Second" for h in data[1 : 1 + k]))
