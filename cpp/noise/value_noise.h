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
// "Exactness"); value and gradient noise both end in it.
template <class D>
inline D bilerp(D a, D b, D c, D d, D u, D v) {
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

// One layer of value noise from its hash terms: x0, x1 = the two lattice x times kHashX, s0, s1 =
// the two lattice y times kHashY plus the seed term (and a z term). The hash input is a uint32 sum,
// so callers may group the terms as they hoist them. With G, the gradient per lattice unit from
// the fade derivatives du, dv.
template <bool G, class D, class UX, class UY>
inline D valueLayer(UX x0, UX x1, UY s0, UY s1, D u, D v, D du, D dv, D* gx, D* gy) {
  const D a = lanes::unit(hashFinishLanes(x0 + s0));
  const D b = lanes::unit(hashFinishLanes(x1 + s0));
  const D c = lanes::unit(hashFinishLanes(x0 + s1));
  const D d = lanes::unit(hashFinishLanes(x1 + s1));
  if constexpr (G) {
    const D k3 = a - b - c + d;
    *gx = du * ((b - a) + k3 * v);
    *gy = dv * ((c - a) + k3 * u);
  }
  return bilerp(a, b, c, d, u, v);
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

}  // namespace nf
