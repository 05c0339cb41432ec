// Row samplers of a Field (included by field.cpp only): the field at a fixed set of columns, one
// row at a time. The batch fill and every colour fill read their heights (and moisture) through
// them, so a colour fill costs one row fill per source and no per-sample dispatch.
//
// HeightRows is the hoisted fill of a field without domain warp: the fractal runs octave by
// octave over whole rows, on row kernels (row_kernels.h) whose per-column terms are built once per
// sampler and per-row terms once per row. WarpedRows serves warped fields: HeightRows for the
// first warp's fractals, then the displaced stages per sample (two at a time where SIMD allows).
// Every field has at most kMaxOctaves octaves (compile() clamps), so every field is planned.
//
// Bit-exact to Field::sample: for every sample, the octave values are combined by the operations
// of Impl::fractal (field.cpp) in its order (sum += amp * c from octave 0 up, then sum / norm), and
// amp, norm, each octave's seed and periods, and the octave coordinates (x / scale, then *=
// lacunarity per octave) come from the same recurrences, merely computed once per sampler.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "fbm.h"
#include "field.h"
#include "row_kernels.h"

namespace nf {
namespace rows {

// The field's samples at columns xs[0..n) (sample coordinates), one row y at a time.
class RowSampler {
 public:
  virtual ~RowSampler() = default;
  // out[i] = Field::sample(xs[i], sy) (the double before any rounding to float) for i < n; `out`
  // must hold paddedSize(n) doubles.
  virtual void row(double sy, double* out) = 0;
};

// The same with the analytic gradient: h[i], gx[i], gy[i] = Field::sampleGrad(xs[i], sy); each
// array must hold paddedSize(n) doubles.
class GradRowSampler {
 public:
  virtual ~GradRowSampler() = default;
  virtual void row(double sy, double* h, double* gx, double* gy) = 0;
};

struct FractalPlan {
  int octaves = 1;
  tk::Octave oct[kMaxOctaves];  // seed and periods of octave i
  double amp[kMaxOctaves] = {};
  double freq[kMaxOctaves] = {};  // lacunarity^i by Impl::fractal's recurrence (gradients only)
  double norm = 1;
};

inline FractalPlan planOf(const FieldParams& p) {
  FractalPlan f;
  tk::Octave o = p.base;
  if (p.fractal == FractalKind::None) {
    o.seed = p.octaveSeed(p.seed, 0);
    f.oct[0] = o;
    return f;
  }
  f.octaves = p.octaves;
  double norm = 0, amp = 0.5, freq = 1;
  for (int i = 0; i < p.octaves; ++i) {
    o.seed = p.octaveSeed(p.seed, i);
    f.oct[i] = o;
    f.amp[i] = amp;
    f.freq[i] = freq;
    norm += amp;
    amp *= p.gain;
    freq *= p.lacunarity;
    o.periodX *= p.lacunarity;
    o.periodY *= p.lacunarity;
  }
  f.norm = norm;
  return f;
}

// The fractal's per-octave term c of a kernel value v (Impl::fractal).
template <FractalKind FK>
inline double octaveTerm(double v) {
  if constexpr (FK == FractalKind::Ridged) {
    const double s = 2 * v - 1;
    return 1 - std::fabs(s);
  } else if constexpr (FK == FractalKind::Billow) {
    const double s = 2 * v - 1;
    return std::fabs(s);
  } else {
    return v;
  }
}

// acc[i] += amp * c(v[i]) for one octave (Impl::fractal's sum += amp * c).
template <FractalKind FK>
void accumulate(double amp, const double* v, int n, double* acc) {
  for (int i = 0; i < n; ++i) acc[i] += amp * octaveTerm<FK>(v[i]);
}
inline void accumulate(FractalKind fk, double amp, const double* v, int n, double* acc) {
  switch (fk) {
    case FractalKind::None:  // not reached: None takes the kernel value as is
    case FractalKind::Fbm: return accumulate<FractalKind::Fbm>(amp, v, n, acc);
    case FractalKind::Ridged: return accumulate<FractalKind::Ridged>(amp, v, n, acc);
    case FractalKind::Billow: return accumulate<FractalKind::Billow>(amp, v, n, acc);
  }
}

// One octave of a row kernel added into acc (sum += amp * c), through `tmp` (paddedSize(n)).
// Kernels with a fused SIMD loop specialise it.
template <class RK>
struct OctaveSum {
  static void add(FractalKind fk, const tk::Octave& o, const typename RK::Cols& c, const typename RK::Row& r, int n,
                  double amp, double* acc, double* tmp) {
    RK::eval(o, c, r, n, tmp);
    accumulate(fk, amp, tmp, n, acc);
  }
};

#ifdef __wasm_simd128__
template <FadeKind F, bool Is3D>
struct OctaveSum<RowKernel<tk::ValueKernel<F>, Is3D>> {
  static void add(FractalKind fk, const tk::Octave&, const ValueCols<F>& c, const ValueRow& r, int n, double amp,
                  double* acc, double*) {
    switch (fk) {
      case FractalKind::None:  // not reached (see accumulate)
      case FractalKind::Fbm:
        return valueAccumulateSimd<Is3D, FractalKind::Fbm>(c.h0.data(), c.h1.data(), c.u.data(), r, n, amp, acc);
      case FractalKind::Ridged:
        return valueAccumulateSimd<Is3D, FractalKind::Ridged>(c.h0.data(), c.h1.data(), c.u.data(), r, n, amp, acc);
      case FractalKind::Billow:
        return valueAccumulateSimd<Is3D, FractalKind::Billow>(c.h0.data(), c.h1.data(), c.u.data(), r, n, amp, acc);
    }
  }
};
#endif

// The lattice x of each column per octave (x / scale, then *= lacunarity), and the octave z.
template <class Cols>
void buildOctaveColumns(const FieldParams& p, const FractalPlan& plan, const std::vector<double>& sx, int n,
                        bool is3D, std::vector<Cols>* cols, double* z) {
  std::vector<double> lx(sx.size());
  for (int i = 0; i < n; ++i) lx[i] = sx[i] / p.scale;
  cols->resize(static_cast<size_t>(plan.octaves));
  double zo = p.z;
  for (int o = 0; o < plan.octaves; ++o) {
    (*cols)[static_cast<size_t>(o)].build(plan.oct[o], lx.data(), n);
    z[o] = zo;
    for (int i = 0; i < n; ++i) lx[i] *= p.lacunarity;
    if (is3D) zo *= p.lacunarity;
  }
}

// The hoisted sampler of a field without warp. finish(sx, sy, h) applies the terrain steps to a
// height h at sample coordinates (sx, sy); it is only called when hasTerrain. The fractal kind is
// switched per row and octave (not per sample) to keep the code small.
template <class K, bool Is3D, class Finish>
class HeightRows final : public RowSampler {
  using RK = RowKernel<K, Is3D>;

 public:
  HeightRows(const FieldParams& p, const double* xs, int n, bool hasTerrain, Finish finish)
      : p_(p), plan_(planOf(p)), n_(n), hasTerrain_(hasTerrain), finish_(finish),
        sx_(xs, xs + n), tmp_(paddedSize(n)) {
    sx_.resize(paddedSize(n));
    buildOctaveColumns(p_, plan_, sx_, n_, Is3D, &cols_, z_);
  }

  void row(double sy, double* out) override {
    const int n = n_;
    double y = sy / p_.scale;
    if (p_.fractal == FractalKind::None) {
      RK::eval(plan_.oct[0], cols_[0], RK::row(plan_.oct[0], y, z_[0]), n, out);
    } else {
      for (size_t i = 0; i < tmp_.size(); ++i) out[i] = 0;  // the padding too (SIMD sums)
      for (int o = 0; o < plan_.octaves; ++o) {
        OctaveSum<RK>::add(p_.fractal, plan_.oct[o], cols_[o], RK::row(plan_.oct[o], y, z_[o]), n, plan_.amp[o], out,
                           tmp_.data());
        y *= p_.lacunarity;
      }
      for (int i = 0; i < n; ++i) out[i] = out[i] / plan_.norm;
    }
    if (hasTerrain_)
      for (int i = 0; i < n; ++i) out[i] = finish_(sx_[i], sy, out[i]);
  }

 private:
  FieldParams p_;
  FractalPlan plan_;
  int n_;
  bool hasTerrain_;
  Finish finish_;
  std::vector<double> sx_, tmp_;
  std::vector<typename RK::Cols> cols_;
  double z_[kMaxOctaves];
};

// A warped field: the first warp's fractals qx, qy come from row samplers over the same columns
// (qy null: the same seed, qy = qx), and rest.row(sx, sy, qx, qy, n, out) finishes the samples.
template <class Rest>
class WarpedRows final : public RowSampler {
 public:
  WarpedRows(const double* xs, int n, std::unique_ptr<RowSampler> qx, std::unique_ptr<RowSampler> qy, Rest rest)
      : sx_(xs, xs + n), qx_(std::move(qx)), qy_(std::move(qy)), rest_(rest), bx_(paddedSize(n)),
        by_(qy_ ? paddedSize(n) : 0) {}
  void row(double sy, double* out) override {
    qx_->row(sy, bx_.data());
    const double* qy = bx_.data();
    if (qy_) {
      qy_->row(sy, by_.data());
      qy = by_.data();
    }
    rest_.row(sx_.data(), sy, bx_.data(), qy, static_cast<int>(sx_.size()), out);
  }

 private:
  std::vector<double> sx_;
  std::unique_ptr<RowSampler> qx_, qy_;
  Rest rest_;
  std::vector<double> bx_, by_;
};

}  // namespace rows
}  // namespace nf
