# A heap of h stones has the Grundy value h mod 4; the first player wins when the XOR of
# the values is not 0.
n = int(input())
a = list(map(int, input().split()))
x = 0
for h in a:
    x ^= h % 4
print("First" if x else "Second")
