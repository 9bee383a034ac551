// Correct: two BFS per test case, fresh vectors each time.
#include <bits/stdc++.h>
using namespace std;
static pair<int, int> farthest(const vector<vector<int>>& adj, int s) {
    int n = adj.size() - 1;
    vector<int> dist(n + 1, -1), q = {s};
    dist[s] = 0;
    for (size_t i = 0; i < q.size(); i++)
        for (int w : adj[q[i]])
            if (dist[w] < 0) dist[w] = dist[q[i]] + 1, q.push_back(w);
    int far = s;
    for (int v = 1; v <= n; v++)
        if (dist[v] > dist[far]) far = v;
    return {far, dist[far]};
}
int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        vector<vector<int>> adj(n + 1);
        for (int v = 2; v <= n; v++) {
            int p;
            scanf("%d", &p);
            adj[p].push_back(v);
            adj[v].push_back(p);
        }
        int a = farthest(adj, 1).first;
        printf("%d\n", farthest(adj, a).second);
    }
}
