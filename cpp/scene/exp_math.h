// e^x and tanh(x) for the scene (decays per tick, the hour mark's ring, the spurs' lean), from +, -,
// *, /, floor, fabs, copysign and exact bit operations only: the same bits natively and in wasm
// (the library's targets carry -ffp-contract=off), where libm's exp and tanh are different
// functions on each platform, and a few hundred bytes of wasm where musl's exp brings a 2 KB table
// and tanh its expm1 (about 2 KB of the 404 page's packed wasm together). Within 1 ulp of glibc's
// for -707 <= x <= 709 (exp, 2 million samples; below, 0) and 3 ulp for every x (tanh):
// tests/native/scene_exp_math_test.cpp.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace nf::scene {

// e^r - 1 for |r| <= ln2 / 2: its Taylor series to r^13 (the rest under 2^-58 of the value there),
// as r * (1 + r/2 * (1 + r/3 * (...))), so that a small r loses nothing to cancellation (tanh).
inline double expm1Near0(double r) {
  double p = 1;
  for (int n = 13; n >= 2; --n) p = 1 + p * r / n;
  return r * p;
}

// 2^(j/16), j = 0..15, correctly rounded.
constexpr double kExp2Sixteenths[16] = {
    0x1.0000000000000p+0, 0x1.0b5586cf9890fp+0, 0x1.172b83c7d517bp+0, 0x1.2387a6e756238p+0,
    0x1.306fe0a31b715p+0, 0x1.3dea64c123422p+0, 0x1.4bfdad5362a27p+0, 0x1.5ab07dd485429p+0,
    0x1.6a09e667f3bcdp+0, 0x1.7a11473eb0187p+0, 0x1.8ace5422aa0dbp+0, 0x1.9c49182a3f090p+0,
    0x1.ae89f995ad3adp+0, 0x1.c199bdd85529cp+0, 0x1.d5818dcfba487p+0, 0x1.ea4afa2a490dap+0};

// x = (k / 16) ln2 + r with |r| <= ln2 / 32: returns e^r - 1 (Taylor to r^7: the rest under 2^-59
// of the value) and sets scale to 2^(k / 16), for -707 <= x <= 709. The water and the sky call it
// per pixel: the sixteenths keep the polynomial short. ln2 in two parts, the first with 21 zero
// bits, so that k * kLn2Hi / 16 is exact for every k here (|k| < 2^15).
inline double expReduced(double x, double& scale) {
  constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  const double k = std::floor(x * (16 * 1.44269504088896338700) + 0.5);
  const double r = (x - k * (kLn2Hi / 16)) - k * (kLn2Lo / 16);
  const int64_t ki = static_cast<int64_t>(k), j = ki & 15;
  const uint64_t bits = static_cast<uint64_t>((ki - j) / 16 + 1023) << 52;
  double two;
  std::memcpy(&two, &bits, sizeof two);
  scale = kExp2Sixteenths[j] * two;
  return r * (1 + r * (1.0 / 2 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720 + r * (1.0 / 5040)))))));
}

inline double sceneExp(double x) {
  if (x != x) return x;
  if (x > 709) return HUGE_VAL;  // a little early (e^709.78 is the largest double): the scene's x are <= 0
  if (x < -707) return 0;        // no subnormal results (e^-707 is about 2^-1020)
  double scale;
  const double q = expReduced(x, scale);
  return scale + scale * q;
}

// (e^2a - 1) / (e^2a + 1): for small a, e^2a - 1 from its series; else as 2^(k/16) (e^r - 1) +
// (2^(k/16) - 1), the second exact, so that the cancellation costs little.
inline double sceneTanh(double x) {
  const double a = std::fabs(x);
  if (!(a < 20)) return x != x ? x : std::copysign(1.0, x);  // 1 - tanh(20) is under half an ulp of 1
  double scale = 1, m;
  if (a < 0.17) {
    m = expm1Near0(2 * a);
  } else {
    const double q = expReduced(2 * a, scale);
    m = scale * q + (scale - 1);
  }
  return std::copysign(m / (m + 2), x);
}

}  // namespace nf::scene
