// Row kernels: one octave of a noise kernel (kernels.h) over one row of a grid fill, with the work
// that depends on one axis only done once per column (Cols, built once per fill) or once per row
// (Row) instead of once per sample.
//
// Bit-exact to the kernels' eval2 / eval3: every per-axis term is the same double computed by the
// same expression (tk::axis, tk::fade), and the lattice hash input
//   x * kHashX + y * kHashY + seed * seedMul (+ z * kHashZ)
// is a uint32 sum, so adding hoisted partial sums in another grouping gives the same bits.
//
// RowKernel<K, Is3D> provides
//   Cols                      per-column terms of one octave; build(o, xs, n) from the lattice x
//                             of n columns (arrays are padded to a multiple of kRowPad);
//   Row row(o, y, z)          the per-row terms;
//   eval(o, cols, row, n, out)  out[i] = K::eval2 / eval3 at (xs[i], y, z) for i < n; `out` must
//                             hold paddedSize(n) doubles (SIMD paths write the padding).
// The generic version hoists nothing (3-D simplex and gradient); value, 2-D gradient, 2-D simplex
// and cellular specialise it. Their wasm SIMD loops are in row_kernels_simd.h.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "hash.h"
#include "kernels.h"

namespace nf {
namespace rows {

constexpr int kRowPad = 4;
inline size_t paddedSize(int n) { return static_cast<size_t>((n + kRowPad - 1) / kRowPad * kRowPad); }

// Fill the padding of a per-column array with copies of the last real entry (harmless inputs).
template <class T>
void padTail(std::vector<T>& v, int n) {
  for (size_t i = static_cast<size_t>(n); i < v.size(); ++i) v[i] = v[static_cast<size_t>(n) - 1];
}

template <class K, bool Is3D>
struct RowKernel {
  struct Cols {
    std::vector<double> x;
    void build(const tk::Octave&, const double* xs, int n) { x.assign(xs, xs + n); }
  };
  struct Row {
    double y, z;
  };
  static Row row(const tk::Octave&, double y, double z) { return {y, z}; }
  static void eval(const tk::Octave& o, const Cols& c, const Row& r, int n, double* out) {
    for (int i = 0; i < n; ++i) {
      if constexpr (Is3D) out[i] = K::template eval3<false>(o, c.x[i], r.y, r.z, nullptr, nullptr);
      else out[i] = K::template eval2<false>(o, c.x[i], r.y, nullptr, nullptr);
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Value noise, 2-D and 3-D (3-D: two 2-D layers whose hash inputs differ by the z terms).
template <FadeKind F>
struct ValueCols {
  std::vector<uint32_t> h0, h1;  // floor(x) * kHashX and (floor(x) + 1) * kHashX, after tiling
  std::vector<double> u;         // fade of the fraction
  void build(const tk::Octave& o, const double* xs, int n) {
    const size_t m = paddedSize(n);
    h0.resize(m);
    h1.resize(m);
    u.resize(m);
    for (int i = 0; i < n; ++i) {
      const tk::Axis X = tk::axis(xs[i], o.periodX);
      h0[i] = X.i0 * kHashX;
      h1[i] = X.i1 * kHashX;
      u[i] = tk::fade<F>(X.t);
    }
    padTail(h0, n);
    padTail(h1, n);
    padTail(u, n);
  }
};

struct ValueRow {
  uint32_t s0[2], s1[2];  // floor(y) * kHashY (resp. + 1) + seed term + z term of layer k
  double v, w;            // fades of the y and z fractions (w: 3-D only)
};

template <FadeKind F, bool Is3D>
inline ValueRow valueRow(const tk::Octave& o, double y, double z) {
  const tk::Axis Y = tk::axis(y, o.periodY);
  const uint32_t s = tk::seedTerm(o);
  uint32_t zt[2] = {0u, 0u};
  ValueRow r;
  r.w = 0;
  if constexpr (Is3D) {
    const tk::Axis Z = tk::axis(z, 0);
    zt[0] = Z.i0 * kHashZ;
    zt[1] = Z.i1 * kHashZ;
    r.w = tk::fade<F>(Z.t);
  }
  for (int k = 0; k < 2; ++k) {
    r.s0[k] = Y.i0 * kHashY + s + zt[k];
    r.s1[k] = Y.i1 * kHashY + s + zt[k];
  }
  r.v = tk::fade<F>(Y.t);
  return r;
}

// ValueKernel::layer's value, same operation order.
inline double valueLayer(uint32_t x0, uint32_t x1, double u, uint32_t s0, uint32_t s1, double v) {
  const double a = tk::unit(hashFinish(x0 + s0));
  const double b = tk::unit(hashFinish(x1 + s0));
  const double c = tk::unit(hashFinish(x0 + s1));
  const double d = tk::unit(hashFinish(x1 + s1));
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

// One octave of value noise over n columns (3-D: ValueKernel::eval3's n0 + (n1 - n0) * w).
template <bool Is3D>
inline void valueEvalScalar(const std::vector<uint32_t>& h0, const std::vector<uint32_t>& h1,
                            const std::vector<double>& u, const ValueRow& r, int n, double* out) {
  for (int i = 0; i < n; ++i) {
    const double n0 = valueLayer(h0[i], h1[i], u[i], r.s0[0], r.s1[0], r.v);
    if constexpr (Is3D) {
      const double n1 = valueLayer(h0[i], h1[i], u[i], r.s0[1], r.s1[1], r.v);
      out[i] = n0 + (n1 - n0) * r.w;
    } else {
      out[i] = n0;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Gradient noise, 2-D.
template <FadeKind F>
struct GradientCols {
  std::vector<uint32_t> h0, h1;
  std::vector<double> t, tm1, u;  // fraction, fraction - 1, fade
  void build(const tk::Octave& o, const double* xs, int n) {
    const size_t m = paddedSize(n);
    h0.resize(m);
    h1.resize(m);
    t.resize(m);
    tm1.resize(m);
    u.resize(m);
    for (int i = 0; i < n; ++i) {
      const tk::Axis X = tk::axis(xs[i], o.periodX);
      h0[i] = X.i0 * kHashX;
      h1[i] = X.i1 * kHashX;
      t[i] = X.t;
      tm1[i] = X.t - 1;
      u[i] = tk::fade<F>(X.t);
    }
    padTail(h0, n);
    padTail(h1, n);
    padTail(t, n);
    padTail(tm1, n);
    padTail(u, n);
  }
};

struct GradientRow {
  uint32_t s0, s1;  // floor(y) * kHashY (resp. + 1) + seed term
  double t, tm1, v;
};

template <FadeKind F>
inline GradientRow gradientRow(const tk::Octave& o, double y) {
  const tk::Axis Y = tk::axis(y, o.periodY);
  const uint32_t s = tk::seedTerm(o);
  return {Y.i0 * kHashY + s, Y.i1 * kHashY + s, Y.t, Y.t - 1, tk::fade<F>(Y.t)};
}

// GradientKernel::eval2's corner gradients and raw value, same operation order; shared by the value
// row kernel (gradientAt) and the gradient one (gradientGradAt), which also needs the corners.
struct GradientCell {
  const double *ga, *gb, *gc, *gd;
  double va, vb, vc, k3, n;
};

inline GradientCell gradientCell(uint32_t x0, uint32_t x1, double tx, double txm1, double u, const GradientRow& r) {
  GradientCell g;
  g.ga = tk::kGrad2[hashFinish(x0 + r.s0) >> 29];
  g.gb = tk::kGrad2[hashFinish(x1 + r.s0) >> 29];
  g.gc = tk::kGrad2[hashFinish(x0 + r.s1) >> 29];
  g.gd = tk::kGrad2[hashFinish(x1 + r.s1) >> 29];
  const double ty = r.t, tym1 = r.tm1, v = r.v;
  g.va = g.ga[0] * tx + g.ga[1] * ty;
  g.vb = g.gb[0] * txm1 + g.gb[1] * ty;
  g.vc = g.gc[0] * tx + g.gc[1] * tym1;
  const double vd = g.gd[0] * txm1 + g.gd[1] * tym1;
  g.k3 = g.va - g.vb - g.vc + vd;
  g.n = g.va + (g.vb - g.va) * u + (g.vc - g.va) * v + g.k3 * u * v;
  return g;
}

// GradientKernel::eval2's value.
inline double gradientAt(uint32_t x0, uint32_t x1, double tx, double txm1, double u, const GradientRow& r) {
  return tk::clampUnit(0.5 + 0.5 * (gradientCell(x0, x1, tx, txm1, u, r).n * tk::kSqrt2));
}

// ---------------------------------------------------------------------------------------------
// Cellular noise, 2-D (3-D cellular takes the generic row kernel: eval3 per sample).
struct CellAxis {
  double f;       // fraction within the cell
  uint32_t h[5];  // hash terms of cells floor - 2 .. floor + 2 (after tiling; + seed term in rows)
};

inline CellAxis cellAxis(double c, double period, uint32_t mul, uint32_t add) {
  const double fl = std::floor(c);
  CellAxis a;
  a.f = c - fl;
  tk::cellHashTerms<2>(fl, period, mul, add, a.h);
  return a;
}

// Per-column terms, one array per field (SIMD loads four columns at once).
struct CellCols {
  std::vector<double> f;
  std::vector<uint32_t> h[5];
  void build(const tk::Octave& o, const double* xs, int n) {
    const size_t m = paddedSize(n);
    f.resize(m);
    for (auto& v : h) v.resize(m);
    for (int i = 0; i < n; ++i) {
      const CellAxis a = cellAxis(xs[i], o.periodX, kHashX, 0u);
      f[i] = a.f;
      for (int k = 0; k < 5; ++k) h[k][i] = a.h[k];
    }
    padTail(f, n);
    for (auto& v : h) padTail(v, n);
  }
  CellAxis at(int i) const { return {f[i], {h[0][i], h[1][i], h[2][i], h[3][i], h[4][i]}}; }
};

// CellularKernel::eval2 with the return mode fixed (the same search variant as eval2 picks).
template <CellDistance D, CellReturn R>
inline double cellAt(const tk::Octave& o, const CellAxis& X, const CellAxis& Y) {
  constexpr bool kSquared = D == CellDistance::Euclidean && R != CellReturn::CellValue;
  constexpr bool kNeedF2 = R == CellReturn::F2 || R == CellReturn::F2MinusF1;
  double f1, f2;
  uint32_t nearest;
  tk::cellSearch<D, kSquared, kNeedF2>(o, X.h, Y.h, X.f, Y.f, &f1, &f2, &nearest);
  return tk::cellReturnValue(R, tk::kCellNorm2[static_cast<int>(D)], f1, f2, nearest);
}

}  // namespace rows
}  // namespace nf

#ifdef __wasm_simd128__
#include "row_kernels_simd.h"
#endif

namespace nf {
namespace rows {

template <FadeKind F, bool Is3D>
struct RowKernel<tk::ValueKernel<F>, Is3D> {
  using Cols = ValueCols<F>;
  using Row = ValueRow;
  static Row row(const tk::Octave& o, double y, double z) { return valueRow<F, Is3D>(o, y, z); }
  static void eval(const tk::Octave&, const Cols& c, const Row& r, int n, double* out) {
#ifdef __wasm_simd128__
    valueEvalSimd<Is3D>(c.h0.data(), c.h1.data(), c.u.data(), r, n, out);
#else
    valueEvalScalar<Is3D>(c.h0, c.h1, c.u, r, n, out);
#endif
  }
};

template <FadeKind F>
struct RowKernel<tk::GradientKernel<F>, false> {
  using Cols = GradientCols<F>;
  using Row = GradientRow;
  static Row row(const tk::Octave& o, double y, double) { return gradientRow<F>(o, y); }
  static void eval(const tk::Octave&, const Cols& c, const Row& r, int n, double* out) {
#ifdef __wasm_simd128__
    gradientEvalSimd<F>(c, r, n, out);
#else
    for (int i = 0; i < n; ++i) out[i] = gradientAt(c.h0[i], c.h1[i], c.t[i], c.tm1[i], c.u[i], r);
#endif
  }
};

// Simplex, 2-D: nothing is separable (the lattice is skewed), but the SIMD loop wants padded x.
// Tiled octaves (simplex on a circle or torus, kernels.h) are scalar, but each axis's circle point
// (the sin / cos) depends on one coordinate only: columns and rows hold them (axisPoint), and
// tiledFrom gives eval2's value from them.
template <>
struct RowKernel<tk::SimplexKernel, false> {
  struct Cols {
    std::vector<double> x;
    std::vector<double> a, b;  // tiled octaves: axisPoint of each column's x
    void build(const tk::Octave& o, const double* xs, int n) {
      x.assign(xs, xs + n);
      x.resize(paddedSize(n));
      padTail(x, n);
      if (!tiled(o)) return;
      a.resize(static_cast<size_t>(n));
      b.resize(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) tk::SimplexKernel::axisPoint(xs[i], o.periodX, &a[i], &b[i]);
    }
  };
  struct Row {
    double y;
    double a = 0, b = 0;  // tiled octaves: axisPoint of y
  };
  static bool tiled(const tk::Octave& o) { return o.periodX > 0 || o.periodY > 0; }
  static Row row(const tk::Octave& o, double y, double) {
    Row r{y};
    if (tiled(o)) tk::SimplexKernel::axisPoint(y, o.periodY, &r.a, &r.b);
    return r;
  }
  static void eval(const tk::Octave& o, const Cols& c, const Row& r, int n, double* out) {
    if (tiled(o)) {
      const uint32_t sd = tk::seedTerm(o);
      for (int i = 0; i < n; ++i) out[i] = tk::SimplexKernel::tiledFrom(o, sd, c.a[i], c.b[i], r.a, r.b);
      return;
    }
#ifdef __wasm_simd128__
    simplexEvalSimd(o, c.x.data(), r.y, n, out);
#else
    for (int i = 0; i < n; ++i) out[i] = tk::SimplexKernel::eval2<false>(o, c.x[i], r.y, nullptr, nullptr);
#endif
  }
};

template <CellDistance D>
struct RowKernel<tk::CellularKernel<D>, false> {
  using Cols = CellCols;
  using Row = CellAxis;  // the seed term is folded into the y hash terms
  static Row row(const tk::Octave& o, double y, double) { return cellAxis(y, o.periodY, kHashY, tk::seedTerm(o)); }
  static void eval(const tk::Octave& o, const Cols& c, const Row& r, int n, double* out) {
    switch (o.cellReturn) {
      case CellReturn::F1: return loop<CellReturn::F1>(o, c, r, n, out);
      case CellReturn::F2: return loop<CellReturn::F2>(o, c, r, n, out);
      case CellReturn::F2MinusF1: return loop<CellReturn::F2MinusF1>(o, c, r, n, out);
      case CellReturn::CellValue: return loop<CellReturn::CellValue>(o, c, r, n, out);
    }
  }
  template <CellReturn R>
  static void loop(const tk::Octave& o, const Cols& c, const Row& r, int n, double* out) {
#ifdef __wasm_simd128__
    cellEvalSimd<D, R>(o, c, r, n, out);
#else
    for (int i = 0; i < n; ++i) out[i] = cellAt<D, R>(o, c.at(i), r);
#endif
  }
};

}  // namespace rows
}  // namespace nf
