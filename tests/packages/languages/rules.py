# Bounded Nim: take 1, 2 or 3 stones from one heap. The state is the heaps in order; a
# move is printed "heap stones".


def start(case):
    return tuple(case.a)


def moves(heaps):
    return [(f"{i + 1} {k}", heaps[:i] + (h - k,) + heaps[i + 1:])
            for i, h in enumerate(heaps) for k in (1, 2, 3) if k <= h]


def canonical(heaps):  # the order of the heaps does not matter
    return tuple(sorted(heaps))
