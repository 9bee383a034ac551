// agc017d, accepted by an -O2 build, with latent undefined behaviour: its arrays hold
// 100,000 entries and are indexed by vertex from 1, so vertex 100,000 (the statement's
// largest N) reads and writes one past the end of `order_of`. The -O2 build
// never crashes and answers right; -fsanitize=address reports the global buffer
// overflow at the line of the write.
#include <cstdio>
#include <vector>
const int MAXN = 100000;
int order_of[MAXN];  // the mistake: 1-indexed by vertex, so it needs MAXN + 1 entries
int parent_of[MAXN + 1];
long long value_of[MAXN + 1];
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        if (scanf("%d %d", &a, &b) != 2) return 1;
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    std::vector<int> order{1};
    parent_of[1] = 0;
    for (size_t h = 0; h < order.size(); h++) {
        int u = order[h];
        for (int v : adj[u])
            if (v != parent_of[u]) { parent_of[v] = u; order_of[v] = (int)order.size(); order.push_back(v); }
    }
    for (int i = n - 1; i > 0; i--) {
        int v = order[i];
        if (order_of[v] != i) return 3;  // never true, but it reads the entry back
        value_of[parent_of[v]] ^= value_of[v] + 1;
    }
    puts(value_of[1] ? "Alice" : "Bob");
}
