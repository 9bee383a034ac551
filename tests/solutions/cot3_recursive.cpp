// cot3, correct answers but a recursive depth-first search: on a chain of 10^5 vertices
// it recurses 10^5 deep and overflows an 8 MiB stack (RE, SIGSEGV); an unlimited stack
// cures it. S(v), the values a move in v's subtree leaves, is a binary trie with a lazy
// xor, merged child into parent; g(v) = mex S(v).
#include <cstdio>
#include <vector>
#include <algorithm>
const int B = 18;
struct Node { int ch[2]; int cnt; int lazy; };
std::vector<Node> t;
int fresh() { t.push_back({{0, 0}, 0, 0}); return (int)t.size() - 1; }
void push(int x, int d) {
    if (!t[x].lazy) return;
    if (d >= 0 && (t[x].lazy >> d & 1)) std::swap(t[x].ch[0], t[x].ch[1]);
    for (int c = 0; c < 2; c++) if (t[x].ch[c]) t[t[x].ch[c]].lazy ^= t[x].lazy;
    t[x].lazy = 0;
}
int insert(int x, int v, int d) {
    if (!x) x = fresh();
    if (d < 0) { t[x].cnt = 1; return x; }
    push(x, d);
    int b = v >> d & 1;
    int c = insert(t[x].ch[b], v, d - 1);
    t[x].ch[b] = c;
    t[x].cnt = (t[x].ch[0] ? t[t[x].ch[0]].cnt : 0) + (t[x].ch[1] ? t[t[x].ch[1]].cnt : 0);
    return x;
}
int merge(int a, int b, int d) {
    if (!a || !b) return a ? a : b;
    if (d < 0) { t[a].cnt = 1; return a; }
    push(a, d); push(b, d);
    int l = merge(t[a].ch[0], t[b].ch[0], d - 1);
    int r = merge(t[a].ch[1], t[b].ch[1], d - 1);
    t[a].ch[0] = l; t[a].ch[1] = r;
    t[a].cnt = (l ? t[l].cnt : 0) + (r ? t[r].cnt : 0);
    return a;
}
int mex(int x, int d) {
    int v = 0;
    while (x && d >= 0) {
        push(x, d);
        int l = t[x].ch[0];
        if (l && t[l].cnt == (1 << d)) { v |= 1 << d; x = t[x].ch[1]; } else x = l;
        d--;
    }
    return v;
}
int n;
std::vector<int> col, g, xs, root, A;
std::vector<std::vector<int>> adj;
void dfs(int u, int p) {
    // A frame of about 200 bytes, as a recursive solution's with a few locals.
    volatile char frame[160];
    frame[u % 160] = 1;
    for (int v : adj[u]) if (v != p) { dfs(v, u); xs[u] ^= g[v]; }
    int r = 0;
    for (int v : adj[u]) if (v != p) {
        t[root[v]].lazy ^= xs[u] ^ g[v];
        r = merge(r, root[v], B - 1);
    }
    if (col[u] == 0) r = insert(r, xs[u], B - 1);
    root[u] = r;
    g[u] = mex(r, B - 1);
}
void answer(int u, int p, std::vector<int>& win) {
    if (col[u] == 0 && (A[u] ^ xs[u]) == 0) win.push_back(u);
    for (int v : adj[u]) if (v != p) { A[v] = A[u] ^ xs[u] ^ g[v]; answer(v, u, win); }
}
int main() {
    if (scanf("%d", &n) != 1) return 0;
    col.assign(n + 1, 0); g.assign(n + 1, 0); xs.assign(n + 1, 0); root.assign(n + 1, 0); A.assign(n + 1, 0);
    adj.assign(n + 1, {});
    for (int i = 1; i <= n; i++) scanf("%d", &col[i]);
    for (int i = 0; i < n - 1; i++) { int a, b; scanf("%d %d", &a, &b); adj[a].push_back(b); adj[b].push_back(a); }
    t.reserve(1 << 20);
    fresh();
    dfs(1, 0);
    std::vector<int> win;
    answer(1, 0, win);
    std::sort(win.begin(), win.end());
    if (win.empty()) puts("-1");
    for (int w : win) printf("%d\n", w);
}
