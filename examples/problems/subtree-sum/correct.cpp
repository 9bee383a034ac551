// Correct: Euler tour with an explicit stack, Fenwick tree of 64-bit sums.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v);
        adj[v].push_back(u);
    }
    vector<long long> a(n + 1);
    for (int i = 1; i <= n; i++) scanf("%lld", &a[i]);
    vector<int> tin(n + 1), tout(n + 1), par(n + 1, 0), it(n + 1, 0);
    int timer = 0;
    vector<int> st = {1};
    par[1] = -1;
    tin[1] = ++timer;
    while (!st.empty()) {
        int v = st.back();
        if (it[v] < (int)adj[v].size()) {
            int w = adj[v][it[v]++];
            if (w == par[v]) continue;
            par[w] = v;
            tin[w] = ++timer;
            st.push_back(w);
        } else {
            tout[v] = timer;
            st.pop_back();
        }
    }
    vector<long long> fen(n + 1, 0);
    auto add = [&](int i, long long d) { for (; i <= n; i += i & -i) fen[i] += d; };
    auto pref = [&](int i) { long long s = 0; for (; i > 0; i -= i & -i) s += fen[i]; return s; };
    for (int v = 1; v <= n; v++) add(tin[v], a[v]);
    int q;
    scanf("%d", &q);
    string out;
    while (q--) {
        int t, v;
        scanf("%d %d", &t, &v);
        if (t == 1) {
            long long x;
            scanf("%lld", &x);
            add(tin[v], x - a[v]);
            a[v] = x;
        } else {
            out += to_string(pref(tout[v]) - pref(tin[v] - 1));
            out += '\n';
        }
    }
    fputs(out.c_str(), stdout);
}
