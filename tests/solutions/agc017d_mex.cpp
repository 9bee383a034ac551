// agc017d, WRONG: mex over the children (the chip rule) where the colon rule belongs.
#include <cstdio>
#include <vector>
#include <set>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    std::vector<int> order{1}, parent(n + 1, 0), g(n + 1, 0);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++)
        for (int v : adj[order[h]]) if (v != parent[order[h]]) { parent[v] = order[h]; order.push_back(v); }
    for (int i = n - 1; i >= 0; i--) {
        int u = order[i];
        std::set<int> s;
        for (int v : adj[u]) if (v != parent[u]) s.insert(g[v]);
        int m = 0;
        while (s.count(m)) m++;
        g[u] = m;
    }
    puts(g[1] ? "Alice" : "Bob");
}
