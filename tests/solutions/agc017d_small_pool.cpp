// agc017d, correct rule, but the edges go to a fixed pool sized for 60,000 vertices: it
// aborts (the pool is exhausted) on any tree of more than 60,000 vertices.
#include <bits/stdc++.h>
using namespace std;
const int POOL = 2 * 60000;
int head_[100005], nxt[POOL], to[POOL], used = 0;
void add(int a, int b) {
    if (used >= POOL) abort();
    to[used] = b, nxt[used] = head_[a], head_[a] = used++;
}
int main() {
    int n;
    scanf("%d", &n);
    memset(head_, -1, sizeof head_);
    for (int i = 0; i < n - 1; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        add(a, b);
        add(b, a);
    }
    vector<int> order = {1}, par(n + 1, 0);
    par[1] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int e = head_[order[i]]; e != -1; e = nxt[e])
            if (to[e] != par[order[i]]) par[to[e]] = order[i], order.push_back(to[e]);
    vector<long long> g(n + 1, 0);
    for (int i = n - 1; i >= 1; i--) g[par[order[i]]] ^= g[order[i]] + 1;
    puts(g[1] ? "Alice" : "Bob");
}
