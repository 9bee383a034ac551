#include <cstdio>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        int n;
        scanf("%d", &n);
        long long x = 0;
        for (int i = 0; i < n; i++) {
            long long a;
            scanf("%lld", &a);
            x ^= a;
        }
        puts(x ? "First" : "Second");
    }
}
