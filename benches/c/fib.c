/* Recursive Fibonacci, the function of benches/ruby/fib.rb in C, for
 * `cargo xtask bench` to compare compiled Ruby with (gcc -O2).
 * Usage: fib [N] (default 32). */
#include <stdio.h>
#include <stdlib.h>

static long fib(long n) {
    if (n < 2) {
        return n;
    }
    return fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 32;
    printf("%ld\n", fib(n));
    return 0;
}
