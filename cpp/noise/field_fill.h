// The batch fill of a Field without domain warp (included by field.cpp only): the fractal runs
// octave by octave over whole rows, on row kernels (row_kernels.h) whose per-column terms are
// built once per fill and per-row terms once per row.
//
// Bit-exact to Field::sample: for every sample, the octave values are combined by the operations
// of Impl::fractal (field.cpp) in its order (sum += amp * c from octave 0 up, then sum / norm), and
// amp, norm, each octave's seed and periods, and the octave coordinates (x / scale, then *=
// lacunarity per octave) come from the same recurrences, merely computed once per fill.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "fbm.h"
#include "field.h"
#include "row_kernels.h"

namespace nf {
namespace rows {

struct FractalPlan {
  int octaves = 1;
  tk::Octave oct[kMaxOctaves];  // seed and periods of octave i
  double amp[kMaxOctaves] = {};
  double norm = 1;
};

inline FractalPlan planOf(const FieldParams& p) {
  FractalPlan f;
  tk::Octave o = p.base;
  if (p.fractal == FractalKind::None) {
    o.seed = p.seed;
    f.oct[0] = o;
    return f;
  }
  f.octaves = p.octaves;
  double norm = 0, amp = 0.5;
  for (int i = 0; i < p.octaves; ++i) {
    o.seed = p.seed + p.seedStep * static_cast<uint32_t>(i);
    f.oct[i] = o;
    f.amp[i] = amp;
    norm += amp;
    amp *= p.gain;
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

// The entry point. finish(sx, sy, h) applies the terrain steps to a height h at sample
// coordinates (sx, sy); it is only called when hasTerrain, otherwise the height is stored as is.
// The fractal kind is switched per row and octave (not per sample) to keep the code small.
template <class K, bool Is3D, class Finish>
void fillRows(const FieldParams& p, const GridSpec& g, float* out, bool hasTerrain, const Finish& finish) {
  using RK = RowKernel<K, Is3D>;
  const FractalPlan plan = planOf(p);
  const int n = g.width, octaves = plan.octaves;
  const size_t m = paddedSize(n);

  std::vector<double> sx(m), lx(m);
  for (int i = 0; i < n; ++i) {
    sx[i] = g.sampleX(i);
    lx[i] = sx[i] / p.scale;
  }
  std::vector<typename RK::Cols> cols(static_cast<size_t>(octaves));
  double z[kMaxOctaves];
  double zo = p.z;
  for (int o = 0; o < octaves; ++o) {
    cols[o].build(plan.oct[o], lx.data(), n);
    z[o] = zo;
    for (int i = 0; i < n; ++i) lx[i] *= p.lacunarity;
    if constexpr (Is3D) zo *= p.lacunarity;
  }

  std::vector<double> acc(m), tmp(m);
  for (int j = 0; j < g.height; ++j) {
    const double sy = g.sampleY(j);
    double y = sy / p.scale;
    if (p.fractal == FractalKind::None) {
      RK::eval(plan.oct[0], cols[0], RK::row(plan.oct[0], y, z[0]), n, acc.data());
    } else {
      for (int i = 0; i < n; ++i) acc[i] = 0;
      for (int o = 0; o < octaves; ++o) {
        RK::eval(plan.oct[o], cols[o], RK::row(plan.oct[o], y, z[o]), n, tmp.data());
        accumulate(p.fractal, plan.amp[o], tmp.data(), n, acc.data());
        y *= p.lacunarity;
      }
      for (int i = 0; i < n; ++i) acc[i] = acc[i] / plan.norm;
    }
    float* row = out + static_cast<size_t>(j) * n;
    if (hasTerrain) {
      for (int i = 0; i < n; ++i) row[i] = static_cast<float>(finish(sx[i], sy, acc[i]));
    } else {
      for (int i = 0; i < n; ++i) row[i] = static_cast<float>(acc[i]);
    }
  }
}

}  // namespace rows
}  // namespace nf
