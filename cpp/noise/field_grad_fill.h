// The analytic-gradient row samplers (included by field.cpp only): height and gradient of value or
// gradient noise over whole rows, for the shaded-relief colour fill; GradRows without warp, and
// WarpedGradRows, which hoists the first warp's GradRows and applies the chain rule per sample.
//
// Bit-exact to Field::sampleGrad (Impl::full<true> in field.cpp): per octave the kernel value and
// gradient come from gradient row kernels (grad_row_kernels.h) that equal eval<true>; they are
// combined as Impl::fractal<true> does (sum += amp * c, sgx += amp * dc * gx * freq, from octave 0
// up, then / norm), the gradient is divided by the scale, and finish(sx, sy, h, &hx, &hy) carries
// it through the terrain steps (Impl::terrain<true>). The height equals Field::sample's.
#pragma once
#include <cmath>
#include <memory>
#include <vector>

#include "field_fill.h"
#include "grad_row_kernels.h"

namespace nf {
namespace rows {

template <class K, bool Is3D, class Finish>
class GradRows final : public GradRowSampler {
  using GK = GradRowKernel<K, Is3D>;

 public:
  GradRows(const FieldParams& p, const double* xs, int n, bool hasTerrain, Finish finish)
      : p_(p), plan_(planOf(p)), n_(n), hasTerrain_(hasTerrain), finish_(finish), sx_(xs, xs + n),
        v_(paddedSize(n)), gx_(paddedSize(n)), gy_(paddedSize(n)) {
    sx_.resize(paddedSize(n));
    buildOctaveColumns(p_, plan_, sx_, n_, Is3D, &cols_, z_);
  }

  void row(double sy, double* h, double* hx, double* hy) override {
    const int n = n_;
    double y = sy / p_.scale;
    if (p_.fractal == FractalKind::None) {
      GK::eval(plan_.oct[0], cols_[0], GK::row(plan_.oct[0], y, z_[0]), n, h, hx, hy);
      for (int i = 0; i < n; ++i) {  // per lattice unit -> per sample unit
        hx[i] /= p_.scale;
        hy[i] /= p_.scale;
      }
    } else {
      for (size_t i = 0; i < v_.size(); ++i) h[i] = hx[i] = hy[i] = 0;  // the padding too (SIMD sums)
      for (int o = 0; o < plan_.octaves; ++o) {
        GK::accumulate(p_.fractal, plan_.oct[o], cols_[o], GK::row(plan_.oct[o], y, z_[o]), n, plan_.amp[o],
                       plan_.freq[o], h, hx, hy, v_.data(), gx_.data(), gy_.data());
        y *= p_.lacunarity;
      }
      for (int i = 0; i < n; ++i) {  // then per lattice unit -> per sample unit
        h[i] = h[i] / plan_.norm;
        hx[i] = hx[i] / plan_.norm / p_.scale;
        hy[i] = hy[i] / plan_.norm / p_.scale;
      }
    }
    if (hasTerrain_)
      for (int i = 0; i < n; ++i) h[i] = finish_(sx_[i], sy, h[i], hx + i, hy + i);
  }

 private:
  FieldParams p_;
  FractalPlan plan_;
  int n_;
  bool hasTerrain_;
  Finish finish_;
  std::vector<double> sx_, v_, gx_, gy_;
  std::vector<typename GK::Cols> cols_;
  double z_[kMaxOctaves];
};

// A warped field with its gradient: the first warp's heights and gradients (per sample unit)
// come from gradient row samplers over the same columns (qy null: the same seed), and
// rest.gradRow(sx, sy, qx, qy, dq, n, h, hx, hy) applies the chain rule and the terrain.
template <class Rest>
class WarpedGradRows final : public GradRowSampler {
 public:
  WarpedGradRows(const double* xs, int n, std::unique_ptr<GradRowSampler> qx, std::unique_ptr<GradRowSampler> qy,
                 Rest rest)
      : sx_(xs, xs + n), qx_(std::move(qx)), qy_(std::move(qy)), rest_(rest) {
    for (auto* v : {&x_, &xx_, &xy_, &y_, &yx_, &yy_}) v->resize(paddedSize(n));
  }
  void row(double sy, double* h, double* hx, double* hy) override {
    qx_->row(sy, x_.data(), xx_.data(), xy_.data());
    const std::vector<double>*ty = &x_, *tyx = &xx_, *tyy = &xy_;
    if (qy_) {
      qy_->row(sy, y_.data(), yx_.data(), yy_.data());
      ty = &y_;
      tyx = &yx_;
      tyy = &yy_;
    }
    const double* dq[4] = {xx_.data(), xy_.data(), tyx->data(), tyy->data()};
    rest_.gradRow(sx_.data(), sy, x_.data(), ty->data(), dq, static_cast<int>(sx_.size()), h, hx, hy);
  }

 private:
  std::vector<double> sx_;
  std::unique_ptr<GradRowSampler> qx_, qy_;
  Rest rest_;
  std::vector<double> x_, xx_, xy_, y_, yx_, yy_;
};

}  // namespace rows
}  // namespace nf
