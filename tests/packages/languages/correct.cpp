#include <iostream>

int main() {
    int n, x = 0;
    std::cin >> n;
    for (int i = 0; i < n; i++) {
        int a;
        std::cin >> a;
        x ^= a % 4;
    }
    std::cout << (x ? "First" : "Second") << "\n";
}
