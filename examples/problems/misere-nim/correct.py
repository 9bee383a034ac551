# Misère Nim (Bouton): if every heap has at most one stone, the first player wins exactly
# when the number of one-stone heaps is even; otherwise exactly when the XOR is not 0.
n, *a = map(int, open(0).read().split())
x = 0
for h in a:
    x ^= h
if max(a) <= 1:
    print("First" if a.count(1) % 2 == 0 else "Second")
else:
    print("First" if x else "Second")
