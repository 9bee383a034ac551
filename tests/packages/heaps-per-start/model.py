import sys

data = sys.stdin.buffer.read().split()
k = int(data[0])
print(" ".join("First" if int(h) % 3 else "Second" for h in data[1 : 1 + k]))
