#include <stdio.h>

int main(void) {
    int n
    scanf("%d", &n);  /* the line above misses its semicolon */
    return 0;
}
