// Right answers, but a sieve of 10^6 made again for every test case (as if the primes
// were needed per game): fast on one test case, too slow on thousands.
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        std::vector<char> composite(1000001, 0);
        int primes = 0;
        for (int i = 2; i <= 1000000; i++) {
            if (composite[i]) continue;
            primes++;
            for (long long j = 1LL * i * i; j <= 1000000; j += i) composite[j] = 1;
        }
        int n;
        scanf("%d", &n);
        long long x = 0;
        for (int i = 0; i < n; i++) {
            long long a;
            scanf("%lld", &a);
            x ^= a;
        }
        puts(x || primes < 0 ? "First" : "Second");
    }
}
