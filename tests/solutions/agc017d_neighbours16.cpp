// agc017d with each vertex's neighbours kept in a fixed row of 16 (`int adj[N][16]`): the
// 17th neighbour of a vertex is written into the next vertex's row, and that vertex's
// own neighbours then overwrite it (or it overwrites theirs). A star hides the mistake
// (the next vertex is a leaf with one neighbour, written first or last alike); a vertex
// of degree 17 or more whose neighbours have subtrees of their own shows it.
#include <cstdio>
#include <vector>
const int MAXN = 100001;
int adj[MAXN + 1][16];
int deg[MAXN + 1];
int parent_of[MAXN + 1];
long long value_of[MAXN + 1];
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        if (scanf("%d %d", &a, &b) != 2) return 1;
        adj[a][deg[a]++] = b;
        adj[b][deg[b]++] = a;
    }
    std::vector<int> order{1};
    std::vector<char> seen(n + 1, 0);
    seen[1] = 1;
    for (size_t h = 0; h < order.size(); h++) {
        int u = order[h];
        for (int k = 0; k < deg[u]; k++) {
            int v = adj[u][k];
            if (v >= 1 && v <= n && !seen[v]) { seen[v] = 1; parent_of[v] = u; order.push_back(v); }
        }
    }
    for (int i = (int)order.size() - 1; i > 0; i--) value_of[parent_of[order[i]]] ^= value_of[order[i]] + 1;
    puts(value_of[1] ? "Alice" : "Bob");
}
