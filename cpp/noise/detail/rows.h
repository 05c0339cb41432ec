// Row kernels: one octave of a noise kernel (kernels.h) over one row of a grid fill, with the work
// that depends on one axis only done once per column (Cols, built once per fill) or once per row
// (Row) instead of once per sample, and the samples taken a lane at a time (lanes.h: four columns
// per step where the kernel has a lane form, else one).
//
// Bit-exact to the kernels' eval2 / eval3: the per-axis terms are the kernels' own xTerms and
// yTerms and the combination their own combine (the same expressions at every lane width), and the
// lattice hash input x * kHashX + y * kHashY + seed term (+ z * kHashZ) is a uint32 sum, so
// hoisting partial sums gives the same bits.
//
// RowKernel<K, Is3D> provides
//   Lane                       the lane type of a step (lanes::Wide or double);
//   Cols                       per-column terms of one octave; build(o, xs, n) from the lattice x
//                              of n columns (arrays are padded to a multiple of kRowPad);
//   Row row(o, y, z)           the per-row terms;
//   at<G>(o, cols, row, i, &gx, &gy)  the samples at columns i .. i + width - 1 (and with G their
//                              gradients per lattice unit).
// evalRow and accumulateRow run it over a row; the generic version hoists nothing and runs one
// sample a step (3-D gradient, 3-D simplex).
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "../fractal.h"
#include "../kernels.h"
#include "../lanes.h"

namespace nf {
NF_ISA_BEGIN
namespace rows {

using lanes::kRowPad;
using lanes::paddedSize;

// The bound of raw2's Near lanes (SimplexKernel::raw2): below it the skewed lattice indices are
// far inside lanes::kNearLattice and every term of the corner sums is finite.
constexpr double kNearSkewed = 281474976710656.0;  // 2^48
inline bool nearSkewed(double v) { return std::fabs(v) < kNearSkewed; }  // false for NaN
inline bool nearSkewed(const std::vector<double>& v) {
  for (double x : v)
    if (!nearSkewed(x)) return false;
  return true;
}

// Fill the padding of a per-column array with copies of the last real entry (harmless inputs).
template <class T>
void padTail(std::vector<T>& v, int n) {
  for (size_t i = static_cast<size_t>(n); i < v.size(); ++i) v[i] = v[static_cast<size_t>(n) - 1];
}

template <class K, bool Is3D>
struct RowKernel {
  using Lane = double;
  struct Cols {
    std::vector<double> x;
    void build(const tk::Octave&, const double* xs, int n) { x.assign(xs, xs + n); }
  };
  struct Row {
    double y, z;
  };
  static Row row(const tk::Octave&, double y, double z) { return {y, z}; }
  template <bool G>
  static double at(const tk::Octave& o, const Cols& c, const Row& r, int i, double* gx, double* gy) {
    if constexpr (Is3D) return K::template eval3<G>(o, c.x[i], r.y, r.z, gx, gy);
    else return K::template eval2<G>(o, c.x[i], r.y, gx, gy);
  }
};

// ---------------------------------------------------------------------------------------------
// Value and gradient noise: the kernel's x terms per column (one array per member, so a step
// loads whole lanes), its y terms per row.
template <class K>
struct TermCols;

template <FadeKind F>
struct TermCols<tk::ValueKernel<F>> {
  std::vector<uint32_t> h0, h1;
  std::vector<double> u, du;
  void build(const tk::Octave& o, const double* xs, int n) {
    for (auto* v : {&h0, &h1}) v->resize(paddedSize(n));
    for (auto* v : {&u, &du}) v->resize(paddedSize(n));
    for (int i = 0; i < n; ++i) {
      const auto X = tk::ValueKernel<F>::xTerms(o, xs[i]);
      h0[i] = X.h0, h1[i] = X.h1, u[i] = X.u, du[i] = X.du;
    }
    for (auto* v : {&h0, &h1}) padTail(*v, n);
    for (auto* v : {&u, &du}) padTail(*v, n);
  }
  template <class D>
  NF_HOT_INLINE typename tk::ValueKernel<F>::template XTerms<D> at(int i) const {
    using L = lanes::Lane<D>;
    return {L::loadU(&h0[i]), L::loadU(&h1[i]), L::load(&u[i]), L::load(&du[i])};
  }
};

template <FadeKind F>
struct TermCols<tk::GradientKernel<F>> {
  std::vector<uint32_t> h0, h1;
  std::vector<double> t, tm1, u, du;
  void build(const tk::Octave& o, const double* xs, int n) {
    for (auto* v : {&h0, &h1}) v->resize(paddedSize(n));
    for (auto* v : {&t, &tm1, &u, &du}) v->resize(paddedSize(n));
    for (int i = 0; i < n; ++i) {
      const auto X = tk::GradientKernel<F>::xTerms(o, xs[i]);
      h0[i] = X.h0, h1[i] = X.h1, t[i] = X.t, tm1[i] = X.tm1, u[i] = X.u, du[i] = X.du;
    }
    for (auto* v : {&h0, &h1}) padTail(*v, n);
    for (auto* v : {&t, &tm1, &u, &du}) padTail(*v, n);
  }
  template <class D>
  NF_HOT_INLINE typename tk::GradientKernel<F>::template XTerms<D> at(int i) const {
    using L = lanes::Lane<D>;
    return {L::loadU(&h0[i]), L::loadU(&h1[i]), L::load(&t[i]), L::load(&tm1[i]), L::load(&u[i]), L::load(&du[i])};
  }
};

template <class K, bool Is3D>
struct TermRowKernel {
  using Lane = lanes::Wide;
  using Cols = TermCols<K>;
  using Row = typename K::template YTerms<double>;
  static Row row(const tk::Octave& o, double y, double z) { return K::template yTerms<Is3D>(o, y, z); }
  template <bool G, class D = Lane>
  NF_HOT_INLINE static D at(const tk::Octave&, const Cols& c, const Row& r, int i, D* gx, D* gy) {
    return K::template combine<G, Is3D>(c.template at<D>(i), r, gx, gy);
  }
};

template <FadeKind F, bool Is3D>
struct RowKernel<tk::ValueKernel<F>, Is3D> : TermRowKernel<tk::ValueKernel<F>, Is3D> {};
template <FadeKind F>
struct RowKernel<tk::GradientKernel<F>, false> : TermRowKernel<tk::GradientKernel<F>, false> {};

// ---------------------------------------------------------------------------------------------
// Simplex, 2-D: nothing is separable (the lattice is skewed), so a step is raw2 over a lane of
// columns. Tiled octaves (simplex on a circle or torus, kernels.h) are scalar, but each axis's
// circle point (the sin / cos) depends on one coordinate only: columns and rows hold them
// (axisPoint), and tiledFrom gives eval2's value from them.
template <>
struct RowKernel<tk::SimplexKernel, false> {
  using Lane = lanes::Wide;
  struct Cols {
    std::vector<double> x;
    std::vector<double> a, b;  // tiled octaves: axisPoint of each column's x
    bool near = false;         // every x (padding too) nearSkewed
    void build(const tk::Octave& o, const double* xs, int n) {
      x.assign(xs, xs + n);
      x.resize(paddedSize(n));
      padTail(x, n);
      near = nearSkewed(x);
      if (!tiled(o)) return;
      a.resize(paddedSize(n));
      b.resize(paddedSize(n));
      for (int i = 0; i < n; ++i) tk::SimplexKernel::axisPoint(xs[i], o.periodX, &a[i], &b[i]);
      padTail(a, n);
      padTail(b, n);
    }
  };
  struct Row {
    double y;
    bool near;
    double a = 0, b = 0;  // tiled octaves: axisPoint of y
  };
  static bool tiled(const tk::Octave& o) { return o.periodX > 0 || o.periodY > 0; }
  static Row row(const tk::Octave& o, double y, double) {
    Row r{y, nearSkewed(y)};
    if (tiled(o)) tk::SimplexKernel::axisPoint(y, o.periodY, &r.a, &r.b);
    return r;
  }
  template <bool G, class D = Lane>
  NF_HOT_INLINE static D at(const tk::Octave& o, const Cols& c, const Row& r, int i, D* gx, D* gy) {
    using L = lanes::Lane<D>;
    if (tiled(o)) {  // no analytic gradient when tiled: opsFor never asks rows for one
      double v[L::kWidth];
      const uint32_t sd = tk::seedTerm(o);
      for (int k = 0; k < L::kWidth; ++k) v[k] = tk::SimplexKernel::tiledFrom(o, sd, c.a[i + k], c.b[i + k], r.a, r.b);
      return L::load(v);
    }
    D dx = D(0), dy = D(0), raw;
    if (L::kWidth > 1 && c.near && r.near)
      raw = tk::SimplexKernel::raw2<G, tk::Grad8, D, L::kWidth != 1>(tk::seedTerm(o), L::load(&c.x[i]), D(r.y), &dx, &dy);
    else
      raw = tk::SimplexKernel::raw2<G, tk::Grad8, D>(tk::seedTerm(o), L::load(&c.x[i]), D(r.y), &dx, &dy);
    if constexpr (G) tk::SimplexKernel::unitGrad(raw, tk::kSimplexScale2, dx, dy, gx, gy);
    return tk::SimplexKernel::toUnit(raw, tk::kSimplexScale2);
  }
};

// ---------------------------------------------------------------------------------------------
// OpenSimplex2, 2-D and 3-D: nothing is separable (a skewed lattice, a reflected one), so a step
// is the kernel's lane form (OpenSimplex2Kernel::at: raw2 with 24 gradients, raw3) over a lane of
// columns. It has no tiled variant.
template <bool Is3D>
struct RowKernel<tk::OpenSimplex2Kernel, Is3D> {
  using Lane = lanes::Wide;
  struct Cols {
    std::vector<double> x;
    bool near = false;  // every x (padding too) nearSkewed
    void build(const tk::Octave&, const double* xs, int n) {
      x.assign(xs, xs + n);
      x.resize(paddedSize(n));
      padTail(x, n);
      near = nearSkewed(x);
    }
  };
  struct Row {
    double y, z;
    bool near;  // y (and in 3-D z) nearSkewed
  };
  static Row row(const tk::Octave&, double y, double z) { return {y, z, nearSkewed(y) && (!Is3D || nearSkewed(z))}; }
  template <bool G, class D = Lane>
  NF_HOT_INLINE static D at(const tk::Octave& o, const Cols& c, const Row& r, int i, D* gx, D* gy) {
    using L = lanes::Lane<D>;
    const D x = L::load(&c.x[i]);
    if (L::kWidth > 1 && c.near && r.near)  // the lanes' Near form (SimplexKernel::raw2, OpenSimplex2Kernel::raw3)
      return tk::OpenSimplex2Kernel::at<G, Is3D, D, L::kWidth != 1>(o, x, D(r.y), r.z, gx, gy);
    return tk::OpenSimplex2Kernel::at<G, Is3D, D>(o, x, D(r.y), r.z, gx, gy);
  }
};

// ---------------------------------------------------------------------------------------------
// Cellular, 2-D and 3-D.
// The lane searches' visits are unrolled natively (AVX2 3-D cellular 0.44x the previous kernel's
// time, against 0.52x as a loop); in wasm they stay a loop: unrolled, the cellular row kernels'
// instantiations made the toolkit module 0.5 MB (41 %) larger.
#if defined(__wasm__)
#define NF_CELL_VISITS
#else
#define NF_CELL_VISITS NF_UNROLL_FULL
#endif
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

// Per-column terms, one array per field (a step loads a lane of columns at once).
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
  if (!tk::cellFractionsDefined(X.f, Y.f)) return tk::kCellUndefined;
  double f1, f2;
  uint32_t nearest;
  tk::cellSearch<D, kSquared, kNeedF2>(o, X.h, Y.h, X.f, Y.f, &f1, &f2, &nearest);
  return tk::cellReturnValue(R, tk::kCellNorm2[static_cast<int>(D)], f1, f2, nearest);
}

// The cellular row kernels' shared parts. at() picks the return mode once per step (Self::atR<R>).
template <class Self>
struct CellReturnDispatch {
  template <bool G, class L = lanes::Wide, class Cols, class Row>
  static L at(const tk::Octave& o, const Cols& c, const Row& r, int i, L*, L*) {
    switch (o.cellReturn) {
      case CellReturn::F1: return Self::template atR<CellReturn::F1, L>(o, c, r, i);
      case CellReturn::F2: return Self::template atR<CellReturn::F2, L>(o, c, r, i);
      case CellReturn::F2MinusF1: return Self::template atR<CellReturn::F2MinusF1, L>(o, c, r, i);
      case CellReturn::CellValue: break;
    }
    return Self::template atR<CellReturn::CellValue, L>(o, c, r, i);
  }
};
// The lane values of a core search b (search units; fx the columns' fractions, rowGap and norm the
// row's and the dimension's), where lane l's outer cells may hold F1 / F2 (tk::cellRingNeeded) the
// whole search's value full(l) instead. rowDefined: the row's fractions are defined (not an
// overflowed coordinate's NaN: tk::cellFractionsDefined); a lane whose own fraction is NaN is
// undefined too, as its sample is.
template <CellReturn R, bool Squared, bool NeedF2, class L, class Full>
NF_HOT_INLINE L cellLanesEnd(const tk::Octave& o, const tk::CellBest<L>& b, L fx, double rowGap, double norm,
                             bool rowDefined, Full full) {
  using W = lanes::Lane<L>;
  if (!rowDefined) return L(tk::kCellUndefined);
  const L f1 = Squared ? lanes::sqrt(b.f1) : b.f1, f2 = Squared ? lanes::sqrt(b.f2) : b.f2;
  const L v = lanes::select(fx < L(2), tk::cellReturnOf<R>(norm, f1, f2, b.nearest), L(tk::kCellUndefined));
  const auto ring = tk::cellRingNeeded<Squared>(o, fx, rowGap, NeedF2 ? b.f2 : b.f1);
  if (!lanes::any(ring)) return v;
  double out[W::kWidth], need[W::kWidth];
  W::store(out, v);
  W::store(need, lanes::select(ring, L(1), L(0)));
  for (int l = 0; l < W::kWidth; ++l)
    if (need[l] != 0) out[l] = full(l);
  return W::load(out);
}

// A lane of columns takes the 3 x 3 core of cellSearch (the same visits, the same update); a
// column whose outer ring may hold F1 / F2 (tk::cellRingNeeded: near a cell edge with a large F2)
// is redone by the whole search, cellAt, so every column equals cellAt. F1, F2 and F2-F1 visit the
// centre first, then the 4 face and 4 corner cells, skipping those out of reach as the 3-D kernel
// below does (the reasons are given there); CellValue keeps cellSearch's order and every visit.
struct Cell2Row {
  CellAxis y;       // the seed term is folded into the y hash terms
  double bound[3];  // the bound parts of the y gaps of offsets -1, 0, 1
};
constexpr int8_t kCell2Order[9][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

template <CellDistance D>
struct RowKernel<tk::CellularKernel<D>, false> : CellReturnDispatch<RowKernel<tk::CellularKernel<D>, false>> {
  using Lane = lanes::Wide;
  using Cols = CellCols;
  using Row = Cell2Row;
  static constexpr bool kBoundSquared = D == CellDistance::Euclidean;  // the order-free modes' search
  static Row row(const tk::Octave& o, double y, double) {
    Row r;
    r.y = cellAxis(y, o.periodY, kHashY, tk::seedTerm(o));
    for (int j = 0; j < 3; ++j) r.bound[j] = tk::cellBoundPart<D, kBoundSquared>(tk::cellGap(j - 1, r.y.f, o.jitter));
    return r;
  }
  template <CellReturn R, class L>
  NF_HOT_INLINE static L atR(const tk::Octave& o, const Cols& c, const Row& Y, int i) {
    using W = lanes::Lane<L>;
    if constexpr (W::kWidth == 1) {
      return cellAt<D, R>(o, c.at(i), Y.y);
    } else if constexpr (R == CellReturn::CellValue) {
      return cellValueLanes<L>(o, c, Y.y, i);
    } else {
      if (o.jitter == 1) return nearestLanes<R, L, true>(o, c, Y, i);
      return nearestLanes<R, L, false>(o, c, Y, i);
    }
  }
  template <CellReturn R, class L, bool J1>
  NF_HOT_INLINE static L nearestLanes(const tk::Octave& o, const Cols& c, const Row& Y, int i) {
    using W = lanes::Lane<L>;
    constexpr bool kSquared = kBoundSquared;
    constexpr bool kNeedF2 = R == CellReturn::F2 || R == CellReturn::F2MinusF1;
    const L jitter(o.jitter), fx = W::load(&c.f[i]), fy(Y.y.f);
    const L bx[3] = {tk::cellBoundPart<D, kSquared>(tk::cellGap(-1, fx, o.jitter)), L(0),
                     tk::cellBoundPart<D, kSquared>(tk::cellGap(1, fx, o.jitter))};
    tk::CellBest<L> b;
    NF_CELL_VISITS
    for (int v = 0; v < 9; ++v) {
      const int k = kCell2Order[v][0], j = kCell2Order[v][1];
      if (v > 0) {
        const L row(Y.bound[j + 1]);
        const L bound = k ? (j ? tk::cellBoundJoin<D>(bx[k + 1], row) : bx[k + 1]) : row;
        if (!lanes::any(bound < (kNeedF2 ? b.f2 : b.f1) + tk::kCellSlack)) continue;
      }
      const auto h = hashFinishLanes(W::loadU(&c.h[k + 2][i]) + Y.y.h[j + 2]);
      const auto h2 = hashFinishLanes(h + 0x9E3779B9u);
      const L d = tk::cellMetric<D, kSquared>(tk::cellOffsetOf<J1>(k, h, jitter, fx), tk::cellOffsetOf<J1>(j, h2, jitter, fy));
      if constexpr (kNeedF2) b.add(d, h2);
      else b.addF1(d);
    }
    return cellLanesEnd<R, kSquared, kNeedF2>(o, b, fx, tk::cellRowGap(o, Y.y.f), tk::kCellNorm2[static_cast<int>(D)],
                                              tk::cellFractionsDefined(0, Y.y.f),
                                              [&](int l) { return cellAt<D, R>(o, c.at(i + l), Y.y); });
  }
  // CellValue: cellSearch's order, every core cell (true distances: no squared search).
  template <class L>
  NF_HOT_INLINE static L cellValueLanes(const tk::Octave& o, const Cols& c, const CellAxis& Y, int i) {
    using W = lanes::Lane<L>;
    const L jitter(o.jitter), fx = W::load(&c.f[i]), fy(Y.f);
    tk::CellBest<L> b;
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k) {
        const auto h = hashFinishLanes(W::loadU(&c.h[k + 2][i]) + Y.h[j + 2]);
        const auto h2 = hashFinishLanes(h + 0x9E3779B9u);
        b.add(tk::cellMetric<D, false>(tk::cellOffsetOf<false>(k, h, jitter, fx), tk::cellOffsetOf<false>(j, h2, jitter, fy)), h2);
      }
    return cellLanesEnd<CellReturn::CellValue, false, false>(o, b, fx, tk::cellRowGap(o, Y.f), tk::kCellNorm2[static_cast<int>(D)],
                                                             tk::cellFractionsDefined(0, Y.f),
                                                             [&](int l) { return cellAt<D, CellReturn::CellValue>(o, c.at(i + l), Y); });
  }
};

// Cellular, 3-D: a lane of columns takes cellSearch3's 3 x 3 x 3 core; columns whose outer cells
// may hold F1 / F2 (tk::cellRingNeeded) are redone by eval3, so every column equals eval3.
// F1, F2 and F2-F1 (whose values do not depend on the order of the visits: the smallest and the
// second smallest distance of the cells) visit the centre first, then the 6 face, 12 edge and 8
// corner cells, and skip a cell when its lower bound (tk::cellBoundPart: the gaps, per lane in x
// and per row in y and z) is not below the current F1 (F2 where wanted) plus kCellSlack in any
// lane, as cellSearch3 skips outer cells: such a cell is farther than the best found, so the core's
// F1 and F2 are the same as with every visit, and so is the test for the outer ring. A jittered
// point is near its cell's centre, so most edge and corner cells are skipped. CellValue keeps the
// order of cellSearch3 (its nearest cell breaks ties by it) and visits all 27.
struct Cell3Cols {
  std::vector<double> x, f;
  std::vector<uint32_t> h[3];  // hash terms of cells floor - 1 .. floor + 1 (after tiling)
  void build(const tk::Octave& o, const double* xs, int n) {
    const size_t m = paddedSize(n);
    x.assign(xs, xs + n);
    x.resize(m);
    f.resize(m);
    for (auto& v : h) v.resize(m);
    for (int i = 0; i < n; ++i) {
      const double fl = std::floor(xs[i]);
      uint32_t t[3];
      tk::cellHashTerms<1>(fl, o.periodX, kHashX, 0u, t);
      f[i] = xs[i] - fl;
      for (int k = 0; k < 3; ++k) h[k][i] = t[k];
    }
    padTail(x, n);
    padTail(f, n);
    for (auto& v : h) padTail(v, n);
  }
};
struct Cell3Row {
  double y, z, fy, fz, gap;  // gap: tk::cellRowGap of y and z
  uint32_t h[3][3];          // [k][j]: hash terms of y offset j - 1 (+ seed term) and z offset k - 1
  double bound[3][3];        // [k][j]: the y and z gaps' bound parts, joined
};

// The visiting order of the core cells when it is free: (x, y, z) offsets, centre first.
constexpr int8_t kCell3Order[27][3] = {
    {0, 0, 0},    {-1, 0, 0},  {1, 0, 0},   {0, -1, 0},  {0, 1, 0},   {0, 0, -1},  {0, 0, 1},
    {-1, -1, 0},  {1, -1, 0},  {-1, 1, 0},  {1, 1, 0},   {-1, 0, -1}, {1, 0, -1},  {-1, 0, 1},
    {1, 0, 1},    {0, -1, -1}, {0, 1, -1},  {0, -1, 1},  {0, 1, 1},   {-1, -1, -1}, {1, -1, -1},
    {-1, 1, -1},  {1, 1, -1},  {-1, -1, 1}, {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};

template <CellDistance D>
struct RowKernel<tk::CellularKernel<D>, true> : CellReturnDispatch<RowKernel<tk::CellularKernel<D>, true>> {
  using K = tk::CellularKernel<D>;
  using Lane = lanes::Wide;
  using Cols = Cell3Cols;
  using Row = Cell3Row;
  static constexpr bool kBoundSquared = D == CellDistance::Euclidean;  // the order-free modes' search
  static Row row(const tk::Octave& o, double y, double z) {
    Row r;
    const double fyl = std::floor(y), fzl = std::floor(z);
    uint32_t hy[3], hz[3];
    tk::cellHashTerms<1>(fyl, o.periodY, kHashY, tk::seedTerm(o), hy);
    tk::cellHashTerms<1>(fzl, 0, kHashZ, 0u, hz);
    r.y = y, r.z = z, r.fy = y - fyl, r.fz = z - fzl;
    r.gap = std::fmin(tk::cellRowGap(o, r.fy), tk::cellRowGap(o, r.fz));
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < 3; ++j) {
        r.h[k][j] = hy[j] + hz[k];
        r.bound[k][j] = tk::cellBoundJoin<D>(tk::cellBoundPart<D, kBoundSquared>(tk::cellGap(j - 1, r.fy, o.jitter)),
                                             tk::cellBoundPart<D, kBoundSquared>(tk::cellGap(k - 1, r.fz, o.jitter)));
      }
    return r;
  }
  template <CellReturn R, class L>
  NF_HOT_INLINE static L atR(const tk::Octave& o, const Cols& c, const Row& Y, int i) {
    using W = lanes::Lane<L>;
    if constexpr (W::kWidth == 1) {
      return K::template eval3<false>(o, c.x[i], Y.y, Y.z, nullptr, nullptr);
    } else if constexpr (R == CellReturn::CellValue) {
      return cellValueLanes<L>(o, c, Y, i);
    } else {
      if (o.jitter == 1) return nearestLanes<R, L, true>(o, c, Y, i);
      return nearestLanes<R, L, false>(o, c, Y, i);
    }
  }
  // F1, F2, F2-F1: centre first, cells out of reach skipped.
  template <CellReturn R, class L, bool J1>
  NF_HOT_INLINE static L nearestLanes(const tk::Octave& o, const Cols& c, const Row& Y, int i) {
    using W = lanes::Lane<L>;
    constexpr bool kSquared = kBoundSquared;
    constexpr bool kNeedF2 = R == CellReturn::F2 || R == CellReturn::F2MinusF1;
    const L jitter(o.jitter), fx = W::load(&c.f[i]), fy(Y.fy), fz(Y.fz);
    const lanes::UOf<L> hx[3] = {W::loadU(&c.h[0][i]), W::loadU(&c.h[1][i]), W::loadU(&c.h[2][i])};
    const L bx[3] = {tk::cellBoundPart<D, kSquared>(tk::cellGap(-1, fx, o.jitter)), L(0),
                     tk::cellBoundPart<D, kSquared>(tk::cellGap(1, fx, o.jitter))};
    tk::CellBest<L> b;
    NF_CELL_VISITS
    for (int v = 0; v < 27; ++v) {
      const int m = kCell3Order[v][0], j = kCell3Order[v][1], k = kCell3Order[v][2];
      if (v > 0) {
        const L row(Y.bound[k + 1][j + 1]);
        const L bound = m ? tk::cellBoundJoin<D>(bx[m + 1], row) : row;
        if (!lanes::any(bound < (kNeedF2 ? b.f2 : b.f1) + tk::kCellSlack)) continue;
      }
      const auto h = hashFinishLanes(hx[m + 1] + Y.h[k + 1][j + 1]);
      const auto h2 = hashFinishLanes(h + 0x9E3779B9u);
      const auto h3 = hashFinishLanes(h2 + 0x9E3779B9u);
      const L d = tk::cellMetric<D, kSquared>(tk::cellOffsetOf<J1>(m, h, jitter, fx),
                                               tk::cellOffsetOf<J1>(j, h2, jitter, fy),
                                               tk::cellOffsetOf<J1>(k, h3, jitter, fz));
      if constexpr (kNeedF2) b.add(d, h3);
      else b.addF1(d);
    }
    return cellLanesEnd<R, kSquared, kNeedF2>(o, b, fx, Y.gap, tk::kCellNorm3[static_cast<int>(D)],
                                              tk::cellFractionsDefined(0, Y.fy, Y.fz), [&](int l) {
      return K::template eval3<false>(o, c.x[i + l], Y.y, Y.z, nullptr, nullptr);
    });
  }
  // CellValue: cellSearch3's order, every core cell (true distances: no squared search).
  template <class L>
  NF_HOT_INLINE static L cellValueLanes(const tk::Octave& o, const Cols& c, const Row& Y, int i) {
    using W = lanes::Lane<L>;
    const L jitter(o.jitter), fx = W::load(&c.f[i]), fy(Y.fy), fz(Y.fz);
    const lanes::UOf<L> hx[3] = {W::loadU(&c.h[0][i]), W::loadU(&c.h[1][i]), W::loadU(&c.h[2][i])};
    tk::CellBest<L> b;
    for (int k = -1; k <= 1; ++k)
      for (int j = -1; j <= 1; ++j) {
        const uint32_t hyz = Y.h[k + 1][j + 1];
        for (int m = -1; m <= 1; ++m) {
          const auto h = hashFinishLanes(hx[m + 1] + hyz);
          const auto h2 = hashFinishLanes(h + 0x9E3779B9u);
          const auto h3 = hashFinishLanes(h2 + 0x9E3779B9u);
          b.add(tk::cellMetric<D, false>(tk::cellOffsetOf<false>(m, h, jitter, fx), tk::cellOffsetOf<false>(j, h2, jitter, fy),
                                         tk::cellOffsetOf<false>(k, h3, jitter, fz)),
                h3);
        }
      }
    return cellLanesEnd<CellReturn::CellValue, false, false>(o, b, fx, Y.gap, tk::kCellNorm3[static_cast<int>(D)],
                                                             tk::cellFractionsDefined(0, Y.fy, Y.fz), [&](int l) {
      return K::template eval3<false>(o, c.x[i + l], Y.y, Y.z, nullptr, nullptr);
    });
  }
};

// ---------------------------------------------------------------------------------------------
// The drivers: a row kernel over n columns, a lane at a time. Arrays hold paddedSize(n) doubles
// (a step of four writes the padding).

// v[i] (and with G gx[i], gy[i]) = the octave's kernel at column i.
template <class RK, bool G>
void evalRow(const tk::Octave& o, const typename RK::Cols& c, const typename RK::Row& row, int n, double* v,
             double* gx, double* gy) {
  using D = typename RK::Lane;
  using L = lanes::Lane<D>;
  const typename RK::Row r = row;  // a copy the stores below cannot alias: its terms stay in registers
  for (int i = 0; i < n; i += L::kWidth) {
    D dx = D(0), dy = D(0);
    L::store(v + i, RK::template at<G>(o, c, r, i, &dx, &dy));
    if constexpr (G) {
      L::store(gx + i, dx);
      L::store(gy + i, dy);
    }
  }
}

// One octave of the fractal added into the row's sums (OctaveSum::add per lane, no round trip of
// the octave's values through memory). fBm, the common kind, has a loop of its own; ridged and
// billow share one that switches per step (the branch always goes one way): a loop per kind
// would inline the kernel once more for little gain.
template <class RK, bool G, bool FbmOnly>
void accumulateRowOf(FractalKind fk, const tk::Octave& o, const typename RK::Cols& c, const typename RK::Row& row,
                     int n, double amp, double freq, double* sum, double* sgx, double* sgy) {
  using D = typename RK::Lane;
  using L = lanes::Lane<D>;
  const typename RK::Row r = row;  // as in evalRow
  for (int i = 0; i < n; i += L::kWidth) {
    OctaveSum<G, D> acc = OctaveSum<G, D>::from(sum, sgx, sgy, i);
    D dx = D(0), dy = D(0);
    const D v = RK::template at<G>(o, c, r, i, &dx, &dy);
    if constexpr (FbmOnly) acc.template add<FractalKind::Fbm>(amp, freq, v, dx, dy);
    else acc.add(fk, amp, freq, v, dx, dy);
    acc.to(sum, sgx, sgy, i);
  }
}
template <class RK, bool G>
void accumulateRow(FractalKind fk, const tk::Octave& o, const typename RK::Cols& c, const typename RK::Row& r,
                   int n, double amp, double freq, double* sum, double* sgx, double* sgy) {
  // None is not reached (None takes the kernel value as it is); it would add as fbm.
  if (fk == FractalKind::Ridged || fk == FractalKind::Billow)
    accumulateRowOf<RK, G, false>(fk, o, c, r, n, amp, freq, sum, sgx, sgy);
  else
    accumulateRowOf<RK, G, true>(fk, o, c, r, n, amp, freq, sum, sgx, sgy);
}

}  // namespace rows
NF_ISA_END
}  // namespace nf
