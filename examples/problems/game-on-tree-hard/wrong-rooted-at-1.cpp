// Wrong: values every node with the tree rooted at node 1 only (the stone never goes up),
// and answers each round from that: right for node 1, wrong where going up wins.
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
    vector<int> parent(n + 1, 0), order{1}, win(n + 1, 0);
    parent[1] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int w : adj[order[i]])
            if (w != parent[order[i]]) parent[w] = order[i], order.push_back(w);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        for (int w : adj[v])
            if (w != parent[v] && !win[w]) win[v] = 1;
    }
    for (int i = 0; i < t; i++) {
        int u;
        scanf("%d", &u);
        puts(win[u] ? "Ron" : "Hermione");
    }
}
