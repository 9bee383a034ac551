# Nim: take any positive number of stones from one heap (misère play is set in
# problem.toml). The state is the heaps in order; a move is printed "heap stones".


def start(case):
    return tuple(case.a)


def moves(heaps):
    return [(f"{i + 1} {k}", heaps[:i] + (h - k,) + heaps[i + 1:])
            for i, h in enumerate(heaps) for k in range(1, h + 1)]


def canonical(heaps):  # the order of the heaps does not matter
    return tuple(sorted(heaps))
