// A compile that writes more than the compile output cap: a 600 MiB initialized array
// makes the assembler write an object file of 600 MiB. The cap (256 MiB by default,
// `[judge] compile-output`) stops it there; the check says CE and caches nothing.
#include <cstdio>
int a[150000000] = {1};
int main() { std::printf("%d\n", a[0]); }
