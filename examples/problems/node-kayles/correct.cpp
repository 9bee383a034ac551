// Correct: memoized search over bitmasks of remaining vertices (n <= 14).
#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<int> nb;
vector<signed char> memo;
bool wins(int alive) {
    if (memo[alive] >= 0) return memo[alive];
    bool w = false;
    for (int v = 0; v < n && !w; v++)
        if (alive >> v & 1) w = !wins(alive & ~nb[v]);
    return memo[alive] = w;
}
int main() {
    scanf("%d %d", &n, &m);
    nb.assign(n, 0);
    for (int v = 0; v < n; v++) nb[v] = 1 << v;
    for (int i = 0; i < m; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        a--, b--;
        nb[a] |= 1 << b;
        nb[b] |= 1 << a;
    }
    memo.assign(1 << n, -1);
    puts(wins((1 << n) - 1) ? "First" : "Second");
}
