# Node Kayles: a move takes a vertex together with all its neighbours.
# The state is the set of vertices left; the graph is kept from start().


def start(case):
    global adj
    adj = case.graph.adj  # adj[v]: the neighbours of vertex v (1-based)
    return frozenset(range(1, case.graph.n + 1))


def moves(left):
    return [(v, left - {v} - set(adj[v])) for v in sorted(left)]
