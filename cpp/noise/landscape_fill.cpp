// Batch fills of the landscape primitives. Bit-exact to the scalar functions in value_noise.h and
// fbm.h: the same doubles go through the same operations in the same order; only work that does
// not depend on the other axis is hoisted out of the inner loop:
//   * per column and octave: the octave's x (repeated *2.03, as fbmUnchecked does), floor, fade u
//     and the two x hash terms x0 * kHashX, x1 * kHashX;
//   * per row and octave: the same for y, plus the seed term seed_i * kLandscapeSeedMul.
// The hash input x*kHashX + y*kHashY + seed*mul is a sum mod 2^32, so summing the hoisted terms in
// any order gives the identical uint32 (unsigned wrap-around is exact and associative).
#include <cmath>
#include <vector>

#include "fbm.h"
#include "landscape_fill.h"

namespace nf {
namespace {

struct AxisTerm {
  double t;       // fade of the fractional part (u or v)
  uint32_t h0;    // floor * multiplier
  uint32_t h1;    // (floor + 1) * multiplier
  bool finite;
};

inline AxisTerm axisTerm(double c, uint32_t mul) {
  AxisTerm a;
  a.finite = std::isfinite(c);
  if (!a.finite) {
    a.t = c - c;  // NaN, as valueNoiseUnchecked's fraction is: the sample is then non-finite too
    a.h0 = a.h1 = 0;
    return a;
  }
  const double f = std::floor(c);
  a.t = fade<FadeKind::Cubic>(c - f);
  a.h0 = wrapToU32(f) * mul;
  a.h1 = wrapToU32(f + 1) * mul;
  return a;
}

// valueNoiseUnchecked from hoisted terms: the same valueLayer.
inline double valueFromTerms(const AxisTerm& X, const AxisTerm& Y, uint32_t seedTerm) {
  return valueLayer<false, double>(X.h0, X.h1, Y.h0 + seedTerm, Y.h1 + seedTerm, X.t, Y.t, 0, 0, nullptr, nullptr);
}

// Per-column terms for `octaves` octaves: cols[i * octaves + o].
void columnTerms(const GridSpec& g, int octaves, std::vector<AxisTerm>& cols) {
  cols.resize(static_cast<size_t>(g.width) * octaves);
  for (int i = 0; i < g.width; ++i) {
    double x = g.sampleX(i);
    for (int o = 0; o < octaves; ++o) {
      cols[static_cast<size_t>(i) * octaves + o] = axisTerm(x, kHashX);
      x *= kLandscapeLacunarity;
    }
  }
}

void rowTerms(double y, int octaves, AxisTerm* rows) {
  for (int o = 0; o < octaves; ++o) {
    rows[o] = axisTerm(y, kHashY);
    y *= kLandscapeLacunarity;
  }
}

// fbm from hoisted terms: exactly fbmUnchecked's accumulation (fractal.h).
inline double fbmFromTerms(const AxisTerm* X, const AxisTerm* Y, const uint32_t* seedTerms, int octaves) {
  OctaveSum<false, double> acc;
  OctaveSteps st;
  for (int o = 0; o < octaves; ++o) {
    acc.add<FractalKind::Fbm>(st.amp, st.freq, valueFromTerms(X[o], Y[o], seedTerms[o]), 0, 0);
    st.next(0.5, kLandscapeLacunarity);
  }
  return acc.sum / st.norm;
}

// One row of nebula: the first stage q shares the row's hoisted terms; the two warped stages
// cannot (their y differs per sample), so they run a lane of samples at a time (fbm.h's nebulaWarp).
void nebulaRow(const GridSpec& g, const std::vector<AxisTerm>& cols, const AxisTerm* rows,
               const uint32_t* seedTerms, double y, std::vector<double>& scratch, float* row) {
  using W = lanes::Lane<lanes::Wide>;
  const size_t n = static_cast<size_t>(g.width), m = lanes::paddedSize(g.width);
  scratch.resize(3 * m);  // xs, qs and out, each padded with harmless duplicate samples
  double* xs = scratch.data();
  double* qs = xs + m;
  double* out = qs + m;
  for (size_t i = 0; i < m; ++i) {
    const size_t c = i < n ? i : n - 1;
    xs[i] = g.sampleX(static_cast<int>(c));
    qs[i] = fbmFromTerms(&cols[c * 3], rows, seedTerms, 3);
  }
  for (size_t i = 0; i < n; i += W::kWidth)
    W::store(out + i, nebulaWarp(W::load(xs + i), lanes::Wide(y), W::load(qs + i)));
  for (size_t i = 0; i < n; ++i) row[i] = static_cast<float>(cols[i * 3].finite ? definedResult(out[i]) : kNonFiniteResult);
}

}  // namespace

FillStats fillLandscape(LandscapeKind kind, const GridSpec& g, uint32_t seed, int octaves, float* out) {
  StatsAccumulator stats;
  if (kind == LandscapeKind::Value) octaves = 1;
  if (kind == LandscapeKind::Nebula) {
    octaves = 3;
    seed = 211;
  }
  octaves = clampOctaves(octaves);
  uint32_t seedTerms[kMaxOctaves];
  for (int o = 0; o < octaves; ++o) seedTerms[o] = (seed + kOctaveSeedStep * static_cast<uint32_t>(o)) * kLandscapeSeedMul;

  std::vector<AxisTerm> cols;
  columnTerms(g, octaves, cols);
  AxisTerm rows[kMaxOctaves];
  std::vector<double> nebulaScratch;

  for (int j = 0; j < g.height; ++j) {
    const double y = g.sampleY(j);
    rowTerms(y, octaves, rows);
    float* row = out + static_cast<size_t>(j) * g.width;
    if (!rows[0].finite) {
      for (int i = 0; i < g.width; ++i) row[i] = static_cast<float>(kNonFiniteResult);
      stats.addRow(row, g.width);
      continue;
    }
    if (kind == LandscapeKind::Nebula) {
      nebulaRow(g, cols, rows, seedTerms, y, nebulaScratch, row);
      stats.addRow(row, g.width);
      continue;
    }
    for (int i = 0; i < g.width; ++i) {
      const AxisTerm* X = &cols[static_cast<size_t>(i) * octaves];
      double r;
      if (!X[0].finite) {
        r = kNonFiniteResult;
      } else if (kind == LandscapeKind::Value) {
        r = valueFromTerms(X[0], rows[0], seedTerms[0]);
      } else {
        r = fbmFromTerms(X, rows, seedTerms, octaves);
      }
      row[i] = static_cast<float>(definedResult(r));
    }
    stats.addRow(row, g.width);
  }
  return stats.result();
}

}  // namespace nf
