// Checker with testlib's calling convention (no testlib.h needed):
//   checker INPUT OUTPUT ANSWER
// exit 0 OK, 1 WA, 2 PE, 3 checker failure; the message goes to stderr.
// The output must be 0 when the first player loses, else a vertex v in 2..n such that
// cutting the edge above v leaves a position of Grundy value 0.
#include <bits/stdc++.h>
using namespace std;
static int verdict(int code, const string& msg) {
    fprintf(stderr, "%s\n", msg.c_str());
    exit(code);
}
int main(int argc, char** argv) {
    if (argc < 4) verdict(3, "usage: checker INPUT OUTPUT ANSWER");
    ifstream in(argv[1]), out(argv[2]), ans(argv[3]);
    int n;
    if (!(in >> n)) verdict(3, "cannot read the input");
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        in >> a >> b;
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    long long expected;
    if (!(ans >> expected)) verdict(3, "cannot read the answer");
    string tok;
    if (!(out >> tok)) verdict(2, "empty output: expected a vertex or 0");
    string extra;
    if (out >> extra) verdict(2, "more than one token in the output");
    long long v;
    try {
        size_t used;
        v = stoll(tok, &used);
        if (used != tok.size()) throw invalid_argument("x");
    } catch (...) {
        verdict(2, "expected an integer, found '" + tok + "'");
    }
    if (v != 0 && (v < 2 || v > n)) verdict(2, "vertex " + tok + " is out of range 2.." + to_string(n));
    // Grundy values by the colon principle, bottom-up over a BFS order.
    vector<int> par(n + 1, 0), order = {1};
    par[1] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int w : adj[order[i]])
            if (w != par[order[i]]) par[w] = order[i], order.push_back(w);
    vector<long long> g(n + 1, 0);
    for (int i = n - 1; i >= 1; i--) g[par[order[i]]] ^= g[order[i]] + 1;
    if (v == 0) {
        if (expected != 0) verdict(1, "answered 0, but the first player wins (the reference cuts above " + to_string(expected) + ")");
        verdict(0, "ok: no winning move");
    }
    if (expected == 0) verdict(1, "claims a winning cut above " + tok + ", but the position is lost");
    // Value after cutting the edge above v: walk up to the root.
    long long cur = -1;  // the new value of the subtree below the current edge (-1: gone)
    long long below = g[v];
    int x = v;
    while (par[x] != -1) {
        int p = par[x];
        long long gp = g[p] ^ (below + 1) ^ (cur < 0 ? 0 : cur + 1);
        cur = gp;
        below = g[p];
        x = p;
    }
    if (cur != 0) verdict(1, "cutting above " + tok + " leaves value " + to_string(cur) + ", not 0");
    verdict(0, "ok");
}
