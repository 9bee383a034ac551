// The straightforward C++ reference for `grundy bench solve`: reads with cin (tied,
// synchronised, as most contestants leave it) and runs a recursive DFS, like seed 001.
// Only for timing; it overflows its stack on deep chains, which grundy does not.
#include <iostream>
#include <vector>
using namespace std;

static vector<int> adj_start, adj;
static vector<int> grundy_value;

static void dfs(int u, int parent) {
    for (int i = adj_start[u]; i < adj_start[u + 1]; i++) {
        int v = adj[i];
        if (v == parent) continue;
        dfs(v, u);
        grundy_value[u] ^= grundy_value[v] + 1;
    }
}

int main() {
    int n;
    cin >> n;
    vector<int> a(n - 1), b(n - 1), deg(n + 2, 0);
    for (int i = 0; i < n - 1; i++) {
        cin >> a[i] >> b[i];
        deg[a[i]]++;
        deg[b[i]]++;
    }
    adj_start.assign(n + 2, 0);
    for (int v = 1; v <= n; v++) adj_start[v + 1] = adj_start[v] + deg[v];
    adj.assign(2 * (n - 1), 0);
    vector<int> fill(adj_start.begin(), adj_start.end());
    for (int i = 0; i < n - 1; i++) {
        adj[fill[a[i]]++] = b[i];
        adj[fill[b[i]]++] = a[i];
    }
    grundy_value.assign(n + 1, 0);
    dfs(1, 0);
    cout << (grundy_value[1] ? "Alice" : "Bob") << endl;
    return 0;
}
