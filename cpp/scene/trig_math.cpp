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

}  // namespace

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
