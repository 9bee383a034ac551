// agc017d with two crash causes behind one signal: a recursive DFS (a stack overflow on a
// deep tree: SIGSEGV, fixed by a larger stack) and adjacency lists capped at 50,000
// neighbours per vertex that raise SIGSEGV when full (a star's centre: not a stack
// problem at all). The answer is otherwise right.
#include <bits/stdc++.h>
#include <csignal>
using namespace std;
const int CAP = 50000;
vector<vector<int>> adj;
long long g(int v, int p) {
    long long x = 0;
    for (int w : adj[v])
        if (w != p) x ^= g(w, v) + 1;
    return x;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    adj.assign(n + 1, {});
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        if (scanf("%d %d", &a, &b) != 2) return 1;
        if ((int)adj[a].size() >= CAP || (int)adj[b].size() >= CAP) raise(SIGSEGV);
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    puts(g(1, 0) ? "Alice" : "Bob");
}
