// Prints nf::exactPow(x, y) for pseudo-random x in (0, 1] (every tenth below 1e-30, some subnormal)
// and the exponents redistribution uses (y, and y - 1 for its derivative), as hex floats
// "x y result" per line, for exact_pow.test.mjs to check against a 50-digit reference.
#include <cstdio>
#include <cstdlib>
#include <random>

#include "noise/exact_pow.h"

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 10000;
  std::mt19937_64 rng(20261201);
  std::uniform_real_distribution<double> X(0, 1), Y(0.05, 8);
  // Exact powers and the edges first.
  const double fixed[][2] = {{0.25, 0.5}, {0.5, 2}, {0.0625, 0.25}, {0.75, 1}, {1, 3.7}, {0, 1.7}, {0x1p-1074, 0.05},
                             {0x1p-1074, -0.95}, {0x1.fffffffffffffp-1, 8}, {0x1p-1022, 1.05}, {0.5, 1074}, {0.5, 1074.5}};
  for (const auto& f : fixed) std::printf("%a %a %a\n", f[0], f[1], nf::exactPow(f[0], f[1]));
  for (int i = 0; i < n; ++i) {
    double x = X(rng), y = Y(rng);
    if (i % 3 == 1) y = static_cast<int>(y * 20) / 20.0;            // the schema's 0.05 steps
    if (i % 3 == 2) y = static_cast<int>(y * 20) / 20.0 - 1;        // the derivative's exponent
    if (i % 10 == 0) x *= 1e-30;
    if (i % 100 == 0) x *= 1e-280;                                  // subnormal or near it
    std::printf("%a %a %a\n", x, y, nf::exactPow(x, y));
  }
  return 0;
}
