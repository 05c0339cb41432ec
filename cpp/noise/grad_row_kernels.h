// Gradient row kernels: one octave of value or gradient noise with its analytic gradient over one
// row of a grid, per-column and per-row terms hoisted like row_kernels.h does for the values.
//
// Bit-exact to the kernels' eval2 / eval3 with G = true (kernels.h): the same doubles (fade and
// fadeDeriv of the same fractions) combined by the same expressions in the same order, and the
// uint32 hash inputs summed from hoisted parts (exact mod 2^32).
//
// GradRowKernel<K, Is3D> provides Cols, Row, row(o, y, z) and
//   eval(o, cols, row, n, v, gx, gy)   v[i], gx[i], gy[i] = K::eval<true> at (xs[i], y, z); the
//                                      arrays hold paddedSize(n) doubles (SIMD writes the padding);
//   accumulate(fk, o, cols, row, n, amp, freq, sum, sgx, sgy, v, gx, gy)
//                                      one octave of Impl::fractal<true> added into the sums (v, gx,
//                                      gy: scratch); value noise fuses it into its SIMD loop.
// The generic version calls the kernel per sample (3-D gradient noise); value noise (2-D, 3-D)
// and 2-D gradient noise specialise it. The wasm SIMD loop of value noise is in
// grad_row_kernels_simd.h.
#pragma once
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "hash.h"
#include "kernels.h"
#include "row_kernels.h"

namespace nf {
namespace rows {

// One octave of Impl::fractal<true>: c and dc of each kernel value, summed into sum, sgx, sgy.
template <FractalKind FK>
void accumulateGrad(double amp, double freq, const double* v, const double* gx, const double* gy, int n,
                    double* sum, double* sgx, double* sgy) {
  for (int i = 0; i < n; ++i) {
    double c = v[i], dc = 1;
    if constexpr (FK == FractalKind::Ridged) {
      const double s = 2 * v[i] - 1;
      c = 1 - std::fabs(s);
      dc = s > 0 ? -2 : 2;
    } else if constexpr (FK == FractalKind::Billow) {
      const double s = 2 * v[i] - 1;
      c = std::fabs(s);
      dc = s > 0 ? 2 : -2;
    }
    sum[i] += amp * c;
    sgx[i] += amp * dc * gx[i] * freq;
    sgy[i] += amp * dc * gy[i] * freq;
  }
}
inline void accumulateGrad(FractalKind fk, double amp, double freq, const double* v, const double* gx,
                           const double* gy, int n, double* sum, double* sgx, double* sgy) {
  switch (fk) {
    case FractalKind::None:  // not reached: None takes the kernel value and gradient as they are
    case FractalKind::Fbm: return accumulateGrad<FractalKind::Fbm>(amp, freq, v, gx, gy, n, sum, sgx, sgy);
    case FractalKind::Ridged: return accumulateGrad<FractalKind::Ridged>(amp, freq, v, gx, gy, n, sum, sgx, sgy);
    case FractalKind::Billow: return accumulateGrad<FractalKind::Billow>(amp, freq, v, gx, gy, n, sum, sgx, sgy);
  }
}

// GradRowKernel::accumulate by eval into scratch (v, gx, gy) and accumulateGrad.
template <class GK>
void evalThenAccumulate(FractalKind fk, const tk::Octave& o, const typename GK::Cols& c, const typename GK::Row& r,
                        int n, double amp, double freq, double* sum, double* sgx, double* sgy, double* v, double* gx,
                        double* gy) {
  GK::eval(o, c, r, n, v, gx, gy);
  accumulateGrad(fk, amp, freq, v, gx, gy, n, sum, sgx, sgy);
}

template <class K, bool Is3D>
struct GradRowKernel {
  struct Cols {
    std::vector<double> x;
    void build(const tk::Octave&, const double* xs, int n) { x.assign(xs, xs + n); }
  };
  struct Row {
    double y, z;
  };
  static Row row(const tk::Octave&, double y, double z) { return {y, z}; }
  static void eval(const tk::Octave& o, const Cols& c, const Row& r, int n, double* v, double* gx, double* gy) {
    for (int i = 0; i < n; ++i) {
      if constexpr (Is3D) v[i] = K::template eval3<true>(o, c.x[i], r.y, r.z, gx + i, gy + i);
      else v[i] = K::template eval2<true>(o, c.x[i], r.y, gx + i, gy + i);
    }
  }
  template <class... A>
  static void accumulate(A&&... a) { evalThenAccumulate<GradRowKernel>(std::forward<A>(a)...); }
};

// ---------------------------------------------------------------------------------------------
// Value noise: ValueCols plus the fade derivative of each column's fraction.
template <FadeKind F>
struct ValueGradCols : ValueCols<F> {
  std::vector<double> du;
  void build(const tk::Octave& o, const double* xs, int n) {
    ValueCols<F>::build(o, xs, n);
    du.resize(paddedSize(n));
    for (int i = 0; i < n; ++i) du[i] = tk::fadeDeriv<F>(tk::axis(xs[i], o.periodX).t);
    padTail(du, n);
  }
};

struct ValueGradRow : ValueRow {
  double dv;  // fade derivative of the y fraction
};

template <FadeKind F, bool Is3D>
inline ValueGradRow valueGradRow(const tk::Octave& o, double y, double z) {
  ValueGradRow r;
  static_cast<ValueRow&>(r) = valueRow<F, Is3D>(o, y, z);
  r.dv = tk::fadeDeriv<F>(tk::axis(y, o.periodY).t);
  return r;
}

// ValueKernel::layer<true>: value, and the gradient in *gx, *gy, same operation order.
inline double valueGradLayer(uint32_t x0, uint32_t x1, double u, double du, uint32_t s0, uint32_t s1, double v,
                             double dv, double* gx, double* gy) {
  const double a = tk::unit(hashFinish(x0 + s0));
  const double b = tk::unit(hashFinish(x1 + s0));
  const double c = tk::unit(hashFinish(x0 + s1));
  const double d = tk::unit(hashFinish(x1 + s1));
  const double k3 = a - b - c + d;
  *gx = du * ((b - a) + k3 * v);
  *gy = dv * ((c - a) + k3 * u);
  return a + (b - a) * u + (c - a) * v + k3 * u * v;
}

template <FadeKind F, bool Is3D>
inline void valueGradEvalScalar(const ValueGradCols<F>& c, const ValueGradRow& r, int n, double* v, double* gx,
                                double* gy) {
  for (int i = 0; i < n; ++i) {
    double gx0, gy0;
    const double n0 = valueGradLayer(c.h0[i], c.h1[i], c.u[i], c.du[i], r.s0[0], r.s1[0], r.v, r.dv, &gx0, &gy0);
    if constexpr (Is3D) {  // ValueKernel::eval3: n0 + (n1 - n0) * w, likewise the gradient
      double gx1, gy1;
      const double n1 = valueGradLayer(c.h0[i], c.h1[i], c.u[i], c.du[i], r.s0[1], r.s1[1], r.v, r.dv, &gx1, &gy1);
      gx[i] = gx0 + (gx1 - gx0) * r.w;
      gy[i] = gy0 + (gy1 - gy0) * r.w;
      v[i] = n0 + (n1 - n0) * r.w;
    } else {
      gx[i] = gx0;
      gy[i] = gy0;
      v[i] = n0;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Gradient noise, 2-D: GradientCols plus the fade derivative of each column's fraction.
template <FadeKind F>
struct GradientGradCols : GradientCols<F> {
  std::vector<double> du;
  void build(const tk::Octave& o, const double* xs, int n) {
    GradientCols<F>::build(o, xs, n);
    du.resize(paddedSize(n));
    for (int i = 0; i < n; ++i) du[i] = tk::fadeDeriv<F>(this->t[i]);
    padTail(du, n);
  }
};

struct GradientGradRow : GradientRow {
  double dv;
};

// GradientKernel::eval2<true>, same operation order.
template <FadeKind F>
inline double gradientGradAt(const GradientGradCols<F>& c, int i, const GradientGradRow& r, double* gx, double* gy) {
  const GradientCell g = gradientCell(c.h0[i], c.h1[i], c.t[i], c.tm1[i], c.u[i], r);
  const double *ga = g.ga, *gb = g.gb, *gc = g.gc, *gd = g.gd;
  const double u = c.u[i], du = c.du[i], v = r.v, dv = r.dv;
  const double dx = ga[0] + u * (gb[0] - ga[0]) + v * (gc[0] - ga[0]) + u * v * (ga[0] - gb[0] - gc[0] + gd[0]) +
                    du * (v * g.k3 + g.vb - g.va);
  const double dy = ga[1] + u * (gb[1] - ga[1]) + v * (gc[1] - ga[1]) + u * v * (ga[1] - gb[1] - gc[1] + gd[1]) +
                    dv * (u * g.k3 + g.vc - g.va);
  *gx = 0.5 * tk::kSqrt2 * dx;
  *gy = 0.5 * tk::kSqrt2 * dy;
  return tk::clampUnit(0.5 + 0.5 * (g.n * tk::kSqrt2));
}

}  // namespace rows
}  // namespace nf

#ifdef __wasm_simd128__
#include "grad_row_kernels_simd.h"
#endif

namespace nf {
namespace rows {

template <FadeKind F, bool Is3D>
struct GradRowKernel<tk::ValueKernel<F>, Is3D> {
  using Cols = ValueGradCols<F>;
  using Row = ValueGradRow;
  static Row row(const tk::Octave& o, double y, double z) { return valueGradRow<F, Is3D>(o, y, z); }
  static void eval(const tk::Octave&, const Cols& c, const Row& r, int n, double* v, double* gx, double* gy) {
#ifdef __wasm_simd128__
    valueGradEvalSimd<F, Is3D>(c, r, n, v, gx, gy);
#else
    valueGradEvalScalar<F, Is3D>(c, r, n, v, gx, gy);
#endif
  }
#ifdef __wasm_simd128__
  // Fused: no round trip of the octave's values through memory.
  static void accumulate(FractalKind fk, const tk::Octave&, const Cols& c, const Row& r, int n, double amp,
                         double freq, double* sum, double* sgx, double* sgy, double*, double*, double*) {
    switch (fk) {
      case FractalKind::None:  // not reached (see accumulateGrad)
      case FractalKind::Fbm:
        return valueGradAccumulateSimd<F, Is3D, FractalKind::Fbm>(c, r, n, amp, freq, sum, sgx, sgy);
      case FractalKind::Ridged:
        return valueGradAccumulateSimd<F, Is3D, FractalKind::Ridged>(c, r, n, amp, freq, sum, sgx, sgy);
      case FractalKind::Billow:
        return valueGradAccumulateSimd<F, Is3D, FractalKind::Billow>(c, r, n, amp, freq, sum, sgx, sgy);
    }
  }
#else
  template <class... A>
  static void accumulate(A&&... a) { evalThenAccumulate<GradRowKernel>(std::forward<A>(a)...); }
#endif
};

template <FadeKind F>
struct GradRowKernel<tk::GradientKernel<F>, false> {
  using Cols = GradientGradCols<F>;
  using Row = GradientGradRow;
  static Row row(const tk::Octave& o, double y, double) {
    GradientGradRow r;
    static_cast<GradientRow&>(r) = gradientRow<F>(o, y);
    r.dv = tk::fadeDeriv<F>(r.t);
    return r;
  }
  static void eval(const tk::Octave&, const Cols& c, const Row& r, int n, double* v, double* gx, double* gy) {
    for (int i = 0; i < n; ++i) v[i] = gradientGradAt<F>(c, i, r, gx + i, gy + i);
  }
  template <class... A>
  static void accumulate(A&&... a) { evalThenAccumulate<GradRowKernel>(std::forward<A>(a)...); }
};

}  // namespace rows
}  // namespace nf
