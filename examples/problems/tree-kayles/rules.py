# Node Kayles on a tree: a move takes a vertex together with its neighbours; the player
# who cannot move loses. What is left falls apart into subtrees played independently:
# `components` splits a position into them (grundy XORs their values), and `canonical`
# renumbers each subtree by its shape, so that every subtree of the same shape is one
# state. A 60-vertex tree is then answered in about a second; the same rules without
# them explore hundreds of thousands of vertex sets.
#
# A state is (vertices, edges): a frozenset of vertex ids and a frozenset of pairs (a, b)
# with a < b. The start keeps the input's ids, so its moves are labelled by them.


def start(case):
    edges = frozenset((min(a, b), max(a, b)) for a, b in case.tree.edges)
    return frozenset(range(1, case.tree.n + 1)), edges


def neighbours(state):
    vertices, edges = state
    adj = {v: [] for v in vertices}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def moves(state):
    vertices, edges = state
    adj = neighbours(state)
    out = []
    for v in sorted(vertices):
        gone = {v, *adj[v]}
        left = frozenset(u for u in vertices if u not in gone)
        out.append((v, (left, frozenset(e for e in edges if e[0] in left and e[1] in left))))
    return out


def components(state):
    vertices, edges = state
    adj = neighbours(state)
    parts, seen = [], set()
    for v in vertices:
        if v in seen:
            continue
        seen.add(v)
        part, stack = [v], [v]
        while stack:
            for w in adj[stack.pop()]:
                if w not in seen:
                    seen.add(w)
                    part.append(w)
                    stack.append(w)
        part = frozenset(part)
        parts.append((part, frozenset(e for e in edges if e[0] in part)))
    return parts


def canonical(state):
    """The tree renumbered 0..k-1 in the preorder of its canonical shape (AHU codes,
    rooted at the centre giving the smaller code)."""
    adj = neighbours(state)
    if not adj:
        return state
    # The centre(s): peel leaves layer by layer.
    degree = {v: len(ws) for v, ws in adj.items()}
    layer = [v for v, d in degree.items() if d <= 1]
    left = len(adj)
    while left > 2:
        left -= len(layer)
        nxt = []
        for v in layer:
            for w in adj[v]:
                degree[w] -= 1
                if degree[w] == 1:
                    nxt.append(w)
        layer = nxt
    best = None
    for root in layer:
        order, parent = [root], {root: None}
        for v in order:
            for w in adj[v]:
                if w != parent[v]:
                    parent[w] = v
                    order.append(w)
        code, kids = {}, {v: [] for v in order}
        for v in reversed(order):
            kids[v].sort(key=lambda w: code[w])
            code[v] = "(" + "".join(code[w] for w in kids[v]) + ")"
            if parent[v] is not None:
                kids[parent[v]].append(v)
        if best is None or code[root] < best[0]:
            best = (code[root], root, kids)
    _, root, kids = best
    number, stack = {}, [root]
    while stack:
        v = stack.pop()
        number[v] = len(number)
        stack.extend(reversed(kids[v]))
    return (frozenset(range(len(number))),
            frozenset((min(number[a], number[b]), max(number[a], number[b])) for a, b in state[1]))
