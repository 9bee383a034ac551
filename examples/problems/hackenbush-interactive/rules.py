# Green Hackenbush on a tree rooted at vertex 1: a move cuts an edge; the edges no longer
# connected to the root go with it.
#
# The game in play is a frozenset of the edges left (their numbers in input order), so
# that its moves are printed as the input's edges ("u v"). For the search, a part is put
# in canonical form: the shape of the forest hanging from the root, a sorted tuple of
# trees, each tree the sorted tuple of its children's trees. Equal shapes are equal
# games, so the search meets far fewer states.


def start(case):
    global ends, below, branch, shape_of
    t = case.tree
    ends = [tuple(e) for e in t.edges]  # edge i as written in the input
    child = [b if t.parent[b] == a else a for a, b in ends]
    edge_above = {c: i for i, c in enumerate(child)}
    below = [None] * len(ends)  # below[i]: the edges under edge i, itself included
    for v in reversed(t.order):  # children before parents
        if v in edge_above:
            sub = {edge_above[v]}
            for w in t.children[v]:
                sub |= below[edge_above[w]]
            below[edge_above[v]] = frozenset(sub)
    branch = [0] * len(ends)  # branch[i]: the root edge above edge i
    for v in t.order:
        if v in edge_above:
            p = t.parent[v]
            branch[edge_above[v]] = edge_above[v] if p == 1 else branch[edge_above[p]]

    def shape_of(left):
        """The shape of the forest of `left` (edges) hanging from the root."""
        kids = {}
        for i in left:
            kids.setdefault(t.parent[child[i]], []).append(child[i])
        shape = {}
        for v in reversed(t.order):
            shape[v] = tuple(sorted(shape[w] for w in kids.get(v, [])))
        return shape[1]

    return frozenset(range(len(ends)))


def forest_moves(forest):
    """Every forest one cut away: a tree removed, or a cut inside one."""
    out = set()
    for i, tree in enumerate(forest):
        if i and forest[i - 1] == tree:
            continue
        rest = forest[:i] + forest[i + 1:]
        out.add(rest)
        for smaller in forest_moves(tree):
            out.add(tuple(sorted(rest + (smaller,))))
    return out


def moves(state):
    if isinstance(state, frozenset):
        return [("%d %d" % ends[i], state - below[i]) for i in sorted(state)]
    # A shape (searched only, never played): its moves need no meaningful labels.
    return [(str(k), f) for k, f in enumerate(sorted(forest_moves(state)))]


def components(state):
    if isinstance(state, frozenset):
        parts = {}
        for i in state:
            parts.setdefault(branch[i], set()).add(i)
        return [frozenset(p) for p in parts.values()]
    return [(tree,) for tree in state]


def canonical(state):
    return shape_of(state) if isinstance(state, frozenset) else state
