// agc017d with the colon principle in a recursive DFS that passes the wrong parent down
// (`g(w, p)` where `g(w, v)` belongs): from the root it walks to a child and straight back,
// so the recursion never ends. It crashes on every input, the 2-vertex one included, and
// no stack size cures it: with an unlimited stack it eats memory until a limit stops it.
#include <cstdio>
#include <vector>
std::vector<std::vector<int>> adj;
long long g(int v, int p) {
    long long x = 0;
    for (int w : adj[v])
        if (w != p) x ^= g(w, p) + 1;  // the mistake: the parent of w is v, not p
    return x;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    adj.assign(n + 1, {});
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        if (scanf("%d %d", &a, &b) != 2) return 1;
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    puts(g(1, 0) ? "Alice" : "Bob");
}
