// agc017d, crashes on deep chains: seed 001's recursive DFS (with cin). Fine on random
// trees, but a chain of 10^5 vertices overflows an 8 MiB stack... or not, depending on the
// frame size the compiler picks; run with --stack 4 to be sure.
#include <iostream>
#include <vector>
using namespace std;
const int MAX_N = 100050;
int valor_sg[MAX_N];
vector<int> adjacencia[MAX_N];
void DFS(int u, int pai) {
    for (int v : adjacencia[u]) {
        if (v == pai) continue;
        DFS(v, u);
        valor_sg[u] ^= (valor_sg[v] + 1);
    }
}
int main() {
    int n, u, v;
    cin >> n;
    for (int i = 1; i < n; i++) {
        cin >> u >> v;
        adjacencia[u].push_back(v);
        adjacencia[v].push_back(u);
    }
    DFS(1, 0);
    cout << (valor_sg[1] ? "Alice" : "Bob") << endl;
    return 0;
}
