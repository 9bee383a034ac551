# A chip on a directed graph: a move slides it along an arc; the state is its vertex.


def start(case):
    global arcs
    arcs = {}
    for a, b in case.graph.edges:  # in input order, as written: a -> b
        arcs.setdefault(a, []).append(b)
    return 1


def moves(v):
    return [(w, w) for w in sorted(set(arcs.get(v, [])))]
