# WRONG: the normal-play rule (the XOR is not 0) applied to misère Nim; it fails when
# every heap has at most one stone.
n, *a = map(int, open(0).read().split())
x = 0
for h in a:
    x ^= h
print("First" if x else "Second")
