// Codeforces 1970 C3, the model: win[v] for the stone on v having come from its parent
// (down), then rerooted (up), both without recursion. The player to move from v wins when
// some neighbour it may go to is lost for the other player.
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n, t;
    if (scanf("%d %d", &n, &t) != 2) return 1;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    vector<int> parent(n + 1, 0), order;
    order.reserve(n);
    order.push_back(1);
    parent[1] = -1;
    for (size_t i = 0; i < order.size(); i++) {
        int v = order[i];
        for (int w : adj[v])
            if (w != parent[v]) parent[w] = v, order.push_back(w);
    }
    // down[v]: the player to move wins with the stone on v, its parent already active.
    // losing[v]: how many children of v are lost (down) for the player to move there.
    vector<int> down(n + 1, 0), losing(n + 1, 0);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        down[v] = losing[v] > 0;
        if (parent[v] > 0 && !down[v]) losing[parent[v]]++;
    }
    // up[v]: the player to move wins with the stone on parent(v), v already active.
    vector<int> up(n + 1, 0), whole(n + 1, 0);
    for (int v : order) {
        int lost = losing[v] + (parent[v] > 0 && !up[v] ? 1 : 0);
        whole[v] = lost > 0;
        for (int w : adj[v]) {
            if (w == parent[v]) continue;
            up[w] = lost - (down[w] ? 0 : 1) > 0;
        }
    }
    for (int i = 0; i < t; i++) {
        int u;
        scanf("%d", &u);
        puts(whole[u] ? "Ron" : "Hermione");
    }
}
