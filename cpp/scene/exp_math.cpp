#include "exp_math.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace nf::scene {
namespace {

// e^r - 1 for |r| <= ln2 / 2: its Taylor series to r^13 (the rest under 2^-58 of the value there),
// as r * (1 + r/2 * (1 + r/3 * (...))), so that a small r loses nothing to cancellation (tanh).
double expm1Near0(double r) {
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
double expReduced(double x, double& scale) {
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

}  // namespace

double sceneExp(double x) {
  if (x != x) return x;
  if (x > 709) return HUGE_VAL;  // a little early (e^709.78 is the largest double): the scene's x are <= 0
  if (x < -707) return 0;        // no subnormal results (e^-707 is about 2^-1020)
  double scale;
  const double q = expReduced(x, scale);
  return scale + scale * q;
}

// (e^2a - 1) / (e^2a + 1): for small a, e^2a - 1 from its series; else as 2^(k/16) (e^r - 1) +
// (2^(k/16) - 1), the second exact, so that the cancellation costs little.
double sceneTanh(double x) {
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

// ln x for finite x >= 2^-1022: x = 2^e m with m in [sqrt(1/2), sqrt(2)), then
// ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.1716, as 2s (1 + s^2/3 + s^4/5 + ... s^20/21).
double sceneLogNormal(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  int64_t e = static_cast<int64_t>(bits >> 52) - 1023;
  bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
  double m;
  std::memcpy(&m, &bits, sizeof m);
  if (m > 1.41421356237309504880) {
    m *= 0.5;
    ++e;
  }
  const double f = m - 1;  // exact: m is within a factor 2 of 1
  const double s = f / (2 + f), s2 = s * s;
  double p = 1.0 / 21;
  for (int n = 19; n >= 3; n -= 2) p = 1.0 / n + s2 * p;
  constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  const double k = static_cast<double>(e);
  return k * kLn2Hi + (2 * s + (2 * s * s2 * p + k * kLn2Lo));
}

// x^y for the scene's shapes and easings: x in [0, 1] or so and y > 0 (NaN for x < 0 or NaN
// arguments; 0 for x under 2^-1022), as e^(y ln x).
double scenePow(double x, double y) {
  if (!(x >= 0) || y != y) return NAN;
  if (x == 1) return 1;
  if (x < 0x1p-1022) return y > 0 ? 0 : y < 0 ? HUGE_VAL : 1;
  if (x == HUGE_VAL) return y > 0 ? HUGE_VAL : y < 0 ? 0 : 1;
  return sceneExp(y * sceneLogNormal(x));
}

}  // namespace nf::scene
