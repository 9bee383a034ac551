// Correct: the same rule as the model, but prints the largest winning vertex — another
// right answer, which only a checker accepts.
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
    vector<long long> g(n + 1, 0), need(n + 1, -1);
    for (int i = n - 1; i >= 1; i--) g[par[order[i]]] ^= g[order[i]] + 1;
    need[1] = 0;
    int best = 0;
    for (int i = 1; i < n; i++) {
        int v = order[i], u = par[v];
        if (need[u] < 0) continue;
        long long t = g[u] ^ (g[v] + 1) ^ need[u];
        if (t == 0) best = max(best, v);
        else need[v] = t - 1;
    }
    printf("%d\n", best);
}
