// agc017d, correct: colon principle with an explicit BFS order (no recursion).
#include <cstdio>
#include <vector>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    std::vector<int> order, parent(n + 1, 0);
    std::vector<long long> g(n + 1, 0);
    order.push_back(1);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++) {
        int u = order[h];
        for (int v : adj[u]) if (v != parent[u]) { parent[v] = u; order.push_back(v); }
    }
    for (int i = n - 1; i > 0; i--) g[parent[order[i]]] ^= g[order[i]] + 1;
    puts(g[1] ? "Alice" : "Bob");
}
