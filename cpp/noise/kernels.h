// Noise kernels of the toolkit: one octave of value, gradient (Perlin), simplex and cellular noise,
// in 2-D (and 3-D for value, gradient, simplex), each normalised to [0, 1].
//
// Every kernel is a struct with a static `eval<WantGrad>(const Octave&, x, y, z, gx, gy)`; the
// fractal loop in field.cpp is a template over the kernel, so there is no per-sample dispatch.
// Batch fills do not call eval2 for value, gradient, 2-D simplex, cellular and OpenSimplex2: detail/rows.h (and
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
#include <type_traits>

#include "fade.h"
#include "fractal.h"
#include "hash.h"
#include "lanes.h"
#include "value_noise.h"

namespace nf {
NF_ISA_BEGIN
namespace tk {

using nf::fade;
using nf::fadeDeriv;
using nf::Octave;
using nf::seedTerm;
using lanes::UOf;

// floor, fraction and the two (possibly wrapped) lattice indices of one axis, for one sample
// (Axis) or a lane of them.
template <class D>
struct LatticeAxis {
  UOf<D> i0, i1;
  D t;
};
using Axis = LatticeAxis<double>;
inline double wrapIndex(double f, double period) {
  double m = std::fmod(f, period);
  if (m < 0) m += period;
  return m;
}
// Tiled axes (period > 0) take the out-of-line path, so the plain one inlines into the kernels.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
inline void tiledIndices(double f, double period, uint32_t* i0, uint32_t* i1) {
  const double m0 = wrapIndex(f, period);
  double m1 = m0 + 1;
  if (m1 >= period) m1 -= period;
  *i0 = wrapToU32(m0);
  *i1 = wrapToU32(m1);
}
// Near: the caller knows the axis untiled and |floor(c)| < lanes::kNearLattice.
template <class D, bool Near = false>
NF_HOT_INLINE LatticeAxis<D> axisOf(D c, double period) {
  using L = lanes::Lane<D>;
  const D f = lanes::floor(c);
  LatticeAxis<D> a;
  a.t = c - f;
  if constexpr (Near) {
    lanes::nearLatticeIndices(f, &a.i0, &a.i1);
  } else if (period > 0) {
    double fl[L::kWidth];
    uint32_t i0[L::kWidth], i1[L::kWidth];
    L::store(fl, f);
    for (int k = 0; k < L::kWidth; ++k) tiledIndices(fl[k], period, &i0[k], &i1[k]);
    a.i0 = L::loadU(i0);
    a.i1 = L::loadU(i1);
  } else {
    lanes::latticeIndices(f, &a.i0, &a.i1);
  }
  return a;
}
NF_HOT_INLINE Axis axis(double c, double period) { return axisOf(c, period); }

inline double unit(uint32_t h) { return lanes::unit(h); }

// v < 0 ? 0 : (v > 1 ? 1 : v) (a NaN passes through), lanes::clampUnit's selects.
template <class D>
inline D clampUnit(D v) {
  return lanes::clampUnit(v);
}

// ---------------------------------------------------------------------------------------------
// Value noise as axis terms + combine. The x terms (XTerms) depend on x alone, the y terms
// (YTerms: y, the seed and, in 3-D, z) on the row alone, so a row fill builds each once per
// column or row and combines them per sample; a point sample or a scattered lane builds both
// and combines them at once. 2-D with F == Cubic is nf::valueNoiseUnchecked (the same valueLayer).
// 3-D: two layers whose hash inputs differ by z * kHashZ, blended by fade(z), so at integer z = 0
// the 3-D value noise equals the 2-D one bit for bit.
// The point forms of a kernel written as xTerms / yTerms / combine: at() for one sample or a lane
// of scattered points, eval2() for Field's samples.
template <class K>
struct TermPoint {
  template <bool G, bool Is3D, class D>
  static D at(const Octave& o, D x, D y, double z, D* gx, D* gy) {
    return K::template combine<G, Is3D>(K::xTerms(o, x), K::template yTerms<Is3D>(o, y, z), gx, gy);
  }
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double* gx, double* gy) {
    return at<G, false>(o, x, y, 0.0, gx, gy);
  }
};

template <FadeKind F>
struct ValueKernel : TermPoint<ValueKernel<F>> {
  template <class D>
  struct XTerms {
    UOf<D> h0, h1;  // lattice x (resp. + 1, tiled) times kHashX
    D u, du;        // fade of the fraction and its derivative
  };
  template <class D>
  struct YTerms {
    UOf<D> s0[2], s1[2];  // lattice y (resp. + 1) times kHashY + seed term + z term of layer k
    D v, dv;
    double w = 0;  // fade of the z fraction (3-D)
  };
  template <class D, bool Near = false>
  NF_HOT_INLINE static XTerms<D> xTerms(const Octave& o, D x) {
    const LatticeAxis<D> X = axisOf<D, Near>(x, o.periodX);
    const UOf<D> h0 = X.i0 * kHashX;  // Near: i1 = i0 + 1, so its term is h0 + kHashX (mod 2^32)
    return {h0, Near ? h0 + kHashX : X.i1 * kHashX, fade<F>(X.t), fadeDeriv<F>(X.t)};
  }
  template <bool Is3D, class D, bool Near = false>
  NF_HOT_INLINE static YTerms<D> yTerms(const Octave& o, D y, double z) {
    const LatticeAxis<D> Y = axisOf<D, Near>(y, o.periodY);
    const uint32_t s = seedTerm(o);
    uint32_t zt[2] = {0u, 0u};
    YTerms<D> r;
    if constexpr (Is3D) {
      const Axis Z = axis(z, 0);
      zt[0] = Z.i0 * kHashZ;
      zt[1] = Z.i1 * kHashZ;
      r.w = fade<F>(Z.t);
    }
    const UOf<D> y0 = Y.i0 * kHashY, y1 = Near ? y0 + kHashY : Y.i1 * kHashY;
    for (int k = 0; k < 2; ++k) {
      r.s0[k] = y0 + (s + zt[k]);
      r.s1[k] = y1 + (s + zt[k]);
    }
    r.v = fade<F>(Y.t);
    r.dv = fadeDeriv<F>(Y.t);
    return r;
  }
  // The sample(s) of x terms X and y terms Y (Y may be one row's scalars under lanes of columns).
  template <bool G, bool Is3D, class D, class DY>
  NF_HOT_INLINE static D combine(const XTerms<D>& X, const YTerms<DY>& Y, D* gx, D* gy) {
    const D v = D(Y.v), dv = D(Y.dv);
    D gx0 = D(0), gy0 = D(0);
    const D n0 = valueLayer<G, D>(X.h0, X.h1, Y.s0[0], Y.s1[0], X.u, v, X.du, dv, &gx0, &gy0);
    if constexpr (!Is3D) {
      if constexpr (G) *gx = gx0, *gy = gy0;
      return n0;
    } else {
      D gx1 = D(0), gy1 = D(0);
      const D n1 = valueLayer<G, D>(X.h0, X.h1, Y.s0[1], Y.s1[1], X.u, v, X.du, dv, &gx1, &gy1);
      const D w = D(Y.w);
      if constexpr (G) {
        *gx = lerpLanes(gx0, gx1, w);
        *gy = lerpLanes(gy0, gy1, w);
      }
      return lerpLanes(n0, n1, w);
    }
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    return TermPoint<ValueKernel>::template at<G, true>(o, x, y, z, gx, gy);
  }
  // at() where the octave is untiled and |floor(x)|, |floor(y)| < lanes::kNearLattice is known.
  template <bool G, bool Is3D, class D>
  NF_HOT_INLINE static D atNear(const Octave& o, D x, D y, double z, D* gx, D* gy) {
    return combine<G, Is3D>(xTerms<D, true>(o, x), yTerms<Is3D, D, true>(o, y, z), gx, gy);
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

#if defined(NF_LANES_AVX2)
// Grad8's table as words, for the AVX2 lanes' register lookups (lanes::pick8). (kGrad3's 16 rows
// the same way, two lookups a word and a blend, measured 1.08x the time of its inlined gather3 in
// 3-D OpenSimplex2.)
inline constexpr auto kGrad2Words = lanes::wordTable(kGrad2);
#endif
// The gradient directions of corner hashes h (one sample or a lane): Set::index(h) picks the
// table row.
template <class Set, class D>
inline void gradientsOf(const double (*table)[2], UOf<D> h, D* g) {
  lanes::gather2(table, Set::index(h), &g[0], &g[1]);
}
// Classic simplex and 2-D gradient noise pick one of 8 directions by the top 3 hash bits.
struct Grad8 {
  template <class U>
  static U index(U h) { return h >> 29; }
  template <class D>
  static void of(UOf<D> h, D* g) {
#if defined(NF_LANES_AVX2) && !defined(NF_GRAD8_TABLE)
    // AVX2 lanes pick the rows by register lookups (lanes::pick8): the same doubles, no gather.
    if constexpr (lanes::kWidthOf<D> > 1) return lanes::pick8(kGrad2Words, h, &g[0], &g[1]);
#endif
    gradientsOf<Grad8, D>(kGrad2, h, g);
  }
};

// d/dx and d/dy of gradient noise's bilinear blend of corner values va..vd (corner gradients ga..gd,
// fades u, v and their derivatives du, dv): Inigo Quilez's closed form, in 2-D and per z layer in 3-D.
template <class D, class GD>
inline void gradientSlope(const GD* ga, const GD* gb, const GD* gc, const GD* gd, D va, D vb, D vc, D vd, D u, D v,
                          D du, D dv, D* dx, D* dy) {
  const D k3 = va - vb - vc + vd;
  *dx = ga[0] + u * (gb[0] - ga[0]) + v * (gc[0] - ga[0]) + u * v * (ga[0] - gb[0] - gc[0] + gd[0]) +
        du * (v * k3 + vb - va);
  *dy = ga[1] + u * (gb[1] - ga[1]) + v * (gc[1] - ga[1]) + u * v * (ga[1] - gb[1] - gc[1] + gd[1]) +
        dv * (u * k3 + vc - va);
}

template <FadeKind F>
struct GradientKernel : TermPoint<GradientKernel<F>> {
  template <class D>
  struct XTerms {
    UOf<D> h0, h1;
    D t, tm1, u, du;  // fraction, fraction - 1, fade, fade derivative
  };
  template <class D>
  struct YTerms {
    UOf<D> s0, s1;  // lattice y (resp. + 1) times kHashY + seed term
    D t, tm1, v, dv;
  };
  template <class D>
  static XTerms<D> xTerms(const Octave& o, D x) {
    const LatticeAxis<D> X = axisOf(x, o.periodX);
    return {X.i0 * kHashX, X.i1 * kHashX, X.t, X.t - 1, fade<F>(X.t), fadeDeriv<F>(X.t)};
  }
  template <bool Is3D, class D>
  static YTerms<D> yTerms(const Octave& o, D y, double) {
    const LatticeAxis<D> Y = axisOf(y, o.periodY);
    const uint32_t s = seedTerm(o);
    return {Y.i0 * kHashY + s, Y.i1 * kHashY + s, Y.t, Y.t - 1, fade<F>(Y.t), fadeDeriv<F>(Y.t)};
  }
  template <bool G, bool Is3D, class D, class DY>
  NF_HOT_INLINE static D combine(const XTerms<D>& X, const YTerms<DY>& Y, D* gx, D* gy) {
    static_assert(!Is3D, "3-D gradient noise has no hoisted terms (eval3)");
    D ga[2], gb[2], gc[2], gd[2];
    Grad8::of<D>(hashFinishLanes(X.h0 + Y.s0), ga);
    Grad8::of<D>(hashFinishLanes(X.h1 + Y.s0), gb);
    Grad8::of<D>(hashFinishLanes(X.h0 + Y.s1), gc);
    Grad8::of<D>(hashFinishLanes(X.h1 + Y.s1), gd);
    const D tx = X.t, txm1 = X.tm1, ty = D(Y.t), tym1 = D(Y.tm1), u = X.u, v = D(Y.v);
    const D va = ga[0] * tx + ga[1] * ty;
    const D vb = gb[0] * txm1 + gb[1] * ty;
    const D vc = gc[0] * tx + gc[1] * tym1;
    const D vd = gd[0] * txm1 + gd[1] * tym1;
    const D n = bilerp(va, vb, vc, vd, u, v);
    if constexpr (G) {
      D dx, dy;
      gradientSlope(ga, gb, gc, gd, va, vb, vc, vd, u, v, X.du, D(Y.dv), &dx, &dy);
      *gx = 0.5 * kSqrt2 * dx;
      *gy = 0.5 * kSqrt2 * dy;
    }
    return clampUnit(0.5 + 0.5 * (n * kSqrt2));
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    const Axis X = axis(x, o.periodX), Y = axis(y, o.periodY), Z = axis(z, 0);
    const uint32_t s = seedTerm(o);
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
      val[k] = bilerp(va, vb, vc, vd, u, v);
      if constexpr (G) gradientSlope(ga, gb, gc, gd, va, vb, vc, vd, u, v, fadeDeriv<F>(tx), fadeDeriv<F>(ty), &dxs[k], &dys[k]);
    }
    const double n = lerpLanes(val[0], val[1], w);
    if constexpr (G) {
      *gx = 0.5 * kInvSqrt3Times2 * lerpLanes(dxs[0], dxs[1], w);
      *gy = 0.5 * kInvSqrt3Times2 * lerpLanes(dys[0], dys[1], w);
    }
    return clampUnit(0.5 + 0.5 * (n * kInvSqrt3Times2));
  }
};

// Kernels with a lane form K::at<G, Is3D>(o, x, y, z, gx, gy) over lanes of scattered points.
template <class K, bool Is3D>
struct HasLanes : std::false_type {};
template <FadeKind F, bool Is3D>
struct HasLanes<ValueKernel<F>, Is3D> : std::true_type {};
template <FadeKind F>
struct HasLanes<GradientKernel<F>, false> : std::true_type {};
template <class K>
struct IsValueKernel : std::false_type {};
template <FadeKind F>
struct IsValueKernel<ValueKernel<F>> : std::true_type {};

// ---------------------------------------------------------------------------------------------
// Classic simplex noise (Perlin 2001 / Gustavson's formulation: skewed lattice, radial kernels
// (r^2 - d^2)^4), with hashed gradients instead of a permutation table. r^2 = 0.5 in every
// dimension, not Gustavson's 0.6 in 3-D and 4-D: a corner's kernel must vanish before the point
// leaves the simplices that contain the corner, else the field jumps where the sample's simplex
// changes. In 2-D the distance from a corner to the opposite edge of its triangles is exactly
// sqrt(1/2); in 3-D and 4-D r^2 = 0.5 is the radius Gustavson gives for a seamless field (the
// continuity tests check all three at simplex faces; measured with 0.6: jumps of 0.005 in 3-D,
// |df/dx| up to 30 in 4-D). The raw sum is scaled by a constant (kSimplexScale2/3/4, a little under 1 / the
// measured max |raw|, so the extremes land just inside (0, 1)) and the result clamped.
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
constexpr double kSimplexScale3 = 108.0;  // ~1 / max |raw| (max |raw| 0.009197 at r^2 = 0.5, by hill-climbing), unit gradients
constexpr double kSimplexScale4 = 62.0;  // ~1 / max |raw| (max |raw| 0.015929, by hill-climbing), grad4
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
    const uint32_t sd = seedTerm(o);
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
    const uint32_t sd = seedTerm(o);
    if (o.periodX > 0 || o.periodY > 0) {
      if constexpr (G) *gx = *gy = 0;
      return tiled(o, sd, x, y, &z);
    }
    double dx = 0, dy = 0;
    const double raw = raw3<G>(sd, x, y, z, &dx, &dy);
    if constexpr (G) unitGrad(raw, kSimplexScale3, dx, dy, gx, gy);
    return toUnit(raw, kSimplexScale3);
  }

  template <class D>
  static D toUnit(D raw, double scale) { return clampUnit(0.5 + 0.5 * (raw * scale)); }
  // The gradient of toUnit: 0.5 * scale * d(raw), and 0 where the clamp holds the value flat.
  template <class D>
  static void unitGrad(D raw, double scale, D dx, D dy, D* gx, D* gy) {
    const D u = 0.5 + 0.5 * (raw * scale);
    const auto flat = lanes::either(u < D(0), u > D(1));
    *gx = lanes::select(flat, D(0), 0.5 * (dx * scale));
    *gy = lanes::select(flat, D(0), 0.5 * (dy * scale));
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

  // One corner's t^4 (g . d) added into n (t = r^2 - |d|^2, gd = g . d) where `live` (t > 0);
  // with G also its gradient in x and y: d moves with the point, so it contributes
  // t^4 g - 8 t^3 (g . d) d. Lanes whose corner is out of reach keep their sums (select).
  template <bool G, class D, class M>
  static void addCorner(M live, D t, D gd, const D* g, D dx, D dy, D* n, D* sx, D* sy) {
    const D t2 = t * t;
    *n = lanes::select(live, *n + t2 * t2 * gd, *n);
    if constexpr (G) {
      const D t4 = t2 * t2, c = 8 * (t2 * t) * gd;
      *sx = lanes::select(live, *sx + (t4 * g[0] - c * dx), *sx);
      *sy = lanes::select(live, *sy + (t4 * g[1] - c * dy), *sy);
    }
  }
  // Every lane adds (t = positivePart(r^2 - |d|^2): +0 where out of reach, see raw2's Near).
  template <bool G, class D>
  static void addCorner(D t, D gd, const D* g, D dx, D dy, D* n, D* sx, D* sy) {
    const D t2 = t * t;
    *n = *n + t2 * t2 * gd;
    if constexpr (G) {
      const D t4 = t2 * t2, c = 8 * (t2 * t) * gd;
      *sx = *sx + (t4 * g[0] - c * dx);
      *sy = *sy + (t4 * g[1] - c * dy);
    }
  }

  // The raw kernel sums of the 2-D simplex lattice, for one sample or a lane; sd is the seed term
  // of the corner hash. With G, also d(raw)/dx and d(raw)/dy (addCorner). Simplex (Grad8) and
  // OpenSimplex2 (Grad24) share it.
  // A lane takes every corner without a branch (a corner out of reach of all four lanes is rare,
  // and the test and branch cost V8 more than the corner). Near: the caller knows |x|, |y| < 2^48
  // (a row bounded once, lanes only): the lattice indices need no range check, every term is
  // finite, so a corner out of reach adds its weight positivePart(tt) = +0 times a finite value,
  // which leaves the sums as they are (they start at +0 and so are never -0), and no select is
  // needed.
  template <bool G = false, class Grads = Grad8, class D = double, bool Near = false>
  NF_HOT_INLINE static D raw2(UOf<D> sd, D x, D y, D* dx = nullptr, D* dy = nullptr) {
    constexpr bool kLanes = lanes::kWidthOf<D> > 1;
    static_assert(kLanes || !Near, "Near is a lane form");
    const D s = (x + y) * kSimplexF2;
    const D fi = lanes::floor(x + s), fj = lanes::floor(y + s);
    const D t = (fi + fj) * kSimplexG2;
    const D x0 = x - (fi - t), y0 = y - (fj - t);
    const auto right = x0 > y0;  // the middle corner is one step along x, else along y
    // x0 - 1 once: (x0 - i1) + G2 is x0 + G2 or (x0 - 1) + G2 (x0 - 0 is x0, -0 included).
    const D x1 = x0 - 1, y1 = y0 - 1;
    const D xs[3] = {x0, lanes::select(right, x1, x0) + kSimplexG2, x1 + 2 * kSimplexG2};
    const D ys[3] = {y0, lanes::select(right, y0, y1) + kSimplexG2, y1 + 2 * kSimplexG2};
    // Corner hash inputs cx * kHashX + cy * kHashY + sd, from the first corner's by adding the
    // steps (a uint32 sum: the same bits in any grouping).
    using U = UOf<D>;
    U h0;
    if constexpr (Near) h0 = lanes::nearLatticeIndex(fi) * kHashX + lanes::nearLatticeIndex(fj) * kHashY + sd;
    else h0 = lanes::latticeIndex(fi) * kHashX + lanes::latticeIndex(fj) * kHashY + sd;
    const U hs[3] = {h0, h0 + lanes::select(right, U(kHashX), U(kHashY)), h0 + U(kHashX + kHashY)};
    D n = D(0), sx = D(0), sy = D(0);
    for (int k = 0; k < 3; ++k) {
      const D tt = 0.5 - xs[k] * xs[k] - ys[k] * ys[k];
      const auto live = tt > D(0);
      if constexpr (!kLanes) {
        if (!live) continue;
      }
      D g[2];
      Grads::template of<D>(hashFinishLanes(hs[k]), g);
      const D gd = g[0] * xs[k] + g[1] * ys[k];
      if constexpr (Near) addCorner<G>(lanes::positivePart(tt), gd, g, xs[k], ys[k], &n, &sx, &sy);
      else addCorner<G>(live, tt, gd, g, xs[k], ys[k], &n, &sx, &sy);
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
      const double tt = 0.5 - xs[k] * xs[k] - ys[k] * ys[k] - zs[k] * zs[k];
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
// Worley / cellular noise, 2-D and 3-D. One feature point per lattice cell at
//   cell + 0.5 + jitter * (h - 0.5)   per axis (h uniform in [0, 1), from the cell hash),
// so with jitter J in [0, 1] the point of cell k lies in the box [k + (1-J)/2, k + (1+J)/2) of
// each axis, inside its own cell.
//
// The search is exact (the F1, F2 and nearest cell of every point of the whole lattice), by this
// bound. Let the sample be at fraction f in [0, 1)^d of its cell and, reflecting axes, f <= 1/2.
//  * Upper bound of F2: the own cell's point is at most 1 - f_a away along each axis a; the point
//    of the neighbour across the face of the axis m with the smallest f is at most 1 + f_m along m
//    and 1 - f_a along the others. F2 <= the larger of these two distances:
//      2-D Euclidean  sqrt((1+f_m)^2 + (1-f_m)^2) <= sqrt(2.5) < 2
//      3-D Euclidean  sqrt((1+f_m)^2 + 2 (1-f_m)^2) <= sqrt(3) < 2
//      Chebyshev      1 + f_m <= 1.5 < 2
//      2-D Manhattan  2 + f_m - f_other <= 2
//      3-D Manhattan  3 + f_m - f_b - f_c <= 3.
//  * Lower bound of a cell r cells away along some axis (Chebyshev ring r >= 1): its point is more
//    than r - 1 away along that axis (offset +r: coordinate >= r, f < 1; offset -r: coordinate
//    < 1 - r, f >= 0), and every metric is at least the distance along one axis.
// So a cell of ring r with r - 1 >= the F2 bound never holds F1 or F2: rings up to kCellRing
// (2, and 3 for 3-D Manhattan) suffice, for F1, F2, F2-F1 and the nearest cell alike. Inside that
// window the search visits the 3 x 3 (x 3) core first, then each outer cell only if its lower
// bound (per axis: the gap between f and the cell's box, combined by the metric) is below the
// current F2 (F1 when only F1 or the nearest cell is wanted) plus kCellSlack: a cell skipped that
// way is farther than everything found, and found values only shrink. The slack absorbs rounding
// in the bound; it only makes the test visit more cells. Ties between equal distances keep the
// first cell in visiting order. The tests check this against a brute-force search.
//
// Normalisation: one constant per metric and dimension, kCellNorm2 / kCellNorm3, a round number
// just above the largest F2 found by the exact search at jitter 1 over 3 million random points
// (2-D 1.413 / 1.773 / 1.25+, 3-D 1.281 / 1.955 / 1.107 for Euclidean / Manhattan / Chebyshev). F1 -> clamp(F1 / C),
// F2 -> clamp(F2 / C), F2-F1 -> clamp(F2 / C) - clamp(F1 / C): so F1 <= F2 sample for sample,
// and the f2-f1 field equals the f2 field minus the f1 field bit for bit. CellValue is a uniform
// hash of the nearest cell in [0, 1).
constexpr double kCellNorm2[3] = {1.5, 1.85, 1.35};  // Euclidean, Manhattan, Chebyshev (2-D)
constexpr double kCellNorm3[3] = {1.35, 2.05, 1.2};  // (3-D)
constexpr double kCellSlack = 1e-9;
constexpr int kCellRingMax = 3;  // the widest window (3-D Manhattan)
template <CellDistance D, int Dims>
constexpr int kCellRing = (Dims == 3 && D == CellDistance::Manhattan) ? 3 : 2;

// The distance of an offset in the search's units (squared Euclidean when Squared), for one
// sample or a lane.
template <CellDistance D, bool Squared, class L>
inline L cellMetric(L dx, L dy) {
  if constexpr (Squared) return dx * dx + dy * dy;
  else if constexpr (D == CellDistance::Euclidean) return lanes::sqrt(dx * dx + dy * dy);
  else if constexpr (D == CellDistance::Manhattan) return lanes::abs(dx) + lanes::abs(dy);
  else return lanes::maxDist(lanes::abs(dx), lanes::abs(dy));
}
template <CellDistance D, bool Squared, class L>
inline L cellMetric(L dx, L dy, L dz) {
  if constexpr (Squared) return dx * dx + dy * dy + dz * dz;
  else if constexpr (D == CellDistance::Euclidean) return lanes::sqrt(dx * dx + dy * dy + dz * dz);
  else if constexpr (D == CellDistance::Manhattan) return lanes::abs(dx) + lanes::abs(dy) + lanes::abs(dz);
  else return lanes::maxDist(lanes::maxDist(lanes::abs(dx), lanes::abs(dy)), lanes::abs(dz));
}

// The gap along one axis between fraction f and the feature box of the cell k cells away.
template <class L>
inline L cellGap(int k, L f, double jitter) {
  if (k > 0) return L(k + 0.5 * (1 - jitter)) - f;
  if (k < 0) return f - L(k + 0.5 * (1 + jitter));
  return L(0);
}

// The feature point offset of one axis: cell k's point minus the sample (every search, every lane).
template <class L>
inline L cellOffset(int k, UOf<L> h, L jitter, L f) {
  return k + 0.5 + jitter * (lanes::unit(h) - 0.5) - f;
}
// cellOffset's bits from the biased unit (lanes::biasedUnit, what a lane builds without a
// conversion), in fewer operations: unit(h) - 0.5 is biasedUnit(h) - (bias + 0.5) exactly (both
// differences are exact), and at jitter 1 (J1) the sum k + 0.5 + (unit(h) - 0.5) is exactly
// k + unit(h) (at most 35 significant bits), that is biasedUnit(h) - (bias - k): then only the last
// subtraction of f rounds, as in cellOffset.
template <bool J1, class L>
NF_HOT_INLINE L cellOffsetOf(int k, UOf<L> h, L jitter, L f) {
  constexpr double bias = lanes::kUnitBias<L>;
  if constexpr (J1) return (lanes::biasedUnit(h) - L(bias - k)) - f;
  else return (L(k + 0.5) + jitter * (lanes::biasedUnit(h) - L(bias + 0.5))) - f;
}

// A core cell's lower bound (cellGap per axis, combined by the metric) built from per-axis parts,
// so that a row's axes are combined once per row: a part is the gap (squared in the squared
// Euclidean search), parts join by + (max for Chebyshev). Gaps are >= 0, so this is the metric of
// the gaps up to the order of its roundings (a few ulps, far under kCellSlack). Not for Euclidean
// true distances (CellValue), which keep the plain search.
template <CellDistance D, bool Squared, class L>
inline L cellBoundPart(L gap) {
  static_assert(Squared || D != CellDistance::Euclidean, "Euclidean bounds are squared");
  if constexpr (Squared) return gap * gap;
  else return gap;
}
template <CellDistance D, class L>
inline L cellBoundJoin(L a, L b) {
  if constexpr (D == CellDistance::Chebyshev) return lanes::maxDist(a, b);
  else return a + b;
}

// The running result of a search: f1 <= f2 (search units) and the nearest cell's second hash.
// The update is written with selects so that four lanes of a row search take it as one sample does.
template <class L>
struct CellBest {
  L f1 = L(1e9), f2 = L(1e9);
  UOf<L> nearest = UOf<L>(0u);
  // minDist(x, d) is d < x ? d : x (one instruction a pair): the selects of the update, unchanged.
  void add(L d, UOf<L> h2) {
    const auto closer = d < f1;
    f2 = lanes::select(closer, f1, lanes::minDist(f2, d));
    f1 = lanes::minDist(f1, d);
    nearest = lanes::select(closer, h2, nearest);
  }
  // F1 alone (no F2, no nearest cell: the F1 return mode).
  void addF1(L d) { f1 = lanes::minDist(f1, d); }
};
// One sample branches instead (the same result): a closer point is rare after the first few cells,
// so the branches predict well, where selects chain every visit on the one before.
template <>
struct CellBest<double> {
  double f1 = 1e9, f2 = 1e9;
  uint32_t nearest = 0;
  void add(double d, uint32_t h2) {
    if (d < f1) {
      f2 = f1;
      f1 = d;
      nearest = h2;
    } else if (d < f2) {
      f2 = d;
    }
  }
};

// The 2-D search, shared by eval2 and the row kernels (row_kernels.h): cell offset (i, j) in
// [-2, 2] hashes hx[i + 2] + hy[j + 2] (the seed term folded into one side; exact mod 2^32), fx, fy
// is the fraction within the centre cell. With Squared (Euclidean distances, F1 / F2 returns) it
// compares squared distances and takes two square roots at the end: sqrt is monotonic, so the
// smallest and second-smallest squared distances map to exactly the true-distance f1 and f2.
// CellValue needs eval2's tie-breaking of `nearest` on the rounded distances, so it always
// compares true distances. NeedF2: prune on F2 (else on F1, and f2 is not exact).
template <CellDistance D, bool Squared, bool NeedF2>
inline void cellSearch(const Octave& o, const uint32_t hx[5], const uint32_t hy[5], double fx, double fy,
                       double* f1o, double* f2o, uint32_t* nearestOut) {
  CellBest<double> b;
  auto visit = [&](int i, int j) {
    const uint32_t h = hashFinish(hx[i + 2] + hy[j + 2]);
    const uint32_t h2 = hashFinish(h + 0x9E3779B9u);
    b.add(cellMetric<D, Squared>(cellOffset(i, h, o.jitter, fx), cellOffset(j, h2, o.jitter, fy)), h2);
  };
  for (int j = -1; j <= 1; ++j)
    for (int i = -1; i <= 1; ++i) visit(i, j);
  double gx[5], gy[5];
  for (int k = 0; k < 5; ++k) {
    gx[k] = cellGap(k - 2, fx, o.jitter);
    gy[k] = cellGap(k - 2, fy, o.jitter);
  }
  for (int j = -2; j <= 2; ++j)
    for (int i = -2; i <= 2; ++i) {
      if (i >= -1 && i <= 1 && j >= -1 && j <= 1) continue;
      if (cellMetric<D, Squared>(gx[i + 2], gy[j + 2]) < (NeedF2 ? b.f2 : b.f1) + kCellSlack) visit(i, j);
    }
  if constexpr (Squared) {
    b.f1 = std::sqrt(b.f1);
    b.f2 = std::sqrt(b.f2);
  }
  *f1o = b.f1;
  *f2o = b.f2;
  *nearestOut = b.nearest;
}

// Whether a search (2-D or 3-D) may have to visit its outer cells, from the 3 x 3 (x 3) core's
// result alone (bound: its F2, or F1 when only that is wanted; one sample or a lane): every outer
// cell is at least min(gaps of offsets -2 and +2 on every axis) away along one axis, and every
// metric is at least its largest component. Where this is false, cellSearch / cellSearch3 visit no
// outer cell either, so a lane core search equals them there; lanes where it holds take the whole
// search. rowGap: cellRowGap of the row's other axes (one value for a lane of columns).
inline double cellRowGap(const Octave& o, double f) { return std::fmin(cellGap(-2, f, o.jitter), cellGap(2, f, o.jitter)); }
template <bool Squared, class L>
inline lanes::MOf<L> cellRingNeeded(const Octave& o, L fx, double rowGap, L bound) {
  L m = lanes::minDist(lanes::minDist(cellGap(-2, fx, o.jitter), cellGap(2, fx, o.jitter)), L(rowGap));
  if constexpr (Squared) m = m * m;
  return m < bound + kCellSlack;
}

// The value of return mode R from a search's f1, f2 (true distances) and nearest cell, for one
// sample or a lane.
template <CellReturn R, class L>
inline L cellReturnOf(double norm, L f1, L f2, UOf<L> nearest) {
  if constexpr (R == CellReturn::F1) return clampUnit(f1 / L(norm));
  else if constexpr (R == CellReturn::F2) return clampUnit(f2 / L(norm));
  else if constexpr (R == CellReturn::F2MinusF1) return clampUnit(f2 / L(norm)) - clampUnit(f1 / L(norm));
  else return lanes::unit(hashFinishLanes(nearest + UOf<L>(kHashMix)));
}
inline double cellReturnValue(CellReturn r, double norm, double f1, double f2, uint32_t nearest) {
  switch (r) {
    case CellReturn::F1: return cellReturnOf<CellReturn::F1>(norm, f1, f2, nearest);
    case CellReturn::F2: return cellReturnOf<CellReturn::F2>(norm, f1, f2, nearest);
    case CellReturn::F2MinusF1: return cellReturnOf<CellReturn::F2MinusF1>(norm, f1, f2, nearest);
    case CellReturn::CellValue: break;
  }
  return cellReturnOf<CellReturn::CellValue>(norm, f1, f2, nearest);
}

// The hash terms of cell offsets -R..R along one axis (wrapped when tiled) times `mul`, plus `add`.
template <int R>
inline void cellHashTerms(double fl, double period, uint32_t mul, uint32_t add, uint32_t* h) {
  for (int k = -R; k <= R; ++k) {
    const double c = fl + k;
    h[k + R] = wrapToU32(period > 0 ? wrapIndex(c, period) : c) * mul + add;
  }
}

// The 3-D search: cell (i, j, k) hashes hx[i + R] + hy[j + R] + hz[k + R]; the core 3 x 3 x 3
// first, then the rest of the window with the same pruning as the 2-D search.
template <CellDistance D, bool Squared, bool NeedF2>
inline void cellSearch3(const Octave& o, const uint32_t* hx, const uint32_t* hy, const uint32_t* hz, double fx,
                        double fy, double fz, double* f1o, double* f2o, uint32_t* nearestOut) {
  constexpr int R = kCellRing<D, 3>;
  CellBest<double> b;
  auto visit = [&](int i, int j, int k) {
    const uint32_t h = hashFinish(hx[i + R] + hy[j + R] + hz[k + R]);
    const uint32_t h2 = hashFinish(h + 0x9E3779B9u);
    const uint32_t h3 = hashFinish(h2 + 0x9E3779B9u);
    b.add(cellMetric<D, Squared>(cellOffset(i, h, o.jitter, fx), cellOffset(j, h2, o.jitter, fy),
                                 cellOffset(k, h3, o.jitter, fz)),
          h3);
  };
  for (int k = -1; k <= 1; ++k)
    for (int j = -1; j <= 1; ++j)
      for (int i = -1; i <= 1; ++i) visit(i, j, k);
  double gx[2 * R + 1], gy[2 * R + 1], gz[2 * R + 1];
  for (int k = -R; k <= R; ++k) {
    gx[k + R] = cellGap(k, fx, o.jitter);
    gy[k + R] = cellGap(k, fy, o.jitter);
    gz[k + R] = cellGap(k, fz, o.jitter);
  }
  // A whole slice (fixed k) or row (fixed j, k) is skipped when its own bound, the metric of its
  // gaps with the free axes at 0, is not below the current F2: every cell in it has a bound at
  // least as large (each metric grows with each |component|), so the same cells are visited.
  auto open = [&](double bound) { return bound < (NeedF2 ? b.f2 : b.f1) + kCellSlack; };
  for (int k = -R; k <= R; ++k) {
    if (!open(cellMetric<D, Squared, double>(0, 0, gz[k + R]))) continue;
    for (int j = -R; j <= R; ++j) {
      if (!open(cellMetric<D, Squared, double>(0, gy[j + R], gz[k + R]))) continue;
      for (int i = -R; i <= R; ++i) {
        if (i >= -1 && i <= 1 && j >= -1 && j <= 1 && k >= -1 && k <= 1) continue;
        if (open(cellMetric<D, Squared>(gx[i + R], gy[j + R], gz[k + R]))) visit(i, j, k);
      }
    }
  }
  if constexpr (Squared) {
    b.f1 = std::sqrt(b.f1);
    b.f2 = std::sqrt(b.f2);
  }
  *f1o = b.f1;
  *f2o = b.f2;
  *nearestOut = b.nearest;
}

// An octave or warp coordinate that overflowed to infinity has a NaN fraction (inf - inf). Its
// sample is NaN then, as every other kernel's is, so that definedResult gives 0 in samples and
// fills alike (docs/determinism.md): a search passes over a NaN distance (no comparison holds)
// and a Chebyshev max drops one, so the searches would end in finite values that say nothing,
// and differently in a sample and a row. A finite coordinate's fraction is in [0, 1).
inline bool cellFractionsDefined(double fx, double fy, double fz = 0) { return fx < 2 && fy < 2 && fz < 2; }
constexpr double kCellUndefined = __builtin_nan("");

template <CellDistance D>
struct CellularKernel {
  template <bool Squared, bool NeedF2>
  static double eval2With(const Octave& o, double x, double y) {
    const double fxl = std::floor(x), fyl = std::floor(y);
    uint32_t hx[5], hy[5];
    cellHashTerms<2>(fxl, o.periodX, kHashX, 0u, hx);
    cellHashTerms<2>(fyl, o.periodY, kHashY, seedTerm(o), hy);
    if (!cellFractionsDefined(x - fxl, y - fyl)) return kCellUndefined;
    double f1, f2;
    uint32_t nearest;
    cellSearch<D, Squared, NeedF2>(o, hx, hy, x - fxl, y - fyl, &f1, &f2, &nearest);
    return cellReturnValue(o.cellReturn, kCellNorm2[static_cast<int>(D)], f1, f2, nearest);
  }
  // Squared for Euclidean F1 / F2 / F2-F1 (as the row kernels: the same f1, f2 either way up to
  // the last bit, so all paths use one choice per return mode).
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double*, double*) {
    constexpr bool E = D == CellDistance::Euclidean;
    switch (o.cellReturn) {
      case CellReturn::F1: return eval2With<E, false>(o, x, y);
      case CellReturn::F2:
      case CellReturn::F2MinusF1: return eval2With<E, true>(o, x, y);
      case CellReturn::CellValue: break;
    }
    return eval2With<false, false>(o, x, y);
  }
  template <bool Squared, bool NeedF2>
  static double eval3With(const Octave& o, double x, double y, double z) {
    constexpr int R = kCellRing<D, 3>;
    const double fxl = std::floor(x), fyl = std::floor(y), fzl = std::floor(z);
    uint32_t hx[2 * R + 1], hy[2 * R + 1], hz[2 * R + 1];
    cellHashTerms<R>(fxl, o.periodX, kHashX, 0u, hx);
    cellHashTerms<R>(fyl, o.periodY, kHashY, seedTerm(o), hy);
    cellHashTerms<R>(fzl, 0, kHashZ, 0u, hz);
    if (!cellFractionsDefined(x - fxl, y - fyl, z - fzl)) return kCellUndefined;
    double f1, f2;
    uint32_t nearest;
    cellSearch3<D, Squared, NeedF2>(o, hx, hy, hz, x - fxl, y - fyl, z - fzl, &f1, &f2, &nearest);
    return cellReturnValue(o.cellReturn, kCellNorm3[static_cast<int>(D)], f1, f2, nearest);
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double*, double*) {
    constexpr bool E = D == CellDistance::Euclidean;
    switch (o.cellReturn) {
      case CellReturn::F1: return eval3With<E, false>(o, x, y, z);
      case CellReturn::F2:
      case CellReturn::F2MinusF1: return eval3With<E, true>(o, x, y, z);
      case CellReturn::CellValue: break;
    }
    return eval3With<false, false>(o, x, y, z);
  }
};

// ---------------------------------------------------------------------------------------------
// OpenSimplex2 (K. Spencer's "OpenSimplex2", the fast variant FastNoiseLite defaults to), written
// from the published algorithm:
//  * 2-D: the simplex (triangular) lattice, three vertices per point, kernel (r^2 - d^2)^4 (g . d),
//    r^2 = 0.5, with 24 gradients evenly spaced in angle (15 degrees apart, offset 7.5 degrees) in
//    place of classic simplex's 8: fewer directional artefacts. It shares SimplexKernel::raw2.
//  * 3-D: the body-centred cubic lattice, seen as two cubic lattices Z^3 and Z^3 + 1/2 with
//    different seed terms (the second the bitwise complement), sampled after the orthogonal
//    reflection p' = (2/3)(x + y + z)(1, 1, 1) - p, which turns the lattice so that its cube axes
//    do not line up with x, y, z. On each cubic lattice two points count: the nearest, c = round(p'),
//    and its neighbour across the face of the largest offset |d_m| (d = p' - c). Gradients: the 12
//    cube-edge directions (kGrad3). Kernel radius: r^2 = 0.5, not the published 0.6. With two
//    points per cubic lattice 0.6 is not seamless: at d = (1/2, 1/2, 0) the diagonal neighbour
//    c + (1, 1, 0) is sqrt(0.5) away, inside 0.6, yet never evaluated, and where the largest
//    offset switches from x to y the x- and y-neighbours (each at d^2 = 0.5 + 2t(t - 1) + 1 for
//    |d_x| = |d_y| = t) trade places while both still have non-zero kernels. With r^2 = 0.5 every
//    lattice point outside the two has d^2 >= 0.5 (for the other face neighbours d^2 - 2|d_k| + 1
//    >= 2 (t - 1/2)^2 + 0.5 with |d_k| <= t = |d_m|; diagonal and farther ones >= 0.5), so no
//    kernel is cut off. The continuity test checks it (with 0.6 it finds jumps of 1.1e-4).
// Output 0.5 + 0.5 * raw * scale, clamped; scales a little under 1 / the hill-climbed max |raw|.
// Not tileable (no circle or torus variant: the capability table says so).
constexpr double kGrad24[24][2] = {
    {0.9914448613738104, 0.13052619222005157},
    {0.9238795325112867, 0.3826834323650898},
    {0.7933533402912352, 0.6087614290087207},
    {0.6087614290087207, 0.7933533402912352},
    {0.38268343236508984, 0.9238795325112867},
    {0.1305261922200517, 0.9914448613738104},
    {-0.1305261922200516, 0.9914448613738104},
    {-0.3826834323650897, 0.9238795325112867},
    {-0.6087614290087207, 0.7933533402912352},
    {-0.793353340291235, 0.6087614290087209},
    {-0.9238795325112867, 0.3826834323650899},
    {-0.9914448613738104, 0.13052619222005157},
    {-0.9914448613738105, -0.13052619222005132},
    {-0.9238795325112868, -0.38268343236508967},
    {-0.7933533402912352, -0.6087614290087207},
    {-0.6087614290087209, -0.7933533402912349},
    {-0.3826834323650895, -0.9238795325112868},
    {-0.13052619222005163, -0.9914448613738104},
    {0.13052619222005127, -0.9914448613738105},
    {0.38268343236509, -0.9238795325112866},
    {0.6087614290087205, -0.7933533402912352},
    {0.7933533402912349, -0.6087614290087209},
    {0.9238795325112868, -0.38268343236508956},
    {0.9914448613738104, -0.13052619222005168}
};
// kGrad24 with each group of three rows (rows 3a .. 3a + 2) padded to four: row 4a + b is
// kGrad24[3a + b] (the same doubles), so index 3a + b is at byte 64a + 16b (Grad24::of's lanes).
struct Grad24Padded {
  double g[32][2];
};
constexpr Grad24Padded grad24Padded() {
  Grad24Padded p{};
  for (int i = 0; i < 24; ++i)
    for (int c = 0; c < 2; ++c) p.g[i / 3 * 4 + i % 3][c] = kGrad24[i][c];
  return p;
}
alignas(16) inline constexpr Grad24Padded kGrad24Padded = grad24Padded();
#ifdef NF_LANES_VECTOR
// Grad24's lanes: floor(24 h / 2^32) = 3a + b with a = h >> 29 and b = floor(3r / 2^29),
// r = h mod 2^29, that is b = [r >= ceil(2^29 / 3)] + [r >= ceil(2^30 / 3)]: shifts, masks and
// compares, where the 64-bit products of mulHi cost V8 an emulated i64x2.mul each. The compares
// give -1 per true lane, so 16b = -16 (m1 + m2).
inline void grad24Lanes(lanes::U32x4 h, lanes::F64x4* g) {
  using lanes::U32x4;
  const U32x4 r = h & U32x4(0x1FFFFFFFu);
  const U32x4 m1 = lanes::greaterSigned(r, U32x4(178956970u)), m2 = lanes::greaterSigned(r, U32x4(357913941u));
  const U32x4 off = ((h >> 29) << 6) - ((m1 + m2) << 4);
  lanes::gatherAt(reinterpret_cast<const char*>(kGrad24Padded.g), off, &g[0], &g[1]);
}
#endif
struct Grad24 {
  template <class U>
  static U index(U h) { return lanes::mulHi(h, 24u); }  // floor(h * 24 / 2^32)
  template <class D>
  static void of(UOf<D> h, D* g) {
    if constexpr (lanes::kWidthOf<D> == 1) gradientsOf<Grad24, D>(kGrad24, h, g);
#ifdef NF_LANES_VECTOR
    else grad24Lanes(h, g);
#endif
  }
};
constexpr double kOpenSimplex2Scale2 = 99.0;   // max |raw| 0.010016 (hill-climbed)
constexpr double kOpenSimplex2Scale3 = 108.0;  // max |raw| 0.009197 (hill-climbed)
constexpr double kOpenSimplexR2 = 0.5;

struct OpenSimplex2Kernel {
  template <bool G>
  static double eval2(const Octave& o, double x, double y, double* gx, double* gy) {
    double dx = 0, dy = 0;
    const double raw = SimplexKernel::raw2<G, Grad24>(seedTerm(o), x, y, &dx, &dy);
    if constexpr (G) SimplexKernel::unitGrad(raw, kOpenSimplex2Scale2, dx, dy, gx, gy);
    return SimplexKernel::toUnit(raw, kOpenSimplex2Scale2);
  }
  template <bool G>
  static double eval3(const Octave& o, double x, double y, double z, double* gx, double* gy) {
    double dx = 0, dy = 0;
    const double raw = raw3<G>(seedTerm(o), x, y, z, &dx, &dy);
    if constexpr (G) SimplexKernel::unitGrad(raw, kOpenSimplex2Scale3, dx, dy, gx, gy);
    return SimplexKernel::toUnit(raw, kOpenSimplex2Scale3);
  }

  // One sample or a lane of scattered points (the warps' lanes, HasLanes): eval2 / eval3's
  // expressions at lane width.
  // Near (lanes): |x|, |y| (and |z|) < 2^48 is known (SimplexKernel::raw2, raw3).
  template <bool G, bool Is3D, class D, bool Near = false>
  NF_HOT_INLINE static D at(const Octave& o, D x, D y, double z, D* gx, D* gy) {
    D dx = D(0), dy = D(0), raw;
    constexpr double scale = Is3D ? kOpenSimplex2Scale3 : kOpenSimplex2Scale2;
    if constexpr (Is3D) raw = raw3<G, D, Near>(seedTerm(o), x, y, D(z), &dx, &dy);
    else raw = SimplexKernel::raw2<G, Grad24, D, Near>(seedTerm(o), x, y, &dx, &dy);
    if constexpr (G) SimplexKernel::unitGrad(raw, scale, dx, dy, gx, gy);
    return SimplexKernel::toUnit(raw, scale);
  }

  // One lattice point's kernel at offset d (in the reflected frame) added into n, and with G its
  // gradient (t^4 g - 8 t^3 (g . d) d, SimplexKernel::addCorner in 3-D) into s; for one sample or
  // a lane (lanes whose point is out of reach keep their sums: select).
  // Near (lanes, every offset finite): no test and no select, as raw2's Near corners: a point out of
  // reach adds positivePart(t) = +0 times finite values, which leaves the sums (+0 at the start,
  // so never -0) as they are.
  template <bool G, class D, bool Near = false>
  NF_HOT_INLINE static void addPoint(UOf<D> h, const D* d, D* n, D* s) {
    const D t = kOpenSimplexR2 - d[0] * d[0] - d[1] * d[1] - d[2] * d[2];
    const auto live = t > D(0);
    if constexpr (!Near)
      if (!lanes::any(live)) return;
    D g[3];
    lanes::gather3(kGrad3, hashFinishLanes(h) >> 28, &g[0], &g[1], &g[2]);
    const D gd = g[0] * d[0] + g[1] * d[1] + g[2] * d[2];
    if constexpr (Near) {
      const D tp = lanes::positivePart(t), t2 = tp * tp;
      *n = *n + t2 * t2 * gd;
      if constexpr (G) {
        const D t4 = t2 * t2, c = 8 * (t2 * tp) * gd;
        for (int a = 0; a < 3; ++a) s[a] = s[a] + (t4 * g[a] - c * d[a]);
      }
    } else {
      const D t2 = t * t;
      *n = lanes::select(live, *n + t2 * t2 * gd, *n);
      if constexpr (G) {
        const D t4 = t2 * t2, c = 8 * (t2 * t) * gd;
        for (int a = 0; a < 3; ++a) s[a] = lanes::select(live, s[a] + (t4 * g[a] - c * d[a]), s[a]);
      }
    }
  }

  // The raw sum at (x, y, z), for one sample or a lane; with G, d(raw)/dx and d(raw)/dy in the
  // input frame (the reflection is symmetric and its own inverse: d/dx = (2/3)(s0 + s1 + s2) - s0).
  // The axis of the largest offset is picked as a scalar loop would (the first of equals) by
  // selects, so every lane takes the scalar's neighbour. Near (lanes only): |x|, |y|, |z| < 2^48 is
  // known, so |p'| < 2^50, every index is within lanes::kNearLattice (nearLatticeIndex, no range
  // test) and every offset is finite (addPoint's Near form: no branch, no select).
  template <bool G = false, class D = double, bool Near = false>
  NF_HOT_INLINE static D raw3(UOf<D> sd, D x, D y, D z, D* dx = nullptr, D* dy = nullptr) {
    static_assert(lanes::kWidthOf<D> > 1 || !Near, "Near is a lane form");
    using U = UOf<D>;
    const D r = (x + y + z) * (2.0 / 3.0);
    const D p[3] = {r - x, r - y, r - z};
    D n = D(0), s[3] = {D(0), D(0), D(0)};
    for (int lattice = 0; lattice < 2; ++lattice) {
      const double shift = lattice ? 0.5 : 0;  // Z^3 + shift
      U h = lattice ? (sd ^ U(0xFFFFFFFFu)) : sd;  // the second lattice's seed: the complement
      D d[3], ad[3];
      constexpr uint32_t kMul[3] = {kHashX, kHashY, kHashZ};
      for (int a = 0; a < 3; ++a) {
        // The nearest point's index (round half up). Near: |p'| < 2^50, where p' - 0.5 + 0.5 is p'
        // exactly (both steps exact), so the second lattice's is floor(p').
        const D c = Near && lattice ? lanes::floor(p[a]) : lanes::floor(p[a] - shift + 0.5);
        d[a] = p[a] - (c + shift);
        if constexpr (Near) h = h + lanes::nearLatticeIndex(c) * kMul[a];
        else h = h + lanes::latticeIndex(c) * kMul[a];
        ad[a] = lanes::abs(d[a]);
      }
      addPoint<G, D, Near>(h, d, &n, s);
      // Its neighbour towards p' along the axis m of the largest |d|: m = 2 (m2), else 1 (m1 and
      // not m2: on1), else 0. Written with masks where they give the selects' values (V8 makes a
      // select three instructions): maxDist(a, b) is a < b ? b : a, d - (+0) is d (-0 included),
      // and the hash step is kMul[m], negated where down ((k ^ ~0) - ~0 = -k mod 2^32).
      const auto m1 = ad[1] > ad[0];
      const auto m2 = ad[2] > lanes::maxDist(ad[0], ad[1]);
      const auto on1 = lanes::andNot(m1, m2);
      const D dm = lanes::select(m2, d[2], lanes::select(m1, d[1], d[0]));
      const auto down = dm < D(0);
      const D step = lanes::negWhere(down, D(1));
      const D e[3] = {d[0] - lanes::zeroWhere(lanes::either(m1, m2), step), d[1] - lanes::onlyWhere(on1, step),
                      d[2] - lanes::onlyWhere(m2, step)};
      const U k = U(kHashX) + (lanes::maskOf(on1) & U(kHashY - kHashX)) + (lanes::maskOf(m2) & U(kHashZ - kHashX));
      const U dn = lanes::maskOf(down);
      addPoint<G, D, Near>(h + ((k ^ dn) - dn), e, &n, s);
    }
    if constexpr (G) {
      const D sum = (s[0] + s[1] + s[2]) * (2.0 / 3.0);
      *dx = sum - s[0];
      *dy = sum - s[1];
    }
    return n;
  }
};

// OpenSimplex2 has a lane form too (the warps' scattered lanes).
template <bool Is3D>
struct HasLanes<OpenSimplex2Kernel, Is3D> : std::true_type {};

}  // namespace tk
NF_ISA_END
}  // namespace nf
