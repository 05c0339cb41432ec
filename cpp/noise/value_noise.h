// The landscape's 2-D value noise: smoothstep-bilinear interpolation of hashed lattice values.
// The layer itself (valueLayer) is the toolkit's value kernel, its row fills and its scattered
// lanes too: one expression, instantiated per lane type (lanes.h).
#pragma once
#include <cmath>
#include <cstdint>

#include "fade.h"
#include "hash.h"
#include "lanes.h"

namespace nf {
NF_ISA_BEGIN

// Noise functions return this for NaN or infinite coordinates (documented in the README):
// a defined value instead of undefined behaviour in the float->int conversion.
constexpr double kNonFiniteResult = 0.0;

inline bool finite2(double x, double y) { return std::isfinite(x) && std::isfinite(y); }

// A finite coordinate can still overflow in a high octave or a warp (|x * frequency| > DBL_MAX);
// that evaluation comes out non-finite, and every public result and fill maps it here, to the
// same value a non-finite coordinate gives. Finite results pass through bit for bit.
inline double definedResult(double v) { return std::isfinite(v) ? v : kNonFiniteResult; }

// The bilinear blend of corner values a (x0 y0), b (x1 y0), c (x0 y1), d (x1 y1) by fades u, v in
// the reference order a + (b-a)u + (c-a)v + (a-b-c+d)uv, left to right (docs/scene.md,
// "Exactness"); value and gradient noise both end in it. BilerpTerms keeps the differences, for
// callers that blend one cell at many (u, v) (the canopy's wind) and for the gradient's slopes.
template <class D>
struct BilerpTerms {
  D a, ba, ca, abcd;
  BilerpTerms() = default;
  BilerpTerms(D a0, D b, D c, D d) : a(a0), ba(b - a0), ca(c - a0), abcd(a0 - b - c + d) {}
  D at(D u, D v) const { return a + ba * u + ca * v + abcd * u * v; }
  // From biased corner values A = a + bias ... (lanes::biasedUnit): the same doubles, as every
  // difference of two biased units equals the units' difference exactly, and so do the running
  // sums of abcd (multiples of 2^-32 below 2^21 in magnitude); a = A - bias is exact.
  static BilerpTerms fromBiased(D A, D B, D C, D Dd, double bias) {
    BilerpTerms t;
    t.a = A - bias;
    t.ba = B - A;
    t.ca = C - A;
    t.abcd = A - B - C + Dd;
    return t;
  }
};
template <class D>
inline D bilerp(D a, D b, D c, D d, D u, D v) {
  return BilerpTerms<D>(a, b, c, d).at(u, v);
}

// One layer of value noise from its hash terms: x0, x1 = the two lattice x times kHashX, s0, s1 =
// the two lattice y times kHashY plus the seed term (and a z term). The hash input is a uint32 sum,
// so callers may group the terms as they hoist them. With G, the gradient per lattice unit from
// the fade derivatives du, dv.
template <bool G, class D, class UX, class UY>
inline D valueLayer(UX x0, UX x1, UY s0, UY s1, D u, D v, D du, D dv, D* gx, D* gy) {
  const BilerpTerms<D> t = BilerpTerms<D>::fromBiased(
      lanes::biasedUnit(hashFinishLanes(x0 + s0)), lanes::biasedUnit(hashFinishLanes(x1 + s0)),
      lanes::biasedUnit(hashFinishLanes(x0 + s1)), lanes::biasedUnit(hashFinishLanes(x1 + s1)), lanes::kUnitBias<D>);
  if constexpr (G) {
    *gx = du * (t.ba + t.abcd * v);
    *gy = dv * (t.ca + t.abcd * u);
  }
  return t.at(u, v);
}

// The landscape's value noise at one point or a lane of points (the row fills of NoiseGrid use the
// lanes). No finiteness check: callers guarantee finite input.
template <class D>
inline D valueNoiseLanes(D x, D y, uint32_t seed, uint32_t seedMul = kLandscapeSeedMul) {
  const D xf = lanes::floor(x), yf = lanes::floor(y);
  const D u = fade<FadeKind::Cubic>(x - xf), v = fade<FadeKind::Cubic>(y - yf);
  lanes::UOf<D> x0, x1, y0, y1;
  lanes::latticeIndices(xf, &x0, &x1);
  lanes::latticeIndices(yf, &y0, &y1);
  const uint32_t s = seed * seedMul;
  return valueLayer<false, D>(x0 * kHashX, x1 * kHashX, y0 * kHashY + s, y1 * kHashY + s, u, v, D(0), D(0), nullptr,
                              nullptr);
}
inline double valueNoiseUnchecked(double x, double y, uint32_t seed, uint32_t seedMul = kLandscapeSeedMul) {
  return valueNoiseLanes(x, y, seed, seedMul);
}

// valueNoise(x, y, seed) in [0, 1); kNonFiniteResult for non-finite coordinates.
inline double valueNoise(double x, double y, uint32_t seed) {
  return finite2(x, y) ? definedResult(valueNoiseUnchecked(x, y, seed)) : kNonFiniteResult;
}

NF_ISA_END
}  // namespace nf
