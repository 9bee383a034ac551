// Wrong: global adjacency lists that are never cleared between test cases, so edges of an
// earlier test case leak into the next one.
#include <bits/stdc++.h>
using namespace std;
const int N = 200005;
vector<int> adj[N];
int dist_[N];
static pair<int, int> farthest(int s, int n) {
    for (int v = 1; v <= n; v++) dist_[v] = -1;
    vector<int> q = {s};
    dist_[s] = 0;
    for (size_t i = 0; i < q.size(); i++)
        for (int w : adj[q[i]])
            if (w <= n && dist_[w] < 0) dist_[w] = dist_[q[i]] + 1, q.push_back(w);
    int far = s;
    for (int v = 1; v <= n; v++)
        if (dist_[v] > dist_[far]) far = v;
    return {far, dist_[far]};
}
int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n;
        scanf("%d", &n);
        for (int v = 2; v <= n; v++) {
            int p;
            scanf("%d", &p);
            adj[p].push_back(v);
            adj[v].push_back(p);
        }
        int a = farthest(1, n).first;
        printf("%d\n", farthest(a, n).second);
    }
}
