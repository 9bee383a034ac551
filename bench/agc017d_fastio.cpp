// agc017d as a strong contestant writes it: the whole input read with fread, integers
// scanned by hand, no adjacency lists — leaf peeling: every vertex keeps its degree and
// the XOR of its neighbours' ids, so a leaf's only neighbour (its parent, rooted at 1)
// is that XOR. Peeling leaves gives a bottom-up order in which the colon rule
// g(parent) ^= g(leaf) + 1 is applied. O(n), no recursion.
#include <cstdio>
#include <cstdlib>
#include <vector>

static char* buf;
static size_t len, pos;

static unsigned read_uint() {
    while (pos < len && (buf[pos] < '0' || buf[pos] > '9')) pos++;
    unsigned x = 0;
    while (pos < len && buf[pos] >= '0' && buf[pos] <= '9') x = x * 10 + (buf[pos++] - '0');
    return x;
}

int main() {
    size_t cap = 1 << 20;
    buf = (char*)malloc(cap);
    size_t k;
    while ((k = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += k;
        if (len == cap) buf = (char*)realloc(buf, cap *= 2);
    }
    unsigned n = read_uint();
    std::vector<unsigned> deg(n + 1, 0), xr(n + 1, 0), g(n + 1, 0);
    for (unsigned i = 1; i < n; i++) {
        unsigned a = read_uint(), b = read_uint();
        deg[a]++, deg[b]++;
        xr[a] ^= b, xr[b] ^= a;
    }
    std::vector<unsigned> stack;
    stack.reserve(n);
    for (unsigned v = 2; v <= n; v++)
        if (deg[v] == 1) stack.push_back(v);
    while (!stack.empty()) {
        unsigned v = stack.back();
        stack.pop_back();
        unsigned p = xr[v];
        g[p] ^= g[v] + 1;
        xr[p] ^= v;
        if (--deg[p] == 1 && p != 1) stack.push_back(p);
    }
    puts(g[1] ? "Alice" : "Bob");
}
