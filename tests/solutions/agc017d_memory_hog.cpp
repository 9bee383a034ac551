// agc017d, too much memory: correct answer, but first allocates and touches 512 MiB.
#include <cstdio>
#include <vector>
int main() {
    std::vector<char> hog(1u << 29, 1);
    int n;
    scanf("%d", &n);
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    std::vector<int> order{1}, parent(n + 1, 0);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++)
        for (int v : adj[order[h]]) if (v != parent[order[h]]) { parent[v] = order[h]; order.push_back(v); }
    std::vector<long long> g(n + 1, 0);
    for (int i = n - 1; i > 0; i--) g[parent[order[i]]] ^= g[order[i]] + 1;
    puts(g[1] + hog[12345] - 1 ? "Alice" : "Bob");
}
