// agc017d, crashes: keeps at most two children per vertex in a fixed array and aborts when
// a vertex has a third child.
#include <cstdio>
#include <cstdlib>
#include <vector>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    std::vector<int> order{1}, parent(n + 1, 0);
    parent[1] = -1;
    for (size_t h = 0; h < order.size(); h++) {
        int kids = 0;
        for (int v : adj[order[h]]) if (v != parent[order[h]]) {
            if (++kids > 2) abort();
            parent[v] = order[h]; order.push_back(v);
        }
    }
    std::vector<long long> g(n + 1, 0);
    for (int i = n - 1; i > 0; i--) g[parent[order[i]]] ^= g[order[i]] + 1;
    puts(g[1] ? "Alice" : "Bob");
}
