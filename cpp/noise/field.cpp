// The Field engine: compiling a FieldConfig, the one dispatch point (opsFor), the templated sample
// and fill routines, and the row sources the views read (field_rows.h). Inside a fill there is no
// per-sample dispatch: the kernel, its fade and its dimensionality are template parameters; fractal
// kind and terrain switches are predictable branches on constant data. The views and the analysis
// (colour fills, legends, summaries, band widths) are in field_views.cpp.
#include "field.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>

#include "detail/row_source.h"
#include "detail/samplers.h"
#include "exact_pow.h"
#include "field_rows.h"
#include "landscape_fill.h"
#include "terrain.h"
#include "value_noise.h"

namespace nf {

namespace {

// The engine of this process: NOISEFIELD_ISA if set (tests and benchmarks compare the builds),
// else AVX2 where the CPU has it, else SSE2; one engine outside x86.
const Engine* chooseEngine() {
#if defined(NF_ENGINES_X86)
  bool avx2 = false;
#if defined(NF_ENGINE_AVX2)
  __builtin_cpu_init();
  avx2 = __builtin_cpu_supports("avx2");
#endif
  const char* want = std::getenv("NOISEFIELD_ISA");
  if (want && *want) {
    if (std::strcmp(want, "scalar") == 0) return &kEngineScalar;
    if (std::strcmp(want, "sse2") == 0) return &kEngineSse2;
#if defined(NF_ENGINE_AVX2)
    if (std::strcmp(want, "avx2") == 0) {
      if (avx2) return &kEngineAvx2;
      std::fprintf(stderr, "noisefield: NOISEFIELD_ISA=avx2, but this CPU has no AVX2; using sse2\n");
      return &kEngineSse2;
    }
#endif
    std::fprintf(stderr, "noisefield: NOISEFIELD_ISA=%s is not one of scalar, sse2, avx2; using the CPU's best\n", want);
  }
#if defined(NF_ENGINE_AVX2)
  if (avx2) return &kEngineAvx2;
#endif
  return &kEngineSse2;
#else
  return &kEngineDefault;
#endif
}

FieldParams compile(const FieldConfig& c) {
  FieldParams p;
  p.base.seedMul = c.hash == HashKind::Tutorial ? kTutorialSeedMul : kLandscapeSeedMul;
  p.base.periodX = c.periodX;
  p.base.periodY = c.periodY;
  p.base.jitter = c.jitter;
  p.base.cellDistance = c.cellDistance;
  p.base.cellReturn = c.cellReturn;
  p.fractal = c.fractal;
  p.octaves = clampOctaves(c.octaves);  // the row samplers plan at most kMaxOctaves octaves
  const bool tiled = c.periodX > 0 || c.periodY > 0;
  p.lacunarity = tiled ? std::max(1.0, std::round(c.lacunarity)) : c.lacunarity;
  p.gain = c.gain;
  p.seed = c.seed;
  p.seedStep = c.seedStep;
  p.scale = c.scale;
  p.tileX = c.periodX * c.scale;
  p.tileY = c.periodY * c.scale;
  p.z = c.dimensions == 3 ? c.z : 0;
  p.warpLevels = c.warpLevels;
  p.warp = c.warp;
  p.warpCentre = c.warpCentred ? 0.5 : 0;
  p.warp2 = c.warp2;
  p.warpSeedX = c.warpSeedX;
  p.warpSeedY = c.warpSeedY;
  p.warp2SeedX = c.warp2SeedX;
  p.warp2SeedY = c.warp2SeedY;
  p.island = c.island;
  p.islandSquare = c.islandShape == IslandShape::Square;
  p.islandX = c.islandX;
  p.islandY = c.islandY;
  p.islandRadius = c.islandRadius;
  p.redistribution = c.redistribution;
  p.terraces = c.terraces;
  p.terraceSmooth = c.terraceSmooth;
  return p;
}

inline bool finite3(double x, double y, double z) { return std::isfinite(x) && std::isfinite(y) && std::isfinite(z); }

// definedResult over a row of samples (the fills' side of Field::sample's rule).
inline void defineRow(double* v, int n) {
  for (int i = 0; i < n; ++i) v[i] = definedResult(v[i]);
}
// A sample whose value overflowed has no slope either; an overflowed slope alone is flat.
inline void defineGradient(double* h, double* gx, double* gy) {
  if (!std::isfinite(*h)) *h = kNonFiniteResult, *gx = 0, *gy = 0;
  if (!std::isfinite(*gx)) *gx = 0;
  if (!std::isfinite(*gy)) *gy = 0;
}

}  // namespace

const Engine& laneEngine() {
  static const Engine* const e = chooseEngine();
  return *e;
}
const char* laneBackend() { return laneEngine().name; }

Field::Field() : Field(FieldConfig()) {}

Field::Field(const FieldConfig& c) : config_(c) {
  params_ = compile(c);
  moistureParams_ = params_;
  moistureParams_.seed = c.moistureSeed;
  moistureParams_.island = false;
  moistureParams_.redistribution = 1;
  moistureParams_.terraces = 0;
  const Engine& e = laneEngine();
  ops_ = c.dimensions == 3 ? e.ops3(c) : e.ops2(c);
  ops3_ = e.ops3(c);
}

std::string Field::create(const FieldConfig& c, Field* out) {
  std::string err = c.validate();
  if (!err.empty()) return err;
  // Re-check every value against the table (a hand-built struct may hold anything).
  FieldConfig probe;
  for (const ParamSpec& p : fieldSchema()) {
    err = probe.set(p.key, p.get(c));
    if (!err.empty()) return err;
  }
  *out = Field(c);
  return "";
}

double Field::sample(double x, double y) const {
  return finite3(x, y, 0) ? definedResult(ops_->sample(params_, tileX(x), tileY(y), params_.z)) : kNonFiniteResult;
}
double Field::sample(double x, double y, double z) const {
  return finite3(x, y, z) ? definedResult(ops3_->sample(params_, tileX(x), tileY(y), z)) : kNonFiniteResult;
}
double Field::moisture(double x, double y) const {
  return finite3(x, y, 0) ? definedResult(ops_->sample(moistureParams_, tileX(x), tileY(y), params_.z)) : kNonFiniteResult;
}
bool Field::hasAnalyticGradient() const { return ops_->sampleGrad != nullptr; }

double Field::sampleGrad(double x, double y, double* gx, double* gy) const {
  if (!finite3(x, y, 0)) {
    *gx = *gy = 0;
    return kNonFiniteResult;
  }
  x = tileX(x);
  y = tileY(y);
  double h;
  if (hasAnalyticGradient()) {
    h = ops_->sampleGrad(params_, x, y, params_.z, gx, gy);
  } else {
    const double e = 1e-3 * params_.scale;  // a thousandth of a lattice cell
    *gx = (ops_->sample(params_, x + e, y, params_.z) - ops_->sample(params_, x - e, y, params_.z)) / (2 * e);
    *gy = (ops_->sample(params_, x, y + e, params_.z) - ops_->sample(params_, x, y - e, params_.z)) / (2 * e);
    h = ops_->sample(params_, x, y, params_.z);
  }
  defineGradient(&h, gx, gy);
  return h;
}

SampleRows::SampleRows(const FieldOps& ops, const FieldParams& p, const std::vector<double>& xs)
    : SampleRows(ops.rows(p, xs.data(), static_cast<int>(xs.size())), static_cast<int>(xs.size())) {}
SampleRows::SampleRows(std::unique_ptr<RowSampler> src, int n)
    : n_(n), src_(std::move(src)), out_(rows::paddedSize(n_)) {}
SampleRows::~SampleRows() = default;

const double* SampleRows::row(double y) { return rowInto(y, out_.data()); }
double* SampleRows::rowInto(double y, double* out) {
  src_->row(y, out);
  defineRow(out, n_);
  return out;
}

GradientRows::GradientRows(const FieldOps& ops, const FieldParams& p, bool analytic, const std::vector<double>& xs)
    : n_(static_cast<int>(xs.size())), e_(1e-3 * p.scale) {
  const size_t m = rows::paddedSize(n_);
  h_.resize(m);
  gx_.resize(m);
  gy_.resize(m);
  if (analytic) {
    grad_ = ops.gradRows(p, xs.data(), n_);
    return;
  }
  std::vector<double> xr(xs), xl(xs);
  for (size_t i = 0; i < xs.size(); ++i) {
    xr[i] = xs[i] + e_;
    xl[i] = xs[i] - e_;
  }
  mid_ = ops.rows(p, xs.data(), n_);
  right_ = ops.rows(p, xr.data(), n_);
  left_ = ops.rows(p, xl.data(), n_);
  a_.resize(m);
  b_.resize(m);
}
GradientRows::~GradientRows() = default;

void GradientRows::row(double y) {
  double *h = h_.data(), *gx = gx_.data(), *gy = gy_.data();
  if (grad_) {
    grad_->row(y, h, gx, gy);
  } else {
    const double e = e_;
    mid_->row(y, h);
    right_->row(y, a_.data());
    left_->row(y, b_.data());
    for (int i = 0; i < n_; ++i) gx[i] = (a_[i] - b_[i]) / (2 * e);
    mid_->row(y + e, a_.data());
    mid_->row(y - e, b_.data());
    for (int i = 0; i < n_; ++i) gy[i] = (a_[i] - b_[i]) / (2 * e);
  }
  for (int i = 0; i < n_; ++i) defineGradient(h + i, gx + i, gy + i);
}

void storeStatsRow(const double* h, int n, float* out, StatsAccumulator* acc) {
#if defined(__EMSCRIPTEN__)
  acc->storeRow(h, n, out);
#else
  laneEngine().storeFloatRow(h, n, out, acc);
#endif
}

namespace {

// ys(j): the (tiled) y of row j. The statistics are taken row by row while the row is in cache,
// with the same additions in the same order as over the whole grid afterwards.
template <class T, class Ys>
FillStats fillGrid(SampleRows& src, const GridSpec& g, const Ys& ys, T* out) {
  StatsAccumulator stats;
  for (int j = 0; j < g.height; ++j) {
    const double* row = src.row(ys(j));
    T* o = out + static_cast<size_t>(j) * g.width;
    if constexpr (std::is_same_v<T, float>) {
      storeStatsRow(row, g.width, o, &stats);
    } else {
      for (int i = 0; i < g.width; ++i) o[i] = row[i];
      for (int i = 0; i < g.width; ++i) stats.add(o[i]);
    }
  }
  return stats.result();
}

}  // namespace

double Field::tileX(double x) const { return params_.tileX > 0 ? tk::wrapIndex(x, params_.tileX) : x; }
double Field::tileY(double y) const { return params_.tileY > 0 ? tk::wrapIndex(y, params_.tileY) : y; }
std::vector<double> Field::columnsOf(const GridSpec& g) const {
  std::vector<double> xs(static_cast<size_t>(g.width));
  for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = tileX(g.sampleX(i));
  return xs;
}

FillStats Field::fill(const GridSpec& g, float* out) const {
  SampleRows src(*ops_, params_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fill(const GridSpec& g, double* out) const {
  SampleRows src(*ops_, params_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fillMoisture(const GridSpec& g, float* out) const {
  SampleRows src(*ops_, moistureParams_, columnsOf(g));
  return fillGrid(src, g, [&](int j) { return rowOf(g, j); }, out);
}
FillStats Field::fillProfile(double x0, double step, double y0, int n, float* out) const {
  GridSpec g;
  g.width = n;
  g.height = 1;
  g.originX = x0;
  g.originY = y0;
  g.stepX = step;
  return fill(g, out);
}

void Field::fillGrad(const GridSpec& g, double* h, double* gx, double* gy) const {
  const int n = g.width;
  GradientRows grad(*ops_, params_, hasAnalyticGradient(), columnsOf(g));
  for (int j = 0; j < g.height; ++j) {
    grad.row(rowOf(g, j));
    const size_t o = static_cast<size_t>(j) * n;
    std::copy(grad.h(), grad.h() + n, h + o);
    std::copy(grad.gx(), grad.gx() + n, gx + o);
    std::copy(grad.gy(), grad.gy() + n, gy + o);
  }
}

FieldConfig nebulaConfig() {
  FieldConfig c;  // value, cubic, landscape hash, fbm 3 octaves, 2.03, 0.5, step 17, scale 1
  c.seed = 227;
  c.warpLevels = 2;
  c.warp = 4;
  c.warpCentred = false;  // the nebula displaces by q in [0, 1]
  c.warp2 = 3.5;
  c.warpSeedX = c.warpSeedY = 211;
  c.warp2SeedX = c.warp2SeedY = 223;
  return c;
}

// The landscape's functions are Field configurations: value noise is the default field without a
// fractal, fbm the default field, the nebula nebulaConfig(); with the landscape's seeds they equal
// nf::valueNoise, nf::fbm and nf::nebula for every seed. The kernel's row sampler is named here,
// not looked up (opsFor), so a module that only fills these links no other kernel or routine.
FillStats fillLandscape(LandscapeKind kind, const GridSpec& g, uint32_t seed, int octaves, float* out) {
  FieldConfig c = kind == LandscapeKind::Nebula ? nebulaConfig() : FieldConfig();
  if (kind != LandscapeKind::Nebula) {
    c.seed = seed;
    c.octaves = clampOctaves(octaves);
    if (kind == LandscapeKind::Value) c.fractal = FractalKind::None;
  }
  FieldParams p = compile(c);
  p.landscapeSeeds = true;
  std::vector<double> xs(static_cast<size_t>(g.width));
  for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = g.sampleX(i);
#if defined(__EMSCRIPTEN__)
  // This build's one engine, named directly: the 404 page's module links no engine table.
  SampleRows src(landscapeRows(p, xs.data(), g.width), g.width);
#else
  SampleRows src(laneEngine().landscapeRows(p, xs.data(), g.width), g.width);
#endif
  return fillGrid(src, g, [&](int j) { return g.sampleY(j); }, out);
}

}  // namespace nf
