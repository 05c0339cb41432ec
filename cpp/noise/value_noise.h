// The landscape's 2-D value noise: smoothstep-bilinear interpolation of hashed lattice values.
#pragma once
#include <cmath>
#include <cstdint>

#include "hash.h"

namespace nf {

// Noise functions return this for NaN or infinite coordinates (documented in the README):
// a defined value instead of undefined behaviour in the float->int conversion.
constexpr double kNonFiniteResult = 0.0;

inline bool finite2(double x, double y) { return std::isfinite(x) && std::isfinite(y); }

// A finite coordinate can still overflow in a high octave or a warp (|x * frequency| > DBL_MAX);
// that evaluation comes out non-finite, and every public result and fill maps it here, to the
// same value a non-finite coordinate gives. Finite results pass through bit for bit.
inline double definedResult(double v) { return std::isfinite(v) ? v : kNonFiniteResult; }

// No finiteness check: callers guarantee finite input. The operation order
// a + (b-a)u + (c-a)v + (a-b-c+d)uv is the reference order (docs/scene.md, "Exactness"), left to right, so results are bit-exact.
inline double valueNoiseUnchecked(double x, double y, uint32_t seed, uint32_t seedMul = kLandscapeSeedMul) {
  const double xf = std::floor(x), yf = std::floor(y);
  const double tx = x - xf, ty = y - yf;
  const double u = tx * tx * (3 - 2 * tx), v = ty * ty * (3 - 2 * ty);
  const uint32_t x0 = wrapToU32(xf), x1 = wrapToU32(xf + 1), y0 = wrapToU32(yf), y1 = wrapToU32(yf + 1);
  const double a = hashU32(x0, y0, seed, seedMul) / kTwoPow32;
  const double b = hashU32(x1, y0, seed, seedMul) / kTwoPow32;
  const double c = hashU32(x0, y1, seed, seedMul) / kTwoPow32;
  const double d = hashU32(x1, y1, seed, seedMul) / kTwoPow32;
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

// valueNoise(x, y, seed) in [0, 1); kNonFiniteResult for non-finite coordinates.
inline double valueNoise(double x, double y, uint32_t seed) {
  return finite2(x, y) ? definedResult(valueNoiseUnchecked(x, y, seed)) : kNonFiniteResult;
}

}  // namespace nf
