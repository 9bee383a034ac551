// Wrong: the same solution with 32-bit sums. Three values of 10^9 overflow an int.
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
    vector<int> a(n + 1);
    for (int i = 1; i <= n; i++) scanf("%d", &a[i]);
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
    vector<int> fen(n + 1, 0);
    auto add = [&](int i, int d) { for (; i <= n; i += i & -i) fen[i] += d; };
    auto pref = [&](int i) { int s = 0; for (; i > 0; i -= i & -i) s += fen[i]; return s; };
    for (int v = 1; v <= n; v++) add(tin[v], a[v]);
    int q;
    scanf("%d", &q);
    while (q--) {
        int t, v;
        scanf("%d %d", &t, &v);
        if (t == 1) {
            int x;
            scanf("%d", &x);
            add(tin[v], x - a[v]);
            a[v] = x;
        } else {
            printf("%d\n", pref(tout[v]) - pref(tin[v] - 1));
        }
    }
}
