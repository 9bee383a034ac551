// cot3, WRONG format: sorted winners, but prints nothing (instead of -1) when there is none.
// (S(v) kept as a plain reachability array: O(n^2), fine for small inputs.)
#include <cstdio>
#include <vector>
#include <algorithm>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<int> col(n + 1);
    for (int i = 1; i <= n; i++) scanf("%d", &col[i]);
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    std::vector<int> order{1}, parent(n + 1, 0);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++)
        for (int v : adj[order[h]]) if (v != parent[order[h]]) { parent[v] = order[h]; order.push_back(v); }
    int W = 1;
    while (W <= n + 1) W <<= 1;
    std::vector<std::vector<char>> S(n + 1, std::vector<char>(W, 0));
    std::vector<int> g(n + 1, 0), xs(n + 1, 0);
    for (int i = n - 1; i >= 0; i--) {
        int u = order[i];
        for (int v : adj[u]) if (v != parent[u]) xs[u] ^= g[v];
        if (col[u] == 0) S[u][xs[u]] = 1;
        for (int v : adj[u]) if (v != parent[u])
            for (int x = 0; x < W; x++) if (S[v][x]) S[u][x ^ xs[u] ^ g[v]] = 1;
        int m = 0;
        while (S[u][m]) m++;
        g[u] = m;
    }
    std::vector<int> A(n + 1, 0), win;
    for (int u : order) {
        if (col[u] == 0 && (A[u] ^ xs[u]) == 0) win.push_back(u);
        for (int v : adj[u]) if (v != parent[u]) A[v] = A[u] ^ xs[u] ^ g[v];
    }
    std::sort(win.begin(), win.end());
    for (int w : win) printf("%d\n", w);
}
