# Misbehaves: answers without reading its input.
print("Alice")
