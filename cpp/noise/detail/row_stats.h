// A fill's row stored as floats with its statistics taken in lanes (Engine::storeFloatRow), bit
// for bit those of StatsAccumulator::storeRow, which rounds, stores and then adds the row serially.
//
// The minimum and maximum do not depend on the order of the values, except which of two equal
// values is kept: equal finite doubles are the same bits unless they are +0 and -0, so a row
// whose minimum or maximum is a zero takes them serially (addRow keeps the first of equals).
//
// The mean's sum is serial in StatsAccumulator: sum += v, one rounding a sample. A row's sum is
// taken in lanes only where that serial sum provably rounds nowhere, so that it is the exact sum
// of the values, which any order of exact additions gives too:
//   - every value (a float) and the running sum S0 are integer multiples of 2^G (G: the exponent
//     of the lowest bit of S0 and of the ulp of the row's smallest nonzero |value|; a float of
//     magnitude in [2^k, 2^(k+1)) is a multiple of 2^max(k - 23, -149), and so is every larger one);
//   - every partial sum (S0 plus any subset of the row, serially or per lane) is then a multiple
//     of 2^G of magnitude at most T = |S0| + sum |v|, and T < 2^(53 + G) makes it a double, so
//     each addition is exact. The lanes' sum of |v| is within a factor 1 + 2^-39 of T (n <= 16384),
//     so the test asks for it below 2^(52 + G).
// A row that fails the test, or holds a value that is not finite as a float, is added serially
// (addRow over the stored floats). The stored floats are static_cast<float> of the doubles in
// every case (cvtpd2ps rounds as cvtsd2ss does).
#pragma once
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "../grid.h"
#include "../lanes.h"

namespace nf {
NF_ISA_BEGIN
namespace rows {

// The exponent e of the lowest set bit of a finite nonzero double: v is an odd multiple of 2^e.
inline int lowBitExponent(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  const int biased = static_cast<int>((b >> 52) & 0x7FF);
  uint64_t m = b & ((uint64_t{1} << 52) - 1);
  int e = -1074;  // subnormal: m * 2^-1074
  if (biased != 0) {
    m |= uint64_t{1} << 52;
    e = biased - 1075;
  }
  while ((m & 1) == 0) {
    m >>= 1;
    ++e;
  }
  return e;
}
// floor(log2 |v|) of a normal double (every nonzero float is one).
inline int floorLog2(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return static_cast<int>((b >> 52) & 0x7FF) - 1023;
}

// out[i] = static_cast<float>(h[i]) for i < n, and the row added to acc as acc->addRow(out, n)
// would add it (see above). D: the engine's widest lane.
template <class D>
void storeFloatRowLanes(const double* h, int n, float* out, StatsAccumulator* acc) {
  using L = lanes::Lane<D>;
  constexpr int W = L::kWidth;
  const D inf(HUGE_VAL), fltMax(static_cast<double>(FLT_MAX));
  // Two sets of accumulators: the lanes' dependency chains are half as long.
  D lo[2] = {D(1e300), D(1e300)}, hi[2] = {D(-1e300), D(-1e300)}, sum[2] = {D(0), D(0)}, sumAbs[2] = {D(0), D(0)},
    minAbs[2] = {inf, inf};
  auto ok = D(0) < D(1);  // every float finite
  int i = 0;
  auto step = [&](int k, const D v) {
    const D a = lanes::abs(v);
    ok = lanes::both(ok, a <= fltMax);
    lo[k] = lanes::minDist(lo[k], v);  // v < lo ? v : lo, addRow's test
    hi[k] = lanes::maxDist(hi[k], v);  // hi < v ? v : hi, addRow's test
    sum[k] = sum[k] + v;
    sumAbs[k] = sumAbs[k] + a;
    minAbs[k] = lanes::minDist(minAbs[k], lanes::select(a > D(0), a, inf));
  };
  for (; i + 2 * W <= n; i += 2 * W) {
    step(0, L::storeF(out + i, L::load(h + i)));
    step(1, L::storeF(out + i + W, L::load(h + i + W)));
  }
  for (; i + W <= n; i += W) step(0, L::storeF(out + i, L::load(h + i)));
  double rlo = 1e300, rhi = -1e300, rsum = 0, rabs = 0, rmin = HUGE_VAL;
  bool fin = lanes::all(ok);
  {
    double l[2][W], u[2][W], s[2][W], sa[2][W], m[2][W];
    for (int k = 0; k < 2; ++k) {
      L::store(l[k], lo[k]);
      L::store(u[k], hi[k]);
      L::store(s[k], sum[k]);
      L::store(sa[k], sumAbs[k]);
      L::store(m[k], minAbs[k]);
    }
    for (int k = 0; k < 2; ++k)
      for (int w = 0; w < W; ++w) {
        if (l[k][w] < rlo) rlo = l[k][w];
        if (u[k][w] > rhi) rhi = u[k][w];
        rsum += s[k][w];
        rabs += sa[k][w];
        if (m[k][w] < rmin) rmin = m[k][w];
      }
  }
  for (; i < n; ++i) {  // the tail, one sample at a time
    out[i] = static_cast<float>(h[i]);
    const double v = out[i], a = std::fabs(v);
    fin = fin && a <= static_cast<double>(FLT_MAX);
    if (v < rlo) rlo = v;
    if (v > rhi) rhi = v;
    rsum += v;
    rabs += a;
    if (a > 0 && a < rmin) rmin = a;
  }
  const double s0 = acc->runningSum();
  bool exact = fin;
  if (exact && rmin < HUGE_VAL) {  // a row of zeros adds nothing: exact
    int g = floorLog2(rmin) - 23;
    if (g < -149) g = -149;
    if (s0 != 0) {
      const int gs = lowBitExponent(s0);
      if (gs < g) g = gs;
    }
    exact = std::fabs(s0) + rabs < std::ldexp(1.0, 52 + g);
  }
  if (!exact) return acc->addRow(out, n);
  if (rlo == 0 || rhi == 0) {  // +0 and -0 are equal: addRow keeps the first of them
    rlo = 1e300, rhi = -1e300;
    for (int j = 0; j < n; ++j) {
      const double v = out[j];
      if (v < rlo) rlo = v;
      if (v > rhi) rhi = v;
    }
  }
  acc->mergeRow(rlo, rhi, s0 + rsum, n);
}

}  // namespace rows
NF_ISA_END
}  // namespace nf
