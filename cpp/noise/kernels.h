// Noise kernels of the toolkit: one octave of value, gradient (Perlin), simplex and cellular noise,
// in 2-D (and 3-D for value, gradient, simplex), each normalised to [0, 1].
//
// Every kernel is a struct with a static `eval<WantGrad>(const Octave&, x, y, z, gx, gy)`; the
// fractal loop in field.cpp is a template over the kernel, so there is no per-sample dispatch.
// Batch fills do not call eval2 for value, gradient, 2-D simplex and cellular: row_kernels.h (and
// its SIMD loops) repeats their arithmetic with per-axis terms hoisted, operation for operation,
// so a change to a kernel here must be made there too (the fill == sample tests catch a miss).
// All hashing is uint32_t arithmetic (defined wrap-around); no FMA contraction is assumed
// (build with -ffp-contract=off; wasm has no scalar FMA).
//
// Lattice (in "lattice units", i.e. after dividing sample coordinates by the field's scale):
//   * value noise hashes the integer lattice with nf::hashU32 (seed multiplier selectable), and
//     in 3-D adds z * kHashZ to the hash input, so at integer z = 0 the 3-D value noise equals the
//     2-D one bit for bit;
//   * tiling: when an octave's period P > 0 the lattice index is taken modulo P (a double holding
//     an integer), so f(x + P, y) == f(x, y) whenever x + P is computed exactly. Simplex has no
//     square lattice to wrap: it maps each tiled axis onto a circle (SimplexKernel below).
#pragma once
#include <cmath>
#include <cstdint>

#include "hash.h"

namespace nf {

enum class NoiseType : uint8_t { Value, Gradient, Simplex, Cellular };
enum class FadeKind : uint8_t { Linear, Cubic, Quintic };
enum class FractalKind : uint8_t { None, Fbm, Ridged, Billow };
enum class CellDistance : uint8_t { Euclidean, Manhattan, Chebyshev };
enum class CellReturn : uint8_t { F1, F2, F2MinusF1, CellValue };

constexpr uint32_t kHashZ = 2246822519u;  // third lattice multiplier (3-D hashes)

namespace tk {

// What one octave of a kernel needs besides the coordinates.
struct Octave {
  uint32_t seed = 0;
  uint32_t seedMul = kLandscapeSeedMul;
  double periodX = 0, periodY = 0;  // 0: not tiled
  double jitter = 1;                // cellular only
  CellDistance cellDistance = CellDistance::Euclidean;
  CellReturn cellReturn = CellReturn::F1;
};

template <FadeKind F>
inline double fade(double t) {
  if constexpr (F == FadeKind::Linear) return t;
  else if constexpr (F == FadeKind::Cubic) return t * t * (3 - 2 * t);  // == nf::smoothstep
  else return t * t * t * (t * (t * 6 - 15) + 10);                     // == nf::quintic
}
template <FadeKind F>
inline double fadeDeriv(double t) {
  if constexpr (F == FadeKind::Linear) return 1;
  else if constexpr (F == FadeKind::Cubic) return 6 * t * (1 - t);
  else return 30 * t * t * (t * (t - 2) + 1);
}

// floor, fraction and the two (possibly wrapped) lattice indices of one axis.
struct Axis {
  uint32_t i0, i1;
  double t;
};
inline double wrapIndex(double f, double period) {
  double m = std::fmod(f, period);
  if (m < 0) m += period;
  return m;
}
// Tiled axes (period > 0) take the out-of-line path, so the plain one inlines into the kernels.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
inline void tiledIndices(double f, double period, Axis* a) {
  const double m0 = wrapIndex(f, period);
  double m1 = m0 + 1;
  if (m1 >= period) m1 -= period;
  a->i0 = wrapToU32(m0);
  a->i1 = wrapToU32(m1);
}
NF_HOT_INLINE Axis axis(double c, double period) {
  const double f = std::floor(c);
  Axis a;
  a.t = c - f;
  if (period > 0) {
    tiledIndices(f, period, &a);
  } else {
    a.i0 = wrapToU32(f);
    a.i1 = wrapToU32(f + 1);
  }
  return a;
}

inline double unit(uint32_t h) { return h / kTwoPow32; }

// ---------------------------------------------------------------------------------------------
// Value noise. 2-D: exactly nf::valueNoiseUnchecked when F == Cubic (same expression, same order).
template <FadeKind F>
struct ValueKernel {
  template <bool G>
  static double layer(const Axis& X, const Axis& Y, uint32_t zTerm, const Octave& o, double* gx, double* gy) {
    const uint32_t s = o.seed * o.seedMul + zTerm;
    const uint32_t bx0 = X.i0 * kHashX, bx1 = X.i1 * kHashX, by0 = Y.i0 * kHashY, by1 = Y.i1 * kHashY;
    const double a = unit(hashFinish(bx0 + by0 + s));
    const double b = unit(hashFinish(bx1 + by0 + s));
    const double c = unit(hashFinish(bx0 + by1 + s));
    const double d = unit(hashFinish(bx1 + by1 + s));
    const double u = fade<F>(X.t), v = fade<F>(Y.t);
    if constexpr (G) {
      const double k3 = a - b - c + d;
      *gx = fadeDeriv<F>(X.t) * ((b - a) + k3 * v);
      *gy = fadeDeriv<F>(Y.t) * ((c - a) + k3 * u);
    }
    return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
  }
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double* gx, double* gy) {
    return layer<G>(axis(x, o.periodX), axis(y, o.periodY), 0u, o, gx, gy);
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    const Axis X = axis(x, o.periodX), Y = axis(y, o.periodY), Z = axis(z, 0);
    double gx0 = 0, gy0 = 0, gx1 = 0, gy1 = 0;
    const double n0 = layer<G>(X, Y, Z.i0 * kHashZ, o, &gx0, &gy0);
    const double n1 = layer<G>(X, Y, Z.i1 * kHashZ, o, &gx1, &gy1);
    const double w = fade<F>(Z.t);
    if constexpr (G) {
      *gx = gx0 + (gx1 - gx0) * w;
      *gy = gy0 + (gy1 - gy0) * w;
    }
    return n0 + (n1 - n0) * w;
  }
};

// ---------------------------------------------------------------------------------------------
// Gradient (Perlin) noise. Gradients are unit vectors picked by the top bits of the lattice hash:
// 8 directions in 2-D, Perlin's 12 cube-edge directions (normalised; 4 repeated to make 16) in
// 3-D. The raw value is bounded by sqrt(N)/2 for unit gradients, so raw * 2/sqrt(N) lies in
// [-1, 1]; the output is 0.5 + 0.5 * that: exactly 0.5 at every lattice point.
// FadeKind::Cubic is Perlin 1985, FadeKind::Quintic Perlin 2002 ("improved").
constexpr double kInvSqrt2 = 0.70710678118654752440;
constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kInvSqrt3Times2 = 1.15470053837925152902;  // 2 / sqrt(3)
constexpr double kGrad2[8][2] = {{1, 0},          {kInvSqrt2, kInvSqrt2},   {0, 1},  {-kInvSqrt2, kInvSqrt2},
                                 {-1, 0},         {-kInvSqrt2, -kInvSqrt2}, {0, -1}, {kInvSqrt2, -kInvSqrt2}};
constexpr double kGrad3[16][3] = {
    {kInvSqrt2, kInvSqrt2, 0}, {-kInvSqrt2, kInvSqrt2, 0}, {kInvSqrt2, -kInvSqrt2, 0}, {-kInvSqrt2, -kInvSqrt2, 0},
    {kInvSqrt2, 0, kInvSqrt2}, {-kInvSqrt2, 0, kInvSqrt2}, {kInvSqrt2, 0, -kInvSqrt2}, {-kInvSqrt2, 0, -kInvSqrt2},
    {0, kInvSqrt2, kInvSqrt2}, {0, -kInvSqrt2, kInvSqrt2}, {0, kInvSqrt2, -kInvSqrt2}, {0, -kInvSqrt2, -kInvSqrt2},
    {kInvSqrt2, kInvSqrt2, 0}, {-kInvSqrt2, kInvSqrt2, 0}, {0, -kInvSqrt2, kInvSqrt2}, {0, -kInvSqrt2, -kInvSqrt2}};

inline double clampUnit(double v) { return v < 0 ? 0 : (v > 1 ? 1 : v); }

template <FadeKind F>
struct GradientKernel {
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double* gx, double* gy) {
    const Axis X = axis(x, o.periodX), Y = axis(y, o.periodY);
    const uint32_t s = o.seed * o.seedMul;
    const uint32_t bx0 = X.i0 * kHashX, bx1 = X.i1 * kHashX, by0 = Y.i0 * kHashY, by1 = Y.i1 * kHashY;
    const double* ga = kGrad2[hashFinish(bx0 + by0 + s) >> 29];
    const double* gb = kGrad2[hashFinish(bx1 + by0 + s) >> 29];
    const double* gc = kGrad2[hashFinish(bx0 + by1 + s) >> 29];
    const double* gd = kGrad2[hashFinish(bx1 + by1 + s) >> 29];
    const double tx = X.t, ty = Y.t;
    const double va = ga[0] * tx + ga[1] * ty;
    const double vb = gb[0] * (tx - 1) + gb[1] * ty;
    const double vc = gc[0] * tx + gc[1] * (ty - 1);
    const double vd = gd[0] * (tx - 1) + gd[1] * (ty - 1);
    const double u = fade<F>(tx), v = fade<F>(ty);
    const double k3 = va - vb - vc + vd;
    const double n = va + (vb - va) * u + (vc - va) * v + k3 * u * v;
    if constexpr (G) {  // Inigo Quilez's closed form, times the output scale
      const double du = fadeDeriv<F>(tx), dv = fadeDeriv<F>(ty);
      const double dx = ga[0] + u * (gb[0] - ga[0]) + v * (gc[0] - ga[0]) + u * v * (ga[0] - gb[0] - gc[0] + gd[0]) +
                        du * (v * k3 + vb - va);
      const double dy = ga[1] + u * (gb[1] - ga[1]) + v * (gc[1] - ga[1]) + u * v * (ga[1] - gb[1] - gc[1] + gd[1]) +
                        dv * (u * k3 + vc - va);
      *gx = 0.5 * kSqrt2 * dx;
      *gy = 0.5 * kSqrt2 * dy;
    }
    return clampUnit(0.5 + 0.5 * (n * kSqrt2));
  }

  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    const Axis X = axis(x, o.periodX), Y = axis(y, o.periodY), Z = axis(z, 0);
    const uint32_t s = o.seed * o.seedMul;
    const double u = fade<F>(X.t), v = fade<F>(Y.t), w = fade<F>(Z.t);
    double val[2], dxs[2], dys[2];
    for (int k = 0; k < 2; ++k) {
      const uint32_t zt = (k ? Z.i1 : Z.i0) * kHashZ + s;
      const double tz = Z.t - k;
      const uint32_t bx0 = X.i0 * kHashX, bx1 = X.i1 * kHashX, by0 = Y.i0 * kHashY, by1 = Y.i1 * kHashY;
      const double* ga = kGrad3[hashFinish(bx0 + by0 + zt) >> 28];
      const double* gb = kGrad3[hashFinish(bx1 + by0 + zt) >> 28];
      const double* gc = kGrad3[hashFinish(bx0 + by1 + zt) >> 28];
      const double* gd = kGrad3[hashFinish(bx1 + by1 + zt) >> 28];
      const double tx = X.t, ty = Y.t;
      const double va = ga[0] * tx + ga[1] * ty + ga[2] * tz;
      const double vb = gb[0] * (tx - 1) + gb[1] * ty + gb[2] * tz;
      const double vc = gc[0] * tx + gc[1] * (ty - 1) + gc[2] * tz;
      const double vd = gd[0] * (tx - 1) + gd[1] * (ty - 1) + gd[2] * tz;
      const double k3 = va - vb - vc + vd;
      val[k] = va + (vb - va) * u + (vc - va) * v + k3 * u * v;
      if constexpr (G) {
        const double du = fadeDeriv<F>(tx), dv = fadeDeriv<F>(ty);
        dxs[k] = ga[0] + u * (gb[0] - ga[0]) + v * (gc[0] - ga[0]) + u * v * (ga[0] - gb[0] - gc[0] + gd[0]) +
                 du * (v * k3 + vb - va);
        dys[k] = ga[1] + u * (gb[1] - ga[1]) + v * (gc[1] - ga[1]) + u * v * (ga[1] - gb[1] - gc[1] + gd[1]) +
                 dv * (u * k3 + vc - va);
      }
    }
    const double n = val[0] + (val[1] - val[0]) * w;
    if constexpr (G) {
      *gx = 0.5 * kInvSqrt3Times2 * (dxs[0] + (dxs[1] - dxs[0]) * w);
      *gy = 0.5 * kInvSqrt3Times2 * (dys[0] + (dys[1] - dys[0]) * w);
    }
    return clampUnit(0.5 + 0.5 * (n * kInvSqrt3Times2));
  }
};

// ---------------------------------------------------------------------------------------------
// Classic simplex noise (Perlin 2001 / Gustavson's formulation: skewed lattice, radial kernels
// (r^2 - d^2)^4 with r^2 = 0.5 in 2-D and 4-D, 0.6 in 3-D), with hashed gradients instead of a
// permutation table. The raw sum is scaled by a constant (kSimplexScale2/3/4, a little under
// 1 / the measured max |raw|, so the extremes land just inside (0, 1)) and the result clamped.
// 4-D uses r^2 = 0.5, not Gustavson's 0.6: with 0.6 a corner's kernel reaches past the simplices
// that contain the corner, and the field jumps (measured: |df/dx| up to 30 over 2e-6 steps,
// against 0.09 with 0.5).
//
// Tiling (FastNoise2's approach): a skewed lattice cannot be wrapped like a square one, so each
// tiled axis is bent into a circle of circumference P (radius P / 2pi: one lattice unit along x is
// one unit of arc, so features keep their size) and the noise is taken one dimension up:
//   periodX only:  3-D at (Rx cos a, Rx sin a, y)                     a = 2pi x / Px
//   periodY only:  3-D at (x, Ry cos b, Ry sin b)                     b = 2pi y / Py
//   both:          4-D at (Rx cos a, Rx sin a, Ry cos b, Ry sin b)    (a flat torus)
// The circles lie in orthogonal planes, so the map is locally an isometry of the plane. With a z
// (eval3) one period gives 4-D (.., z); with both, 5-D noise would be needed to keep z its own
// axis, so z instead moves the torus along kTorusDrift: every z slice still tiles, and the field
// changes continuously with z. A tiled simplex field is not a wrapped copy of the untiled one but
// a different field with the same feature size (and, in 4-D, lower contrast: README).
constexpr double kSimplexF2 = 0.36602540378443864676;  // (sqrt(3) - 1) / 2
constexpr double kSimplexG2 = 0.21132486540518711775;  // (3 - sqrt(3)) / 6
constexpr double kSimplexF4 = 0.30901699437494742410;  // (sqrt(5) - 1) / 4
constexpr double kSimplexG4 = 0.13819660112501051518;  // (5 - sqrt(5)) / 20
constexpr double kSimplexScale2 = 98.0;  // ~1 / max |raw| (empirical max |raw| 0.01008), unit gradients
constexpr double kSimplexScale3 = 46.0;  // ~1 / max |raw| (empirical max |raw| 0.02153), unit gradients
constexpr double kSimplexScale4 = 62.0;  // ~1 / max |raw| (max |raw| 0.015929, by hill-climbing), grad4
constexpr uint32_t kHashW = 3266489917u;  // fourth lattice multiplier (4-D simplex hashes)
constexpr double kTorusDrift[4] = {0.5, -0.5, 0.5, -0.5};  // unit; exact products with z
// Gustavson's 32 gradients of 4-D simplex noise: the midpoints of the edges of the 4-D hypercube
// (one coordinate 0, three +-1; length sqrt(3)), indexed by the top 5 bits of the corner hash.
constexpr double kGrad4[32][4] = {
    {0, 1, 1, 1}, {0, 1, 1, -1}, {0, 1, -1, 1}, {0, 1, -1, -1},
    {0, -1, 1, 1}, {0, -1, 1, -1}, {0, -1, -1, 1}, {0, -1, -1, -1},
    {1, 0, 1, 1}, {1, 0, 1, -1}, {1, 0, -1, 1}, {1, 0, -1, -1},
    {-1, 0, 1, 1}, {-1, 0, 1, -1}, {-1, 0, -1, 1}, {-1, 0, -1, -1},
    {1, 1, 0, 1}, {1, 1, 0, -1}, {1, -1, 0, 1}, {1, -1, 0, -1},
    {-1, 1, 0, 1}, {-1, 1, 0, -1}, {-1, -1, 0, 1}, {-1, -1, 0, -1},
    {1, 1, 1, 0}, {1, 1, -1, 0}, {1, -1, 1, 0}, {1, -1, -1, 0},
    {-1, 1, 1, 0}, {-1, 1, -1, 0}, {-1, -1, 1, 0}, {-1, -1, -1, 0}};

// sin and cos of 2pi t for t in [0, 1], from +, -, * only: libm's sin and cos may differ in the
// last bit between the native and the wasm build, and the fields promise the same bits on both.
// The angle is reduced to the nearest quarter turn (u - q is exact: Sterbenz), then Taylor
// polynomials on |theta| <= pi/4 (truncation below 3e-18, far under an ulp of the result).
inline void sinCosTurns(double t, double* s, double* c) {
  constexpr double kHalfPi = 1.57079632679489661923;
  const double u = t * 4;  // quarter turns, exact
  const double q = std::floor(u + 0.5);
  const double th = (u - q) * kHalfPi, t2 = th * th;
  const double sn =
      th * (1 + t2 * (-1.0 / 6 + t2 * (1.0 / 120 + t2 * (-1.0 / 5040 + t2 * (1.0 / 362880 + t2 * (-1.0 / 39916800 +
            t2 * (1.0 / 6227020800 + t2 * (-1.0 / 1307674368000 + t2 * (1.0 / 355687428096000)))))))));
  const double cs =
      1 + t2 * (-1.0 / 2 + t2 * (1.0 / 24 + t2 * (-1.0 / 720 + t2 * (1.0 / 40320 + t2 * (-1.0 / 3628800 +
          t2 * (1.0 / 479001600 + t2 * (-1.0 / 87178291200 + t2 * (1.0 / 20922789888000))))))));
  // q is in [0, 4] for t in [0, 1]; a non-finite t (an overflowed coordinate) must not reach the
  // int conversion, where it would be undefined.
  switch ((q >= 0 && q <= 4 ? static_cast<int>(q) : 0) & 3) {  // rotate by q quarter turns
    case 0: *s = sn; *c = cs; break;
    case 1: *s = cs; *c = -sn; break;
    case 2: *s = -sn; *c = -cs; break;
    default: *s = -cs; *c = sn; break;
  }
}

// The point of lattice coordinate x on the circle of circumference `period` centred at the
// origin. x is first reduced modulo the period (fmod is exact), so x and x + period give the
// same bits whenever x + period itself is exact.
inline void circlePoint(double x, double period, double* px, double* py) {
  constexpr double kInvTwoPi = 0.15915494309189533577;
  double s, c;
  sinCosTurns(wrapIndex(x, period) / period, &s, &c);
  const double r = period * kInvTwoPi;
  *px = r * c;
  *py = r * s;
}

struct SimplexKernel {
  // With G, the analytic gradient of the untiled kernel. Tiled simplex has none here: the field's
  // dispatch (opsFor) gives tiled simplex the central-difference routines, so G is never asked of
  // it; the gradient is then left at 0.
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double* gx, double* gy) {
    const uint32_t sd = o.seed * o.seedMul;
    if (o.periodX > 0 || o.periodY > 0) {
      if constexpr (G) *gx = *gy = 0;
      return tiled(o, sd, x, y, nullptr);
    }
    double dx = 0, dy = 0;
    const double raw = raw2<G>(sd, x, y, &dx, &dy);
    if constexpr (G) unitGrad(raw, kSimplexScale2, dx, dy, gx, gy);
    return toUnit(raw, kSimplexScale2);
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    const uint32_t sd = o.seed * o.seedMul;
    if (o.periodX > 0 || o.periodY > 0) {
      if constexpr (G) *gx = *gy = 0;
      return tiled(o, sd, x, y, &z);
    }
    double dx = 0, dy = 0;
    const double raw = raw3<G>(sd, x, y, z, &dx, &dy);
    if constexpr (G) unitGrad(raw, kSimplexScale3, dx, dy, gx, gy);
    return toUnit(raw, kSimplexScale3);
  }

  static double toUnit(double raw, double scale) { return clampUnit(0.5 + 0.5 * (raw * scale)); }
  // The gradient of toUnit: 0.5 * scale * d(raw), and 0 where the clamp holds the value flat.
  static void unitGrad(double raw, double scale, double dx, double dy, double* gx, double* gy) {
    const double u = 0.5 + 0.5 * (raw * scale);
    const bool flat = u < 0 || u > 1;
    *gx = flat ? 0 : 0.5 * (dx * scale);
    *gy = flat ? 0 : 0.5 * (dy * scale);
  }

  // One axis of a tiled sample: its circle point if the axis is tiled, else (c, 0). Depends on one
  // coordinate only, so the row fill computes it once per column and once per row.
  static void axisPoint(double c, double period, double* a, double* b) {
    if (period > 0) {
      circlePoint(c, period, a, b);
    } else {
      *a = c;
      *b = 0;
    }
  }
  // The tiled 2-D field from the points of its axes (axisPoint of x and of y).
  static double tiledFrom(const Octave& o, uint32_t sd, double ax, double ay, double bx, double by) {
    if (o.periodX > 0 && o.periodY > 0) return toUnit(raw4(sd, ax, ay, bx, by), kSimplexScale4);
    if (o.periodX > 0) return toUnit(raw3(sd, ax, ay, bx), kSimplexScale3);  // bx = y
    return toUnit(raw3(sd, ax, bx, by), kSimplexScale3);                      // ax = x
  }
  // The tiled field (see above); z null: 2-D.
  static double tiled(const Octave& o, uint32_t sd, double x, double y, const double* z) {
    double ax, ay, bx, by;
    axisPoint(x, o.periodX, &ax, &ay);
    axisPoint(y, o.periodY, &bx, &by);
    if (!z) return tiledFrom(o, sd, ax, ay, bx, by);
    if (o.periodX > 0 && o.periodY > 0) {
      ax += *z * kTorusDrift[0];
      ay += *z * kTorusDrift[1];
      bx += *z * kTorusDrift[2];
      by += *z * kTorusDrift[3];
      return toUnit(raw4(sd, ax, ay, bx, by), kSimplexScale4);
    }
    if (o.periodX > 0) return toUnit(raw4(sd, ax, ay, bx, *z), kSimplexScale4);
    return toUnit(raw4(sd, ax, bx, by, *z), kSimplexScale4);
  }

  // One corner's t^4 (g . d) added into n (t = r^2 - |d|^2 > 0, gd = g . d); with G also its
  // gradient in x and y: d moves with the point, so it contributes t^4 g - 8 t^3 (g . d) d.
  template <bool G>
  static void addCorner(double t, double gd, const double* g, double dx, double dy, double* n, double* sx, double* sy) {
    const double t2 = t * t;
    *n += t2 * t2 * gd;
    if constexpr (G) {
      const double t4 = t2 * t2, c = 8 * (t2 * t) * gd;
      *sx += t4 * g[0] - c * dx;
      *sy += t4 * g[1] - c * dy;
    }
  }

  // The raw kernel sums; sd is the seed term seed * seedMul of the corner hash. With G, also
  // d(raw)/dx and d(raw)/dy (addCorner).
  template <bool G = false>
  static double raw2(uint32_t sd, double x, double y, double* dx = nullptr, double* dy = nullptr) {
    const double s = (x + y) * kSimplexF2;
    const double fi = std::floor(x + s), fj = std::floor(y + s);
    const double t = (fi + fj) * kSimplexG2;
    const double x0 = x - (fi - t), y0 = y - (fj - t);
    const int i1 = x0 > y0 ? 1 : 0, j1 = 1 - i1;
    const double xs[3] = {x0, x0 - i1 + kSimplexG2, x0 - 1 + 2 * kSimplexG2};
    const double ys[3] = {y0, y0 - j1 + kSimplexG2, y0 - 1 + 2 * kSimplexG2};
    const uint32_t ix = wrapToU32(fi), iy = wrapToU32(fj);
    const uint32_t cx[3] = {ix, ix + static_cast<uint32_t>(i1), ix + 1u};
    const uint32_t cy[3] = {iy, iy + static_cast<uint32_t>(j1), iy + 1u};
    double n = 0, sx = 0, sy = 0;
    for (int k = 0; k < 3; ++k) {
      const double tt = 0.5 - xs[k] * xs[k] - ys[k] * ys[k];
      if (tt > 0) {
        const double* g = kGrad2[hashFinish(cx[k] * kHashX + cy[k] * kHashY + sd) >> 29];
        addCorner<G>(tt, g[0] * xs[k] + g[1] * ys[k], g, xs[k], ys[k], &n, &sx, &sy);
      }
    }
    if constexpr (G) {
      *dx = sx;
      *dy = sy;
    }
    return n;
  }

  template <bool G = false>
  static double raw3(uint32_t sd, double x, double y, double z, double* dx = nullptr, double* dy = nullptr) {
    constexpr double F3 = 1.0 / 3.0, G3 = 1.0 / 6.0;
    const double s = (x + y + z) * F3;
    const double fi = std::floor(x + s), fj = std::floor(y + s), fk = std::floor(z + s);
    const double t = (fi + fj + fk) * G3;
    const double x0 = x - (fi - t), y0 = y - (fj - t), z0 = z - (fk - t);
    int i1, j1, k1, i2, j2, k2;
    if (x0 >= y0) {
      if (y0 >= z0) { i1 = 1; j1 = 0; k1 = 0; i2 = 1; j2 = 1; k2 = 0; }
      else if (x0 >= z0) { i1 = 1; j1 = 0; k1 = 0; i2 = 1; j2 = 0; k2 = 1; }
      else { i1 = 0; j1 = 0; k1 = 1; i2 = 1; j2 = 0; k2 = 1; }
    } else {
      if (y0 < z0) { i1 = 0; j1 = 0; k1 = 1; i2 = 0; j2 = 1; k2 = 1; }
      else if (x0 < z0) { i1 = 0; j1 = 1; k1 = 0; i2 = 0; j2 = 1; k2 = 1; }
      else { i1 = 0; j1 = 1; k1 = 0; i2 = 1; j2 = 1; k2 = 0; }
    }
    const double xs[4] = {x0, x0 - i1 + G3, x0 - i2 + 2 * G3, x0 - 1 + 3 * G3};
    const double ys[4] = {y0, y0 - j1 + G3, y0 - j2 + 2 * G3, y0 - 1 + 3 * G3};
    const double zs[4] = {z0, z0 - k1 + G3, z0 - k2 + 2 * G3, z0 - 1 + 3 * G3};
    const uint32_t ix = wrapToU32(fi), iy = wrapToU32(fj), iz = wrapToU32(fk);
    const uint32_t cx[4] = {ix, ix + static_cast<uint32_t>(i1), ix + static_cast<uint32_t>(i2), ix + 1u};
    const uint32_t cy[4] = {iy, iy + static_cast<uint32_t>(j1), iy + static_cast<uint32_t>(j2), iy + 1u};
    const uint32_t cz[4] = {iz, iz + static_cast<uint32_t>(k1), iz + static_cast<uint32_t>(k2), iz + 1u};
    double n = 0, sx = 0, sy = 0;
    for (int k = 0; k < 4; ++k) {
      const double tt = 0.6 - xs[k] * xs[k] - ys[k] * ys[k] - zs[k] * zs[k];
      if (tt > 0) {
        const double* g = kGrad3[hashFinish(cx[k] * kHashX + cy[k] * kHashY + cz[k] * kHashZ + sd) >> 28];
        addCorner<G>(tt, g[0] * xs[k] + g[1] * ys[k] + g[2] * zs[k], g, xs[k], ys[k], &n, &sx, &sy);
      }
    }
    if constexpr (G) {
      *dx = sx;
      *dy = sy;
    }
    return n;
  }

  // 4-D: the simplex containing the point is found by ranking the four offsets from the cell
  // origin (the corner k steps along the axes of the k largest offsets).
  static double raw4(uint32_t sd, double x, double y, double z, double w) {
    const double s = (x + y + z + w) * kSimplexF4;
    const double fi = std::floor(x + s), fj = std::floor(y + s), fk = std::floor(z + s), fl = std::floor(w + s);
    const double t = (fi + fj + fk + fl) * kSimplexG4;
    const double d0[4] = {x - (fi - t), y - (fj - t), z - (fk - t), w - (fl - t)};
    int rank[4] = {0, 0, 0, 0};  // how many of the other offsets each one beats (ties: the later axis)
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b) ++rank[d0[a] > d0[b] ? a : b];
    const uint32_t base[4] = {wrapToU32(fi) * kHashX, wrapToU32(fj) * kHashY, wrapToU32(fk) * kHashZ,
                              wrapToU32(fl) * kHashW};
    constexpr uint32_t kMul[4] = {kHashX, kHashY, kHashZ, kHashW};
    double n = 0;
    for (int k = 0; k < 5; ++k) {  // corner k: one step along each axis of rank >= 4 - k
      double d[4];
      uint32_t h = sd;
      double tt = 0.5;
      for (int a = 0; a < 4; ++a) {
        const int step = rank[a] >= 4 - k ? 1 : 0;
        d[a] = d0[a] - step + k * kSimplexG4;
        h += base[a] + static_cast<uint32_t>(step) * kMul[a];
        tt -= d[a] * d[a];
      }
      if (tt > 0) {
        const double* g = kGrad4[hashFinish(h) >> 27];
        tt *= tt;
        n += tt * tt * (g[0] * d[0] + g[1] * d[1] + g[2] * d[2] + g[3] * d[3]);
      }
    }
    return n;
  }
};

// ---------------------------------------------------------------------------------------------
// Worley / cellular noise (2-D). One feature point per lattice cell at
//   cell + 0.5 + jitter * (h - 0.5)   (h uniform in [0, 1) per axis, from the cell hash),
// so with jitter <= 1 every point stays in its own cell and the 3 x 3 neighbourhood search is
// exact for F1 (and for F2 in all but rare jitter ~ 1 configurations, as in FastNoiseLite).
// Normalisation (then clamped to [0, 1]): F1 / kCellF1Max[d], F2 / kCellF2Max[d],
// (F2 - F1) / kCellEdgeMax[d], constants just above the empirical maxima at jitter 1 (raw F1
// 1.218 / 1.627 / 0.971, F2 1.415 / 1.749 / 1.295, F2-F1 1.320 / 1.617 / 1.234 for Euclidean /
// Manhattan / Chebyshev); CellValue is a uniform hash of the nearest cell in [0, 1).
constexpr double kCellF1Max[3] = {1.25, 1.7, 1.0};  // Euclidean, Manhattan, Chebyshev
constexpr double kCellF2Max[3] = {1.5, 1.8, 1.35};
constexpr double kCellEdgeMax[3] = {1.35, 1.7, 1.25};

template <CellDistance D>
inline double cellDist(double dx, double dy) {
  if constexpr (D == CellDistance::Euclidean) return std::sqrt(dx * dx + dy * dy);
  else if constexpr (D == CellDistance::Manhattan) return std::fabs(dx) + std::fabs(dy);
  else return std::fmax(std::fabs(dx), std::fabs(dy));
}

// The 3 x 3 feature-point search, shared by eval2 and the row kernels (row_kernels.h) so both
// find the same points: cell (i, j) hashes hx[i] + hy[j] (the seed term folded into one side;
// exact mod 2^32), fx, fy is the fraction within the centre cell.
// With Squared (Euclidean distances, F1 / F2 returns) it compares squared distances and takes two
// square roots at the end: sqrt is monotonic, so the smallest and second-smallest squared distances
// map to exactly the true-distance f1 and f2 (order statistics commute with a non-decreasing map).
// CellValue needs eval2's tie-breaking of `nearest` on the rounded distances, so it always compares
// true distances.
template <CellDistance D, bool Squared>
inline void cellSearch(const Octave& o, const uint32_t hx[3], const uint32_t hy[3], double fx, double fy,
                       double* f1o, double* f2o, uint32_t* nearestOut) {
  double f1 = 1e9, f2 = 1e9;
  uint32_t nearest = 0;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) {
      const uint32_t h = hashFinish(hx[i] + hy[j]);
      const uint32_t h2 = hashFinish(h + 0x9E3779B9u);
      const double px = (i - 1) + 0.5 + o.jitter * (unit(h) - 0.5) - fx;
      const double py = (j - 1) + 0.5 + o.jitter * (unit(h2) - 0.5) - fy;
      const double d = Squared ? px * px + py * py : cellDist<D>(px, py);
      if (d < f1) {
        f2 = f1;
        f1 = d;
        nearest = h2;
      } else if (d < f2) {
        f2 = d;
      }
    }
  }
  if constexpr (Squared) {
    f1 = std::sqrt(f1);
    f2 = std::sqrt(f2);
  }
  *f1o = f1;
  *f2o = f2;
  *nearestOut = nearest;
}

template <CellDistance D>
struct CellularKernel {
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double*, double*) {
    const double fxl = std::floor(x), fyl = std::floor(y);
    const double fx = x - fxl, fy = y - fyl;
    const uint32_t sd = o.seed * o.seedMul;
    uint32_t hx[3], hy[3];
    for (int k = 0; k < 3; ++k) {
      const double cx = fxl + (k - 1), cy = fyl + (k - 1);
      hx[k] = wrapToU32(o.periodX > 0 ? wrapIndex(cx, o.periodX) : cx) * kHashX;
      hy[k] = wrapToU32(o.periodY > 0 ? wrapIndex(cy, o.periodY) : cy) * kHashY + sd;
    }
    double f1, f2;
    uint32_t nearest;
    cellSearch<D, false>(o, hx, hy, fx, fy, &f1, &f2, &nearest);
    const int di = static_cast<int>(D);
    switch (o.cellReturn) {
      case CellReturn::F1: return clampUnit(f1 / kCellF1Max[di]);
      case CellReturn::F2: return clampUnit(f2 / kCellF2Max[di]);
      case CellReturn::F2MinusF1: return clampUnit((f2 - f1) / kCellEdgeMax[di]);
      case CellReturn::CellValue: break;
    }
    return unit(hashFinish(nearest + kHashMix));
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double, double* gx, double* gy) {
    return eval2<G>(o, x, y, gx, gy);  // cellular is 2-D: z is ignored
  }
};

}  // namespace tk
}  // namespace nf
