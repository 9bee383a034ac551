// Wrong: treats x -> x+1 as if it were XOR with a constant, so a cut above v is taken to
// win when g(v) + 1 equals the whole value. True for children of the root only.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    scanf("%d", &n);
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    vector<int> par(n + 1, 0), order = {1};
    par[1] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int w : adj[order[i]])
            if (w != par[order[i]]) par[w] = order[i], order.push_back(w);
    vector<long long> g(n + 1, 0);
    for (int i = n - 1; i >= 1; i--) g[par[order[i]]] ^= g[order[i]] + 1;
    int best = 0;
    for (int v = 2; v <= n && g[1] != 0; v++)
        if (g[v] + 1 == g[1]) { best = v; break; }
    if (g[1] != 0 && best == 0) best = order[1];
    printf("%d\n", best);
}
