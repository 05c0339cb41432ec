#include "trig_math.h"

#include <cmath>
#include <cstdint>

namespace nf::scene {
namespace {

// x - n pi/2 with n = x 2/pi rounded (its quadrant n mod 4), |result| <= pi/4 and a little;
// pi/2 in three parts of 33 bits and a fourth (computed from pi's digits).
double trigReduce(double x, int& quadrant) {
  constexpr double kP1 = 0x1.921fb544p+0, kP2 = 0x1.0b4611a6p-34, kP3 = 0x1.3198a2ep-69, kP4 = 0x1.b839a252049c1p-104;
  const double n = std::floor(x * 0x1.45f306dc9c883p-1 + 0.5);
  quadrant = static_cast<int>(static_cast<int64_t>(n) & 3);
  return (((x - n * kP1) - n * kP2) - n * kP3) - n * kP4;
}

// Taylor series on |r| <= pi/4 + a little: sin to r^17, cos to r^18 (the rest under 2^-60).
double sinNear0(double r) {
  const double r2 = r * r;
  const double p = -1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362880 + r2 * (-1.0 / 39916800 +
                   r2 * (1.0 / 6227020800 + r2 * (-1.0 / 1307674368000 + r2 * (1.0 / 355687428096000)))))));
  return r + r * r2 * p;
}
double cosNear0(double r) {
  const double r2 = r * r;
  const double q = 1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 + r2 * (-1.0 / 3628800 + r2 * (1.0 / 479001600 +
                   r2 * (-1.0 / 87178291200 + r2 * (1.0 / 20922789888000 + r2 * (-1.0 / 6402373705728000)))))));
  return 1 - (0.5 * r2 - r2 * r2 * q);
}

// atan(k/8) for k = 0..8, each as the nearest double and the rest (from a 60-digit evaluation of
// Euler's series); pi/2 and pi likewise.
constexpr double kAtanHi[9] = {0, 0x1.fd5ba9aac2f6ep-4, 0x1.f5b75f92c80ddp-3, 0x1.6f61941e4def1p-2, 0x1.dac670561bb4fp-2,
                               0x1.1e00babdefeb4p-1, 0x1.4978fa3269ee1p-1, 0x1.700a7c5784634p-1, 0x1.921fb54442d18p-1};
constexpr double kAtanLo[9] = {0, -0x1.cd37686760c17p-59, 0x1.8ab6e3cf7afbdp-57, -0x1.c63aae6f6e918p-56, 0x1.a2b7f222f65e2p-56,
                               -0x1.928df287a668fp-58, 0x1.2419a87f2a458p-56, -0x1.8c34d25aadef6p-56, 0x1.1a62633145c07p-55};
constexpr double kHalfPiHi = 0x1.921fb54442d18p+0, kHalfPiLo = 0x1.1a62633145c07p-54;
constexpr double kPiHi = 0x1.921fb54442d18p+1, kPiLo = 0x1.1a62633145c07p-53;

// base + s atan(u) for u in [0, 1], s = +-1, base 0, pi/2 or pi (as hi + lo): atan(u) = atan(c) +
// atan(t), c = k/8 the nearest eighth and t = (u - c) / (1 + uc), |t| <= 1/16, where Taylor to t^17
// leaves under 2^-60 of t. The sum is rounded at the end, its parts kept apart until then.
double atanFrom(double u, double s, double hi, double lo) {
  const int k = static_cast<int>(u * 8 + 0.5);
  const double c = k * 0.125;
  const double t = (u - c) / (1 + u * c);
  const double t2 = t * t;
  const double rest = t * t2 * (-1.0 / 3 + t2 * (1.0 / 5 + t2 * (-1.0 / 7 + t2 * (1.0 / 9 + t2 * (-1.0 / 11 +
                      t2 * (1.0 / 13 + t2 * (-1.0 / 15 + t2 * (1.0 / 17))))))));
  const double a = kAtanHi[k] + (kAtanLo[k] + (t + rest));
  return hi + (lo + s * a);
}

}  // namespace

double sceneAtan(double x) {
  const double a = std::fabs(x);
  if (!(a >= 0x1p-27)) return x;  // x^3/3 is under half an ulp of x; NaN and -0 as they are
  const double v = a <= 1 ? atanFrom(a, 1, 0, 0) : atanFrom(1 / a, -1, kHalfPiHi, kHalfPiLo);  // 1/inf = 0
  return x < 0 ? -v : v;
}

double sceneAtan2(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return x + y;
  const double ax = std::fabs(x), ay = std::fabs(y);
  const bool left = std::signbit(x);
  double v;
  if (ay == 0) v = left ? kPiHi : 0;  // atan2(+-0, -x) = +-pi, atan2(+-0, +x) = +-0
  else if (std::isinf(ax) && std::isinf(ay)) v = left ? 3 * (kHalfPiHi / 2) : kHalfPiHi / 2;
  else if (ay <= ax) v = left ? atanFrom(ay / ax, -1, kPiHi, kPiLo) : atanFrom(ay / ax, 1, 0, 0);
  else v = atanFrom(ax / ay, left ? 1 : -1, kHalfPiHi, kHalfPiLo);
  return std::signbit(y) ? -v : v;
}

double sceneSin(double x) {
  if (!(std::fabs(x) < 0x1p50)) return NAN;
  if (std::fabs(x) < 0x1p-26) return x;  // x^3/6 is under half an ulp of x (and -0 stays -0)
  int q;
  const double r = trigReduce(x, q);
  const double v = q & 1 ? cosNear0(r) : sinNear0(r);
  return q & 2 ? -v : v;
}

void sceneSinCos(double x, double& sin, double& cos) {
  if (!(std::fabs(x) < 0x1p50)) {
    sin = cos = NAN;
    return;
  }
  if (std::fabs(x) < 0x1p-26) {
    sin = x;
    cos = cosNear0(x);
    return;
  }
  int q;
  const double r = trigReduce(x, q);
  const double s = sinNear0(r), c = cosNear0(r);
  sin = q & 1 ? (q & 2 ? -c : c) : (q & 2 ? -s : s);
  cos = q & 1 ? ((q + 1) & 2 ? -s : s) : ((q + 1) & 2 ? -c : c);
}

double sceneCos(double x) {
  if (!(std::fabs(x) < 0x1p50)) return NAN;
  int q;
  const double r = trigReduce(x, q);
  const double v = q & 1 ? sinNear0(r) : cosNear0(r);
  return (q + 1) & 2 ? -v : v;
}

}  // namespace nf::scene
