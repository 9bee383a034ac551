# The author's alternative, for `grundy bench rules`: the same memoized search over the
# same rules file, written directly in Python (recursion, a dict, mex), with no grundy in
# the loop. It builds the test case exactly as grundy's worker does (by importing the
# shim) and splits/canonicalizes states exactly as the worker does, so that both sides
# search the same states.
#
# Usage: python3 rules_direct.py SHIM RULES CASE_JSON
# Prints one JSON line: {"value": G, "states": N, "seconds": S} (the search only, the
# start-up and the loading of the rules not counted).
import importlib.util
import json
import sys
import threading
import time


def main():
    shim_path, rules_path, case_path = sys.argv[1:4]
    spec = importlib.util.spec_from_file_location("grundy_rules_shim", shim_path)
    shim = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shim)
    with open(case_path) as f:
        case = shim.make_case(json.load(f))
    ns = {"__name__": "__rules__", "__file__": rules_path}
    sys.path.insert(0, __import__("os").path.dirname(rules_path))
    with open(rules_path) as f:
        exec(compile(f.read(), rules_path, "exec"), ns)
    moves = ns["moves"]
    components = ns.get("components")
    canonical = ns.get("canonical")
    memo = {}

    def value(s):
        g = memo.get(s)
        if g is not None:
            return g
        seen = set()
        for _, nxt in moves(s):
            pieces = components(nxt) if components is not None else [nxt]
            x = 0
            for p in pieces:
                x ^= value(canonical(p) if canonical is not None else p)
            seen.add(x)
        g = 0
        while g in seen:
            g += 1
        memo[s] = g
        return g

    t = time.perf_counter()
    g = value(ns["start"](case))
    print(json.dumps({"value": g, "states": len(memo), "seconds": time.perf_counter() - t}))


sys.setrecursionlimit(1 << 20)
threading.stack_size(512 << 20)
worker = threading.Thread(target=main)
worker.start()
worker.join()
