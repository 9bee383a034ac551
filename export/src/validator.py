# grundy's input validator for a judge's package (the Kattis / ICPC problem format's
# input_validators/): reads one input on stdin and exits 42 if it is valid, 43 (with the
# reason on stderr) if it is not. It accepts exactly what `grundy validate DIR FILE`
# accepts: the schema of the package (schema.json, written by `grundy testset`: the
# items, the limits, the bounds that name other integers, the sums) and the strict
# layout (one space between tokens, no space at a line's start or end, no blank line,
# "\n" line ends, a final newline, no leading zero or "+", as many tokens on each line
# as the format puts there). grundy's tests run both on the same valid and broken
# inputs and require the same decision.

import json
import os
import re
import sys

VALID, INVALID = 42, 43


class Invalid(Exception):
    pass


def lexical(data):
    """The white space and the integers' spelling (grundy's layout check)."""
    if re.search(rb"\r", data):
        raise Invalid("a carriage return: lines end with \\n alone")
    if re.search(rb"[\t\x0b\x0c]", data):
        raise Invalid("a tab or form feed: tokens are separated by one space")
    for k, line in enumerate(data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n")):
        at = "line %d: " % (k + 1)
        if line == b"":
            raise Invalid(at + "a blank line")
        if line.startswith(b" "):
            raise Invalid(at + "a space at the start of the line")
        if line.endswith(b" "):
            raise Invalid(at + "a space at the end of the line")
        if b"  " in line:
            raise Invalid(at + "two spaces between tokens")
        for tok in line.split(b" "):
            digits = tok[1:] if tok.startswith(b"-") else tok
            numeric = digits != b"" and digits.isdigit()
            if tok.startswith(b"+") and tok[1:].isdigit():
                raise Invalid(at + "an integer written with `+`")
            if numeric and len(digits) > 1 and digits.startswith(b"0"):
                raise Invalid(at + "a leading zero")
            if numeric and tok.startswith(b"-") and digits == b"0":
                raise Invalid(at + "`-0`")
    if data and not data.endswith(b"\n"):
        raise Invalid("no newline at the end of the input")


def per_line(counts):
    while counts and counts[-1] == 0:
        counts.pop()
    return counts


class Tokens:
    def __init__(self, data):
        self.toks = data.split()
        self.pos = 0

    def at_end(self):
        return self.pos >= len(self.toks)

    def integer(self, lo, hi, what, signed=True):
        if self.pos >= len(self.toks):
            raise Invalid("expected %s, found the end of the input" % what)
        tok = self.toks[self.pos]
        self.pos += 1
        pattern = rb"-?[0-9]{1,40}" if signed else rb"[0-9]{1,40}"
        if not re.fullmatch(pattern, tok):
            raise Invalid("expected %s (an integer), found %r" % (what, tok[:40]))
        x = int(tok)
        if not lo <= x <= hi:
            raise Invalid("%s = %d is out of its range [%d, %d]" % (what, x, lo, hi))
        return x


I64 = (-(1 << 63), (1 << 63) - 1)


def evaluate(postfix, env):
    """A bound's value at known integers, as grundy computes it (None: no value)."""
    st = []
    for op in postfix:
        if op in ("+", "-", "*", "/"):
            c = st.pop()
            a = st.pop()
            if op == "+":
                st.append(a + c)
            elif op == "-":
                st.append(a - c)
            elif op == "*":
                st.append(a * c)
            else:
                if c == 0:
                    return None
                q = abs(a) // abs(c)
                st.append(q if (a >= 0) == (c >= 0) else -q)
        elif op == "neg":
            st.append(-st.pop())
        elif op.startswith("min:") or op.startswith("max:"):
            k = int(op[4:])
            args = st[len(st) - k:]
            del st[len(st) - k:]
            st.append(min(args) if op.startswith("min") else max(args))
        elif re.fullmatch(r"-?[0-9]+", op):
            st.append(int(op))
        else:
            if op not in env:
                return None
            st.append(env[op])
    return max(I64[0], min(I64[1], st[0]))


def range_in(schema, name, env):
    lo, hi = schema["limits"][name]
    dep = schema["dependent"].get(name)
    if dep is None:
        return lo, hi
    a = evaluate(dep[0], env)
    b = evaluate(dep[1], env)
    return max(lo, lo if a is None else a), min(hi, hi if b is None else b)


def is_tree(n, edges):
    """n - 1 edges join every vertex: no loop, no cycle (union-find)."""
    up = list(range(n))

    def root(v):
        while up[v] != v:
            up[v] = up[up[v]]
            v = up[v]
        return v

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        up[ra] = rb
    return True


def graph_rules(n, edges, item):
    """Connected (from vertex 1) and, for a cactus, every edge on at most one cycle: a
    depth-first search from vertex 1 whose back edges each walk up the tree edges."""
    adj = [[] for _ in range(n)]
    for e, (a, b) in enumerate(edges):
        adj[a].append((b, e))
        if a != b:
            adj[b].append((a, e))
    reached = [False] * n
    done = [False] * n
    parent_edge = [-1] * n
    nxt = [0] * n
    back = []
    if n > 0:
        reached[0] = True
        v = 0
        while True:
            if nxt[v] == len(adj[v]):
                done[v] = True
                pe = parent_edge[v]
                if pe < 0:
                    break
                a, b = edges[pe]
                v = b if a == v else a
                continue
            w, e = adj[v][nxt[v]]
            nxt[v] += 1
            if w == v or e == parent_edge[v]:
                continue
            if not reached[w]:
                reached[w] = True
                parent_edge[w] = e
                v = w
            elif not done[w]:
                back.append((e, v, w))
    if item["connected"] and not all(reached):
        raise Invalid("the graph is not connected")
    if item["cactus"]:
        used = [False] * len(edges)
        for e, low, high in back:
            v = low
            while v != high:
                pe = parent_edge[v]
                if pe < 0:
                    break
                if used[pe]:
                    raise Invalid("an edge lies on two cycles: the graph must be a cactus")
                used[pe] = True
                a, b = edges[pe]
                v = b if a == v else a


def read_case(schema, t, lines):
    """Reads one test case; appends to `lines` the tokens the format puts on each line."""
    env = {}
    structures = []  # (vertices, edges) of each tree or graph read, by item index
    last = None
    for item in schema["items"]:
        kind = item["kind"]
        if kind == "ints":
            for name in item["names"]:
                lo, hi = range_in(schema, name, env)
                env[name] = t.integer(lo, hi, name)
            lines.append(len(item["names"]))
        elif kind == "tree":
            n = max(1, env[item["count"]])
            w = item["weights"]
            edges = []
            for i in range(1, n):
                if item["parents"]:
                    edges.append((t.integer(1, n, "a parent", False) - 1, i))
                else:
                    a = t.integer(1, n, "an edge's end", False) - 1
                    b = t.integer(1, n, "an edge's end", False) - 1
                    edges.append((a, b))
                    if w is not None:
                        t.integer(*schema["limits"][w], what="a weight")
            if item["parents"] and w is not None:
                for i in range(1, n):
                    t.integer(*schema["limits"][w], what="a weight")
            if not is_tree(n, edges):
                raise Invalid("the edges do not form a tree (a loop or a cycle)")
            if item["parents"]:
                if n > 1:
                    lines.append(n - 1)
                    if w is not None:
                        lines.append(n - 1)
            else:
                lines.extend([2 if w is None else 3] * (n - 1))
            last = (n, n - 1)
        elif kind == "graph":
            n = env[item["count"]]
            m = max(0, env[item["edges"]])
            w = item["weights"]
            edges = []
            seen = set()
            for i in range(m):
                a = t.integer(1, n, "an edge's end", False) - 1
                b = t.integer(1, n, "an edge's end", False) - 1
                if a == b and not item["loops"]:
                    raise Invalid("edge %d is a loop, and loops are not allowed" % (i + 1))
                key = (min(a, b), max(a, b))
                if not item["multi"]:
                    if key in seen:
                        raise Invalid("edge %d repeats an earlier edge" % (i + 1))
                    seen.add(key)
                edges.append((a, b))
                if w is not None:
                    t.integer(*schema["limits"][w], what="a weight")
            graph_rules(n, edges, item)
            lines.extend([2 if w is None else 3] * m)
            last = (n, m)
        elif kind == "array":
            k = max(0, env[item["len"]])
            if item["values"] == "vertex":
                n = last[0] if last else 0
                seen = set()
                for _ in range(k):
                    v = t.integer(1, n, item["name"], False)
                    if item["distinct"]:
                        if v in seen:
                            raise Invalid("vertex %d is listed twice in %s" % (v, item["name"]))
                        seen.add(v)
            else:
                lo, hi = range_in(schema, item["values"], env)
                for _ in range(k):
                    t.integer(lo, hi, item["values"])
            lines.append(k)
        elif kind == "queries":
            q = max(0, env[item["count"]])
            n, m = last if last else (0, 0)
            kinds = item["kinds"]
            for _ in range(q):
                if len(kinds) == 1 and kinds[0]["tag"] is None:
                    kd = kinds[0]
                else:
                    tags = [x["tag"] for x in kinds if x["tag"] is not None]
                    tag = t.integer(min(tags or [0]), max(tags or [0]), "a query's type")
                    match = [x for x in kinds if x["tag"] == tag]
                    if not match:
                        raise Invalid("query type %d is not one of %s" % (tag, tags))
                    kd = match[0]
                for f in kd["fields"]:
                    if f == "vertex":
                        t.integer(1, n, "a query's vertex")
                    elif f == "edge":
                        t.integer(1, m, "a query's edge")
                    else:
                        t.integer(*schema["limits"][f], what=f)
                lines.append(len(kd["fields"]) + (kd["tag"] is not None))
    return env


def validate(schema, data):
    # Read as grundy reads (any white space), then the layout as a strict reader wants.
    t = Tokens(data)
    lines = []
    cases = []
    tests = schema["tests"]
    if tests["kind"] == "count":
        lo, hi = schema["limits"][tests["name"]]
        count = t.integer(lo, hi, tests["name"] + " (the number of test cases)")
        lines.append(1)
        for _ in range(count):
            cases.append(read_case(schema, t, lines))
    elif tests["kind"] == "eof":
        while True:
            cases.append(read_case(schema, t, lines))
            if t.at_end():
                break
    else:
        cases.append(read_case(schema, t, lines))
    if not t.at_end():
        raise Invalid("more tokens after the end of the input")
    for name, most in schema["sums"].items():
        total = 0
        for env in cases:
            total += env.get(name, 0)
            if total > most:
                raise Invalid("the sum of %s over the test cases is more than %d" % (name, most))
    lexical(data)
    got = per_line([len(line.split()) for line in data.split(b"\n")])
    want = per_line(lines)
    for k, (a, b) in enumerate(zip(got, want)):
        if a != b:
            raise Invalid("line %d: %d tokens, where the format puts %d" % (k + 1, a, b))
    if len(got) != len(want):
        raise Invalid("the input has %d lines, where the format has %d" % (len(got), len(want)))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "schema.json")) as f:
        schema = json.load(f)
    if sys.argv[1:2] == ["--batch"]:
        # grundy's tests: each file named after --batch, its exit code on a line.
        for path in sys.argv[2:]:
            with open(path, "rb") as f:
                data = f.read()
            try:
                validate(schema, data)
                print(VALID)
            except Invalid:
                print(INVALID)
        return
    data = sys.stdin.buffer.read()
    try:
        validate(schema, data)
    except Invalid as e:
        sys.stderr.write("invalid input: %s\n" % e)
        sys.exit(INVALID)
    sys.exit(VALID)


if __name__ == "__main__":
    main()
