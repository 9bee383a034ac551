# grundy's rules worker: runs a package's rules file and answers grundy's requests, one
# JSON line each way. Shipped inside grundy (src/rules_shim.py) and written next to each
# worker when it starts; the game theory is done by grundy, not here.
#
# Requests:  {"op": "start", "case": CASE, "plain": BOOL, "begin": BEGIN, "one": K or absent}
#                        -> {"ok": [ID or null, HAS_COMPONENTS_OR_CANONICAL, STARTS or null]}
#            {"op": "expand", "ids": [ID, ...]}             -> =MOVES (not JSON: see below)
#            {"op": "labels", "id": ID}                     -> {"ok": [LABEL, ...]}
#            {"op": "play", "id": ID}                       -> {"ok": [[LABEL, ID, [ID, ...]], ...]}
#            {"op": "describe", "id": ID}                   -> {"ok": TEXT}
# Errors:    {"err": KIND, "message": TEXT, "state": TEXT or null}
# MOVES: the batch's states separated by ";", a state's moves by " ", a move's parts (state
# numbers) by ",", "_" for a move to the empty position. Labels are checked here (one line,
# unique within a state) and sent only when asked for, so a move costs a few bytes.
# A state is interned (numbered) the first time it is met; a state after a move is split
# by components() (unless plain) and each part put in canonical form (unless plain).
# BEGIN is "start" (start(case)), "choose" or "each". With "choose" (answer =
# "winning-starts"), the start is a choice node whose moves are the rules' starts(case):
# (label, state) pairs, each state a position with the first player to move; a start wins
# when the position it leads to is won by the player to move. With "each" (per =
# "start"), the same choice node, its moves numbered 1, 2, ... (starts may repeat); with
# "one": K too, the K-th start (from 0) alone is the start (null past the last). STARTS is
# how many starts there are.

import gc
import json
import os
import sys
import traceback


class Fault(Exception):
    def __init__(self, kind, message, state=None):
        Exception.__init__(self, message)
        self.kind = kind
        self.message = message
        self.state = state


class Choice(object):
    """The node before the game: the first player's choice of a start."""

    def __repr__(self):
        return "the first player's choice of a start (starts(case))"


NO_STARTS = {
    "choose": "`answer = \"winning-starts\"` asks which starts win: the rules file must "
              "define `starts(case)`, a list of (label, state) pairs, one per start the "
              "first player may choose",
    "each": "`per = \"start\"` asks for one answer per start: the rules file must define "
            "`starts(case)`, a list of (label, state) pairs, one per start (a round, a "
            "query) in the order the answers are printed",
}


class Record(dict):
    """A dict whose keys are also attributes: case.n, case.tree.parent."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def rooted(n, edges):
    adj = [[] for _ in range(n + 1)]
    for a, b in edges:
        adj[a].append(b)
        if a != b:
            adj[b].append(a)
    parent = [0] * (n + 1)
    children = [[] for _ in range(n + 1)]
    depth = [0] * (n + 1)
    order = [1] if n >= 1 else []
    seen = [False] * (n + 1)
    if n >= 1:
        seen[1] = True
    i = 0
    while i < len(order):
        v = order[i]
        i += 1
        for w in adj[v]:
            if not seen[w]:
                seen[w] = True
                parent[w] = v
                depth[w] = depth[v] + 1
                children[v].append(w)
                order.append(w)
    return adj, parent, children, depth, order


def make_case(raw):
    case = Record()
    for key, value in raw.items():
        if isinstance(value, dict) and value.get("kind") in ("tree", "graph"):
            n = value["n"]
            edges = [tuple(e) for e in value["edges"]]
            adj, parent, children, depth, order = rooted(n, edges)
            item = Record(n=n, edges=edges, adj=adj, weights=value.get("weights", []))
            if value["kind"] == "tree":
                item.update(parent=parent, children=children, depth=depth, order=order)
            case[key] = item
        else:
            case[key] = value
    return case


def short(state, limit=200):
    try:
        text = repr(state)
    except BaseException:
        text = "<a state whose repr() fails>"
    return text if len(text) <= limit else text[:limit] + "..."


def last_lines(limit=8):
    """The traceback of the exception being handled, without the shim's own frames."""
    kind, value, tb = sys.exc_info()
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    lines = "".join(traceback.format_exception(kind, value, tb)).rstrip().splitlines()
    return "\n".join(lines[-limit:])


def main():
    path = sys.argv[1]
    proto = os.fdopen(os.dup(1), "w")
    # Whatever the rules print goes to stderr, never into the protocol.
    sys.stdout = sys.stderr
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    ns = {"__name__": "__rules__", "__file__": path}

    def reply(obj):
        proto.write(json.dumps(obj))
        proto.write("\n")
        proto.flush()

    try:
        with open(path) as f:
            code = compile(f.read(), path, "exec")
        exec(code, ns)
    except BaseException:
        load_error = last_lines()
    else:
        load_error = None
    start = ns.get("start")
    rule_moves = ns.get("moves")
    starts = ns.get("starts")
    components = ns.get("components")
    canonical = ns.get("canonical")
    if load_error is None:
        if starts is not None and not callable(starts):
            load_error = "`starts` in the rules file is not a function `starts(case)`"
        wanted = (("moves", rule_moves),) if starts is not None else (
            ("start", start), ("moves", rule_moves))
        for name, fn in wanted:
            if not callable(fn):
                load_error = "the rules file defines no function `%s(%s)`" % (
                    name, "case" if name == "start" else "state")
    # The choice node of the test case being searched and its moves (the starts).
    choice = [None, None]

    def moves(s):
        if s is choice[0]:
            return choice[1]
        return rule_moves(s)

    if starts is None:
        moves = rule_moves

    ids = {}
    states = []
    ids_get = ids.get
    states_append = states.append
    plain = [False]

    def intern(s):
        try:
            i = ids.get(s)
        except TypeError as e:
            raise Fault("unhashable", "a state cannot be hashed (%s); use tuples and "
                        "frozensets, not lists, sets or dicts" % e, short(s))
        if i is None:
            i = len(states)
            ids[s] = i
            states.append(s)
        return i

    def parts(s):
        if components is not None and not plain[0]:
            pieces = components(s)
            try:
                pieces = list(pieces)
            except TypeError:
                raise Fault("bad-components", "components() must return a list of "
                            "states, not %s" % short(pieces), short(s))
        else:
            pieces = [s]
        if canonical is not None and not plain[0]:
            pieces = [canonical(p) for p in pieces]
        return [intern(p) for p in pieces]

    def listed(state):
        """The moves of `state` as (label, next) pairs, their shape checked."""
        got = moves(state)
        if got is None:
            raise Fault("bad-moves", "moves() returned None (return a list of "
                        "(label, next_state) pairs, [] when there is no move)", short(state))
        try:
            return [(label, nxt) for label, nxt in got]
        except (TypeError, ValueError):
            not_a_pair(got, state)
            raise

    def not_a_pair(got, state):
        """Raises the fault of the first move of `got` that is not a (label, state) pair."""
        for mv in got:
            try:
                label, nxt = mv
            except (TypeError, ValueError):
                raise Fault("bad-moves", "a move must be a pair (label, next_state), "
                            "not %s" % short(mv), short(state))

    def text(label, state):
        """A move's label as printed: a string, an integer or a tuple of them, one line."""
        if type(label) is str or type(label) is int:
            out = str(label)
        elif isinstance(label, (int, str)) and not isinstance(label, bool):
            out = str(label)
        elif isinstance(label, tuple) and all(isinstance(x, (int, str)) for x in label):
            out = " ".join(str(x) for x in label)
        else:
            raise Fault("bad-moves", "a move's label must be a string, an integer or a "
                        "tuple of them, not %s" % short(label), short(state))
        if "\n" in out:
            raise Fault("bad-moves", "a move's label must be one line: %r" % out, short(state))
        return out

    def check_labels(labels, state):
        """Refuses a malformed label, and two moves of `state` printed the same way."""
        if len(labels) < 2:
            if labels and type(labels[0]) is not int:
                text(labels[0], state)
            return
        kinds = set(map(type, labels))
        if kinds == {int} and len(set(labels)) == len(labels):
            return
        seen = set()
        for label in labels:
            key = text(label, state)
            if key in seen:
                raise Fault("duplicate-label", key, short(state))
            seen.add(key)

    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        current = None
        if load_error is not None:
            reply({"err": "load", "message": load_error, "state": None})
            continue
        try:
            if op == "start":
                ids.clear()
                del states[:]
                gc.unfreeze()
                plain[0] = bool(req.get("plain"))
                case = make_case(req["case"])
                begin = req.get("begin", "start")
                count = None
                if begin != "start":
                    if starts is None:
                        raise Fault("load", NO_STARTS[begin])
                    listed_starts = starts(case)
                    if listed_starts is None:
                        raise Fault("bad-moves", "starts() returned None (return a list of "
                                    "(label, state) pairs)", "starts(case)")
                    listed_starts = list(listed_starts)
                    for mv in listed_starts:
                        try:
                            label, _ = mv
                        except (TypeError, ValueError):
                            raise Fault("bad-moves", "a start must be a pair (label, state), "
                                        "not %s" % short(mv), "starts(case)")
                    count = len(listed_starts)
                    one = req.get("one")
                    if one is not None:
                        # One start alone, as the start of its own search.
                        if one >= count:
                            reply({"ok": [None, components is not None or
                                          canonical is not None, count]})
                            continue
                        s = listed_starts[one][1]
                    else:
                        choice[0] = Choice()
                        if begin == "each":
                            # Every start answered on its own: numbered, since two
                            # rounds may start alike.
                            listed_starts = [(k + 1, st) for k, (_, st)
                                             in enumerate(listed_starts)]
                        choice[1] = listed_starts
                        s = choice[0]
                else:
                    if starts is not None:
                        raise Fault("load", "the rules file defines `starts(case)`, a list "
                                    "of starts, which only `answer = \"winning-starts\"` or "
                                    "`per = \"start\"` in [game] uses (and a game played "
                                    "interactively with neither does not)")
                    s = start(case)
                reply({"ok": [intern(s), components is not None or canonical is not None,
                              count]})
            elif op == "expand":
                out = []
                whole = plain[0] or (components is None and canonical is None)
                for i in req["ids"]:
                    current = states[i]
                    got = moves(current)
                    if got is None:
                        raise Fault("bad-moves", "moves() returned None (return a list of "
                                    "(label, next_state) pairs, [] when there is no move)",
                                    short(current))
                    if type(got) is not list:
                        got = list(got)  # a generator or tuple: walked twice below
                    try:
                        # Comprehensions: the hot path of a search, kept out of the
                        # interpreter's slow per-statement loop.
                        labels = [label for label, _ in got]
                        nexts = [nxt for _, nxt in got]
                    except (TypeError, ValueError):
                        not_a_pair(got, current)
                        raise
                    if whole:
                        try:
                            row = [ids_get(nxt) for nxt in nexts]
                        except TypeError:
                            row = [intern(nxt) for nxt in nexts]
                        if None in row:
                            for k, j in enumerate(row):
                                if j is None:
                                    row[k] = intern(nexts[k])
                    else:
                        row = [",".join(map(str, parts(nxt))) or "_" for nxt in nexts]
                    check_labels(labels, current)
                    out.append(" ".join(map(str, row)))
                proto.write("=")
                proto.write(";".join(out))
                proto.write("\n")
                proto.flush()
                # The states met so far live until the next start: moved out of the
                # collector's sight, they are not traversed again and again (without
                # this, garbage collection took over half of a large search's time).
                gc.freeze()
            elif op == "play":
                # For a jury playing a real game: every move of a whole state, its label,
                # the whole state it leads to, and that state's parts (to be valued).
                current = states[req["id"]]
                got = listed(current)
                check_labels([label for label, _ in got], current)
                reply({"ok": [[text(label, current), intern(nxt), parts(nxt)]
                              for label, nxt in got]})
            elif op == "labels":
                current = states[req["id"]]
                reply({"ok": [text(label, current) for label, _ in listed(current)]})
            elif op == "describe":
                reply({"ok": short(states[req["id"]])})
            else:
                reply({"err": "protocol", "message": "unknown request " + op, "state": None})
        except Fault as f:
            reply({"err": f.kind, "message": f.message, "state": f.state})
        except BaseException:
            where = ("%s(case) on the test case" % ("starts" if req.get("begin", "start") != "start" else "start")
                     if op == "start" else short(current))
            reply({"err": "exception", "message": last_lines(), "state": where})


if __name__ == "__main__":
    main()
