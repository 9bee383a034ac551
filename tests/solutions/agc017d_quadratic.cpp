// agc017d, too slow: correct, but recomputes every vertex's subtree from scratch, O(n^2)
// on a chain.
#include <cstdio>
#include <vector>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    std::vector<int> order{1}, parent(n + 1, 0);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++)
        for (int v : adj[order[h]]) if (v != parent[order[h]]) { parent[v] = order[h]; order.push_back(v); }
    std::vector<long long> g(n + 1, 0);
    // For every vertex, walk up to the root adding its contribution level by level.
    for (int i = n - 1; i > 0; i--) {
        int u = order[i];
        long long x = g[u] + 1;
        for (int w = parent[u]; w != -1; w = parent[w]) { volatile long long sink = x; (void)sink; }
        g[parent[u]] ^= x;
    }
    puts(g[1] ? "Alice" : "Bob");
}
