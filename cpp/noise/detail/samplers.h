// Row samplers of a Field (the batch engine's, internal): the field at a fixed set of columns, one
// row at a time, with or without its analytic gradient (G). The batch fill, every colour fill and
// the gradient fills read through them, so a fill costs one row fill per source and no per-sample
// dispatch.
//
// HeightRows is the hoisted fill of a field without domain warp: the fractal runs octave by
// octave over whole rows, on row kernels (rows.h) whose per-column terms are built once per
// sampler and per-row terms once per row. WarpedRows serves warped fields: HeightRows for the
// first warp's fractals, then the displaced stages per sample (a lane at a time where possible).
// Every field has at most kMaxOctaves octaves (compile() clamps), so every field is planned.
//
// Bit-exact to Field::sample / sampleGrad: for every sample the octave values are combined by
// OctaveSum (fractal.h) in Impl::fractal's order (from octave 0 up, then / norm), and amp, norm,
// freq, each octave's seed and periods, and the octave coordinates (x / scale, then *= lacunarity
// per octave) come from the same recurrences, merely computed once per sampler. The gradient is
// divided by the scale after the norm, as Impl::full does, and finish() carries it through the
// terrain steps.
#pragma once
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "../fbm.h"
#include "../fractal.h"
#include "field_params.h"
#include "row_source.h"
#include "rows.h"

namespace nf {
NF_ISA_BEGIN
namespace rows {

struct FractalPlan {
  int octaves = 1;
  tk::Octave oct[kMaxOctaves];  // seed and periods of octave i
  double amp[kMaxOctaves] = {};
  double freq[kMaxOctaves] = {};  // lacunarity^i by Impl::fractal's recurrence (gradients only)
  double norm = 1;
};

// The plan of p's fractal seeded `seed` (the warps' fractals share p's plan but for the seed).
inline FractalPlan planOf(const FieldParams& p, uint32_t seed) {
  FractalPlan f;
  tk::Octave o = p.base;
  if (p.fractal == FractalKind::None) {
    p.setOctaveSeed(o, seed, 0);
    f.oct[0] = o;
    return f;
  }
  f.octaves = p.octaves;
  OctaveSteps st;
  for (int i = 0; i < p.octaves; ++i) {
    p.setOctaveSeed(o, seed, i);
    f.oct[i] = o;
    f.amp[i] = st.amp;
    f.freq[i] = st.freq;
    st.next(p.gain, p.lacunarity);
    o.periodX *= p.lacunarity;
    o.periodY *= p.lacunarity;
  }
  f.norm = st.norm;
  return f;
}
inline FractalPlan planOf(const FieldParams& p) { return planOf(p, p.seed); }

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

// The hoisted sampler of a field without warp. finish(sx, sy, h[, &hx, &hy]) applies the terrain
// steps to a height h at sample coordinates (sx, sy); it is only called when hasTerrain. The
// fractal kind is switched per row and octave (not per sample) to keep the code small.
template <class K, bool Is3D, bool G, class Finish>
class HeightRows final : public RowSource<G> {
  using RK = RowKernel<K, Is3D>;

 public:
  HeightRows(const FieldParams& p, const double* xs, int n, bool hasTerrain, Finish finish)
      : p_(p), plan_(planOf(p)), n_(n), hasTerrain_(hasTerrain), finish_(finish), sx_(xs, xs + n) {
    sx_.resize(paddedSize(n));
    buildOctaveColumns(p_, plan_, sx_, n_, Is3D, &cols_, z_);
  }

  void row(double sy, double* h, double* hx, double* hy) override {
    const int n = n_;
    double y = sy / p_.scale;
    if (p_.fractal == FractalKind::None) {
      evalRow<RK, G>(plan_.oct[0], cols_[0], RK::row(plan_.oct[0], y, z_[0]), n, h, hx, hy);
      if constexpr (G)
        for (int i = 0; i < n; ++i) {  // per lattice unit -> per sample unit
          hx[i] /= p_.scale;
          hy[i] /= p_.scale;
        }
    } else {
      const size_t m = paddedSize(n);
      for (size_t i = 0; i < m; ++i) h[i] = 0;  // the padding too (lane sums)
      if constexpr (G)
        for (size_t i = 0; i < m; ++i) hx[i] = hy[i] = 0;
      for (int o = 0; o < plan_.octaves; ++o) {
        accumulateRow<RK, G>(p_.fractal, plan_.oct[o], cols_[o], RK::row(plan_.oct[o], y, z_[o]), n, plan_.amp[o],
                             plan_.freq[o], h, hx, hy);
        y *= p_.lacunarity;
      }
      for (int i = 0; i < n; ++i) {
        h[i] = h[i] / plan_.norm;
        if constexpr (G) {  // then per lattice unit -> per sample unit
          hx[i] = hx[i] / plan_.norm / p_.scale;
          hy[i] = hy[i] / plan_.norm / p_.scale;
        }
      }
    }
    if (hasTerrain_)
      for (int i = 0; i < n; ++i) {
        if constexpr (G) h[i] = finish_(sx_[i], sy, h[i], hx + i, hy + i);
        else h[i] = finish_(sx_[i], sy, h[i]);
      }
  }

 private:
  FieldParams p_;
  FractalPlan plan_;
  int n_;
  bool hasTerrain_;
  Finish finish_;
  std::vector<double> sx_;
  std::vector<typename RK::Cols> cols_;
  double z_[kMaxOctaves];
};

// A warped field: the first warp's fractals qx, qy (with G their gradients per sample unit) come
// from row samplers over the same columns (qy null: the same seed, qy = qx), and
// rest.finish<G>(sx, sy, qx, qy, dq, n, h, hx, hy) displaces, samples and finishes each sample
// (dq = {d qx/dsx, d qx/dsy, d qy/dsx, d qy/dsy}).
template <bool G, class Rest>
class WarpedRows final : public RowSource<G> {
 public:
  WarpedRows(const double* xs, int n, std::unique_ptr<RowSource<G>> qx, std::unique_ptr<RowSource<G>> qy, Rest rest)
      : sx_(xs, xs + n), qx_(std::move(qx)), qy_(std::move(qy)), rest_(rest) {
    for (auto& v : q_) v.resize(paddedSize(n));
  }
  void row(double sy, double* h, double* hx, double* hy) override {
    // q_: qx, d qx/dsx, d qx/dsy, then the same for qy when it has its own seed.
    qx_->row(sy, q_[0].data(), G ? q_[1].data() : nullptr, G ? q_[2].data() : nullptr);
    int y = 0;
    if (qy_) {
      qy_->row(sy, q_[3].data(), G ? q_[4].data() : nullptr, G ? q_[5].data() : nullptr);
      y = 3;
    }
    const double* dq[4] = {q_[1].data(), q_[2].data(), q_[y + 1].data(), q_[y + 2].data()};
    rest_.template finish<G>(sx_.data(), sy, q_[0].data(), q_[y].data(), dq, static_cast<int>(sx_.size()), h, hx, hy);
  }

 private:
  std::vector<double> sx_;
  std::unique_ptr<RowSource<G>> qx_, qy_;
  Rest rest_;
  std::vector<double> q_[6];
};

}  // namespace rows
NF_ISA_END
}  // namespace nf
