#include <stdio.h>

int main(void) {
    int n, x = 0;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n; i++) {
        int a;
        scanf("%d", &a);
        x ^= a; // WRONG: plain Nim
    }
    puts(x ? "First" : "Second");
    return 0;
}
