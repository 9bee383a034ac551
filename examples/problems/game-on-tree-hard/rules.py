# The rules of Codeforces 1970 C3: a stone on the round's start node, which is activated;
# a move takes the stone to an inactive neighbour and activates it. On a tree the active
# nodes are the path the stone came along, so a state is the stone's node and the node it
# came from (0 at the start): it can never go back.


def starts(case):
    global ADJ
    ADJ = case.tree.adj
    # One start per round, in input order; a node may start several rounds.
    return [(u, (u, 0)) for u in case.u]


def moves(state):
    v, came = state
    return [(w, (w, v)) for w in ADJ[v] if w != came]
