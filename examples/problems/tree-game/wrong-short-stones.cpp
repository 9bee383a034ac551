// WRONG: keeps the stones in 16 bits (fine for small stones, not up to 10^9).
// Tree Game (AGC010 F): from the piece's vertex v, the player to move wins exactly when a
// neighbour u (away from where the piece came) has fewer stones than v and loses from
// there. Rooted at each start in turn: O(N^2).
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    std::vector<unsigned short> a(n + 1);
    for (int i = 1; i <= n; i++) {
        long long x;
        scanf("%lld", &x);
        a[i] = (unsigned short)x;
    }
    std::vector<std::vector<int>> adj(n + 1);
    for (int i = 0; i + 1 < n; i++) {
        int x, y;
        scanf("%d %d", &x, &y);
        adj[x].push_back(y);
        adj[y].push_back(x);
    }
    std::vector<int> order, parent(n + 1), wins;
    std::vector<char> win(n + 1);
    for (int r = 1; r <= n; r++) {
        order.assign(1, r);
        parent[r] = 0;
        for (size_t i = 0; i < order.size(); i++) {
            int v = order[i];
            for (int u : adj[v])
                if (u != parent[v]) {
                    parent[u] = v;
                    order.push_back(u);
                }
        }
        for (size_t i = order.size(); i-- > 0;) {
            int v = order[i];
            win[v] = 0;
            for (int u : adj[v])
                if (u != parent[v] && a[u] < a[v] && !win[u]) win[v] = 1;
        }
        if (win[r]) wins.push_back(r);
    }
    for (size_t i = 0; i < wins.size(); i++) printf(i ? " %d" : "%d", wins[i]);
    printf("\n");
}
