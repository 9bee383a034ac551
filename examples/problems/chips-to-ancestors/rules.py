# Chips on a rooted tree: a move takes one chip to any proper ancestor of its vertex.
# A state is the sorted tuple of the chips' vertices; each chip moves on its own, so a
# state splits into one part per chip.


def start(case):
    global parent
    parent = case.tree.parent  # parent[v] (0 for the root, vertex 1)
    return tuple(sorted(case.chips))


def moves(chips):
    out = []
    for i, v in enumerate(chips):
        if i > 0 and chips[i - 1] == v:
            continue  # the same move as the chip before it
        a = parent[v]
        while a:
            rest = chips[:i] + chips[i + 1:] + (a,)
            out.append(("%d %d" % (v, a), tuple(sorted(rest))))
            a = parent[a]
    return out


def components(chips):
    return [(v,) for v in chips]
