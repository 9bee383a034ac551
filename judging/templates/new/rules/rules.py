# The rules of the game, nothing else: grundy's oracle does the game theory.
# A state is a tuple of heap sizes; a move takes 1, 2 or 3 stones from one heap.


def start(case):
    # case.n and case.a: the input as problem.toml's [[input]] items read it.
    return tuple(case.a)


def moves(heaps):
    # Every move as (label, next state). The label is how a player names the move,
    # here "i k": take k stones from heap i (1-based).
    out = []
    for i, h in enumerate(heaps):
        for k in (1, 2, 3):
            if k <= h:
                out.append(((i + 1, k), heaps[:i] + (h - k,) + heaps[i + 1 :]))
    return out


def canonical(heaps):
    # Optional: the order of the heaps does not matter, so sorted heaps stand for all
    # their orders (fewer states to search).
    return tuple(sorted(heaps))
