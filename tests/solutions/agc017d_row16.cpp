// agc017d with the children of each vertex kept in a fixed row of 16 (`int child[N][16]`,
// a classic of contest code): a vertex of degree 17 or more writes past its row
// into the next vertex's row. Where that row is still unused the answer comes out right,
// so only -fsanitize=undefined names the mistake (index 16 out of bounds for type
// 'int [16]').
#include <cstdio>
#include <vector>
const int MAXN = 100001;
int child[MAXN + 1][16];
int count_of[MAXN + 1];
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
    for (size_t h = 0; h < order.size(); h++) {
        int u = order[h];
        for (int v : adj[u])
            if (v != parent_of[u]) { parent_of[v] = u; child[u][count_of[u]++] = v; order.push_back(v); }
    }
    for (int i = n - 1; i >= 0; i--) {
        int u = order[i];
        for (int k = 0; k < count_of[u]; k++) value_of[u] ^= value_of[child[u][k]] + 1;
    }
    puts(value_of[1] ? "Alice" : "Bob");
}
