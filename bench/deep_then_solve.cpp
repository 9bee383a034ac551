// For `grundy bench check`: a solution of agc017d or cot3 that is right on every input
// but crashes (SIGSEGV, a stack overflow) on deep trees, like the real solutions whose
// checks this bench measures. It walks the tree with a recursive DFS, then hands the
// input to `grundy solve PROBLEM` for the answer.
// Usage: deep_then_solve PROBLEM GRUNDY < input
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

static std::vector<std::vector<int>> adj;

static int dfs(int u, int parent) {
    volatile char pad[32];
    pad[0] = 1;
    int size = 1;
    for (int v : adj[u])
        if (v != parent) size += dfs(v, u);
    return size + pad[0];
}

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    FILE* saved = fopen("in.txt", "w");
    if (!saved) return 2;
    std::vector<char> text;
    char chunk[1 << 16];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, stdin)) > 0) text.insert(text.end(), chunk, chunk + k);
    fwrite(text.data(), 1, text.size(), saved);
    fclose(saved);
    text.push_back(0);
    char* p = text.data();
    auto next = [&]() { return (int)strtol(p, &p, 10); };
    int n = next();
    if (n < 1) return 2;
    if (strcmp(argv[1], "cot3") == 0)
        for (int i = 0; i < n; i++) next();  // the colours
    adj.assign(n + 1, {});
    for (int i = 1; i < n; i++) {
        int a = next(), b = next();
        if (a < 1 || a > n || b < 1 || b > n) return 2;
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    dfs(1, 0);
    execl(argv[2], argv[2], "solve", argv[1], "in.txt", (char*)nullptr);
    return 3;
}
