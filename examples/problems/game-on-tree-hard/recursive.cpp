// Codeforces 1970 C3, accepted there: the same two passes, each a recursive DFS. On a path
// of 200,000 nodes the recursion is 200,000 calls deep: fine where the stack is as large as
// the memory limit (Codeforces, AtCoder), a crash under an 8 MiB stack.
#include <cstdio>
#include <vector>
using namespace std;

vector<vector<int>> adj;
vector<int> down_, up_, whole;

void dfs_down(int v, int p) {
    int lost = 0;
    for (int w : adj[v])
        if (w != p) {
            dfs_down(w, v);
            if (!down_[w]) lost++;
        }
    down_[v] = lost > 0;
}

void dfs_up(int v, int p) {
    int lost = (p > 0 && !up_[v]) ? 1 : 0;
    for (int w : adj[v])
        if (w != p && !down_[w]) lost++;
    whole[v] = lost > 0;
    for (int w : adj[v])
        if (w != p) {
            up_[w] = lost - (down_[w] ? 0 : 1) > 0;
            dfs_up(w, v);
        }
}

int main() {
    int n, t;
    scanf("%d %d", &n, &t);
    adj.assign(n + 1, {});
    down_.assign(n + 1, 0);
    up_.assign(n + 1, 0);
    whole.assign(n + 1, 0);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    dfs_down(1, 0);
    dfs_up(1, 0);
    for (int i = 0; i < t; i++) {
        int u;
        scanf("%d", &u);
        puts(whole[u] ? "Ron" : "Hermione");
    }
}
