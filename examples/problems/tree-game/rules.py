# Tree Game (AGC010 F) by its rules. The first player chooses the start, so the rules give
# `starts(case)`: one (label, state) pair per vertex, each a position with the first player
# to move. A state is (the piece's vertex, the stones of every vertex).

ADJ = []


def starts(case):
    global ADJ
    ADJ = case.tree.adj
    stones = tuple(case.a)
    return [(v, (v, stones)) for v in range(1, case.n + 1)]


def moves(state):
    v, stones = state
    if stones[v - 1] == 0:
        return []
    left = stones[: v - 1] + (stones[v - 1] - 1,) + stones[v:]
    return [(u, (u, left)) for u in ADJ[v]]
