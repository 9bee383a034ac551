#include <cstdio>

int main() {
    int k;
    if (scanf("%d", &k) != 1) return 0;
    for (int i = 0; i < k; i++) {
        long long h;
        if (scanf("%lld", &h) != 1) return 0;
        printf("%s%s", i ? " " : "", h % 3 ? "First" : "Second");
    }
    printf("\n");
}
