// Field: compiling a FieldConfig, the one dispatch point (makeOps), and the templated sample and
// fill routines. Inside a fill there is no per-sample dispatch: the kernel, its fade and its
// dimensionality are template parameters; fractal kind and terrain switches are predictable
// branches on constant data.
#include "field.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "field_fill.h"
#include "terrain.h"
#include "value_noise.h"

namespace nf {

struct FieldOps {
  double (*sample)(const FieldParams&, double, double, double);
  double (*sampleGrad)(const FieldParams&, double, double, double, double*, double*);  // null: none
  void (*fill)(const FieldParams&, const GridSpec&, float*);
};

namespace {

template <class K, bool Is3D>
struct Impl {
  template <bool G>
  static double eval(const tk::Octave& o, double x, double y, double z, double* gx, double* gy) {
    if constexpr (Is3D) return K::template eval3<G>(o, x, y, z, gx, gy);
    else return K::template eval2<G>(o, x, y, gx, gy);
  }

  // The fractal over lattice coordinates; gradient (if G) per lattice unit.
  template <bool G>
  static double fractal(const FieldParams& p, uint32_t seed, double x, double y, double z, double* gx, double* gy) {
    tk::Octave o = p.base;
    if (p.fractal == FractalKind::None) {
      o.seed = seed;
      return eval<G>(o, x, y, z, gx, gy);
    }
    double sum = 0, norm = 0, amp = 0.5, freq = 1, sgx = 0, sgy = 0;
    for (int i = 0; i < p.octaves; ++i) {
      o.seed = seed + p.seedStep * static_cast<uint32_t>(i);
      double ogx = 0, ogy = 0;
      const double v = eval<G>(o, x, y, z, &ogx, &ogy);
      double c = v, dc = 1;
      if (p.fractal == FractalKind::Ridged) {
        const double s = 2 * v - 1;
        c = 1 - std::fabs(s);
        dc = s > 0 ? -2 : 2;
      } else if (p.fractal == FractalKind::Billow) {
        const double s = 2 * v - 1;
        c = std::fabs(s);
        dc = s > 0 ? 2 : -2;
      }
      sum += amp * c;
      if constexpr (G) {
        sgx += amp * dc * ogx * freq;
        sgy += amp * dc * ogy * freq;
        freq *= p.lacunarity;
      }
      norm += amp;
      amp *= p.gain;
      x *= p.lacunarity;
      y *= p.lacunarity;
      if constexpr (Is3D) z *= p.lacunarity;
      o.periodX *= p.lacunarity;
      o.periodY *= p.lacunarity;
    }
    if constexpr (G) {
      *gx = sgx / norm;
      *gy = sgy / norm;
    }
    return sum / norm;
  }

  // The whole pipeline at sample coordinates; gradient (if G) per sample unit. G is only used
  // without warp (the binding of gradients through the warp is not implemented).
  template <bool G>
  static double full(const FieldParams& p, double sx, double sy, double z, double* gx, double* gy) {
    const double x = sx / p.scale, y = sy / p.scale;
    double h, hx = 0, hy = 0;
    if (p.warpLevels == 0) {
      h = fractal<G>(p, p.seed, x, y, z, &hx, &hy);
    } else {
      const double qx = fractal<false>(p, p.warpSeedX, x, y, z, nullptr, nullptr);
      const double qy = p.warpSeedY == p.warpSeedX ? qx : fractal<false>(p, p.warpSeedY, x, y, z, nullptr, nullptr);
      if (p.warpLevels == 1) {
        h = fractal<false>(p, p.seed, x + p.warp * qx, y + p.warp * qy, z, nullptr, nullptr);
      } else {
        const double wx = x + p.warp * qx, wy = y + p.warp * qy;
        const double rx = fractal<false>(p, p.warp2SeedX, wx, wy, z, nullptr, nullptr);
        const double ry =
            p.warp2SeedY == p.warp2SeedX ? rx : fractal<false>(p, p.warp2SeedY, wx, wy, z, nullptr, nullptr);
        h = fractal<false>(p, p.seed, x + p.warp2 * rx, y + p.warp2 * ry, z, nullptr, nullptr);
      }
    }
    if constexpr (G) {
      hx /= p.scale;
      hy /= p.scale;
    }
    h = terrain<G>(p, sx, sy, h, &hx, &hy);
    if constexpr (G) {
      *gx = hx;
      *gy = hy;
    }
    return h;
  }

  static bool hasTerrain(const FieldParams& p) { return p.island || p.redistribution != 1 || p.terraces > 0; }

  // The terrain steps (island, redistribution, terraces) of a height h at sample coordinates,
  // carrying the gradient (*hx, *hy) along if G; shared by full() and the batch fill.
  template <bool G>
  static double terrain(const FieldParams& p, double sx, double sy, double h, double* hx, double* hy) {
    if (p.island) {
      double fx, fy;
      const double f = islandFalloff(p.islandSquare, sx - p.islandX, sy - p.islandY, p.islandRadius, &fx, &fy);
      if constexpr (G) {
        *hx = *hx * f + h * fx;
        *hy = *hy * f + h * fy;
      }
      h *= f;
    }
    if (p.redistribution != 1) {
      const double hp = std::pow(h, p.redistribution);
      if constexpr (G) {
        const double d = h > 0 ? p.redistribution * std::pow(h, p.redistribution - 1) : 0;
        *hx *= d;
        *hy *= d;
      }
      h = hp;
    }
    if (p.terraces > 0) {
      double d;
      h = terrace(h, p.terraces, p.terraceSmooth, &d);
      if constexpr (G) {
        *hx *= d;
        *hy *= d;
      }
    }
    return h;
  }

  static double sample(const FieldParams& p, double x, double y, double z) {
    return full<false>(p, x, y, z, nullptr, nullptr);
  }
  static double sampleGrad(const FieldParams& p, double x, double y, double z, double* gx, double* gy) {
    return full<true>(p, x, y, z, gx, gy);
  }
  static void fill(const FieldParams& p, const GridSpec& g, float* out) {
    if (p.warpLevels == 0 && p.octaves <= kMaxOctaves) {  // the hoisted row fill (field_fill.h)
      rows::fillRows<K, Is3D>(p, g, out, hasTerrain(p), [&p](double sx, double sy, double h) {
        return terrain<false>(p, sx, sy, h, nullptr, nullptr);
      });
      return;
    }
    // Warped fields: the warped coordinates differ per sample, so nothing is shared.
    std::vector<double> xs(static_cast<size_t>(g.width));
    for (int i = 0; i < g.width; ++i) xs[static_cast<size_t>(i)] = g.sampleX(i);
    for (int j = 0; j < g.height; ++j) {
      const double y = g.sampleY(j);
      float* row = out + static_cast<size_t>(j) * g.width;
      for (int i = 0; i < g.width; ++i) row[i] = static_cast<float>(full<false>(p, xs[static_cast<size_t>(i)], y, p.z, nullptr, nullptr));
    }
  }
};

template <class K, bool Is3D, bool Analytic>
const FieldOps* opsOf() {
  using I = Impl<K, Is3D>;
  static const FieldOps ops{&I::sample, Analytic ? &I::sampleGrad : nullptr, &I::fill};
  return &ops;
}

template <bool Is3D>
const FieldOps* opsFor(const FieldConfig& c) {
  // THE dispatch point: noise type x fade x dimensionality -> one instantiated routine set.
  switch (c.type) {
    case NoiseType::Value:
      switch (c.fade) {
        case FadeKind::Linear: return opsOf<tk::ValueKernel<FadeKind::Linear>, Is3D, true>();
        case FadeKind::Cubic: return opsOf<tk::ValueKernel<FadeKind::Cubic>, Is3D, true>();
        case FadeKind::Quintic: return opsOf<tk::ValueKernel<FadeKind::Quintic>, Is3D, true>();
      }
      break;
    case NoiseType::Gradient:
      switch (c.fade) {
        case FadeKind::Linear: return opsOf<tk::GradientKernel<FadeKind::Linear>, Is3D, true>();
        case FadeKind::Cubic: return opsOf<tk::GradientKernel<FadeKind::Cubic>, Is3D, true>();
        case FadeKind::Quintic: return opsOf<tk::GradientKernel<FadeKind::Quintic>, Is3D, true>();
      }
      break;
    case NoiseType::Simplex: return opsOf<tk::SimplexKernel, Is3D, false>();
    case NoiseType::Cellular:
      switch (c.cellDistance) {
        case CellDistance::Euclidean: return opsOf<tk::CellularKernel<CellDistance::Euclidean>, false, false>();
        case CellDistance::Manhattan: return opsOf<tk::CellularKernel<CellDistance::Manhattan>, false, false>();
        case CellDistance::Chebyshev: return opsOf<tk::CellularKernel<CellDistance::Chebyshev>, false, false>();
      }
      break;
  }
  return opsOf<tk::ValueKernel<FadeKind::Cubic>, Is3D, true>();
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
  p.octaves = c.octaves;
  const bool tiled = c.periodX > 0 || c.periodY > 0;
  p.lacunarity = tiled ? std::max(1.0, std::round(c.lacunarity)) : c.lacunarity;
  p.gain = c.gain;
  p.seed = c.seed;
  p.seedStep = c.seedStep;
  p.scale = c.scale;
  p.z = c.dimensions == 3 ? c.z : 0;
  p.warpLevels = c.warpLevels;
  p.warp = c.warp;
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

FillStats statsOf(const float* v, int64_t n) {
  StatsAccumulator s;
  for (int64_t i = 0; i < n; ++i) s.add(v[i]);
  return s.result();
}

struct Rgb {
  uint8_t r, g, b;
};
constexpr Rgb kWater{48, 96, 168}, kLand{96, 150, 72};
constexpr Rgb kBandColors[4] = {{48, 96, 168}, {222, 204, 140}, {96, 160, 72}, {128, 120, 112}};
constexpr Rgb kBiomeColors[9] = {{230, 210, 150}, {150, 190, 90},  {78, 110, 82},    // desert grassland swamp
                                 {182, 172, 112}, {52, 120, 62},   {28, 90, 52},     // scrub forest rainforest
                                 {132, 126, 120}, {192, 192, 172}, {246, 246, 250}};  // bare rock tundra snow

inline void put(uint8_t* px, Rgb c, double shade = 1) {
  auto ch = [shade](uint8_t v) {
    const double s = v * shade;
    return static_cast<uint8_t>(s <= 0 ? 0 : (s >= 255 ? 255 : s + 0.5));
  };
  px[0] = ch(c.r);
  px[1] = ch(c.g);
  px[2] = ch(c.b);
  px[3] = 255;
}

}  // namespace

const char* viewName(View v) {
  static const char* const kNames[] = {"raw", "land", "bands", "biomes", "relief"};
  return kNames[static_cast<int>(v)];
}
bool parseView(std::string_view name, View* out) {
  for (int i = 0; i < 5; ++i)
    if (name == viewName(static_cast<View>(i))) {
      *out = static_cast<View>(i);
      return true;
    }
  return false;
}

Field::Field() : Field(FieldConfig()) {}

Field::Field(const FieldConfig& c) : config_(c) {
  params_ = compile(c);
  moistureParams_ = params_;
  moistureParams_.seed = c.moistureSeed;
  moistureParams_.island = false;
  moistureParams_.redistribution = 1;
  moistureParams_.terraces = 0;
  ops_ = c.dimensions == 3 ? opsFor<true>(c) : opsFor<false>(c);
  ops3_ = opsFor<true>(c);
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
  return finite3(x, y, 0) ? ops_->sample(params_, x, y, params_.z) : kNonFiniteResult;
}
double Field::sample(double x, double y, double z) const {
  return finite3(x, y, z) ? ops3_->sample(params_, x, y, z) : kNonFiniteResult;
}
double Field::moisture(double x, double y) const {
  return finite3(x, y, 0) ? ops_->sample(moistureParams_, x, y, params_.z) : kNonFiniteResult;
}
bool Field::hasAnalyticGradient() const { return ops_->sampleGrad != nullptr && params_.warpLevels == 0; }

double Field::sampleGrad(double x, double y, double* gx, double* gy) const {
  if (!finite3(x, y, 0)) {
    *gx = *gy = 0;
    return kNonFiniteResult;
  }
  if (hasAnalyticGradient()) return ops_->sampleGrad(params_, x, y, params_.z, gx, gy);
  const double e = 1e-3 * params_.scale;  // a thousandth of a lattice cell
  *gx = (ops_->sample(params_, x + e, y, params_.z) - ops_->sample(params_, x - e, y, params_.z)) / (2 * e);
  *gy = (ops_->sample(params_, x, y + e, params_.z) - ops_->sample(params_, x, y - e, params_.z)) / (2 * e);
  return ops_->sample(params_, x, y, params_.z);
}

FillStats Field::fill(const GridSpec& g, float* out) const {
  ops_->fill(params_, g, out);
  return statsOf(out, g.samples());
}
FillStats Field::fillMoisture(const GridSpec& g, float* out) const {
  ops_->fill(moistureParams_, g, out);
  return statsOf(out, g.samples());
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

void Field::fillColor(View view, const GridSpec& g, uint8_t* rgba, float* scratch, FillStats* stats) const {
  const FillStats st = fill(g, scratch);
  if (stats) *stats = st;
  const FieldConfig& c = config_;
  const int64_t n = g.samples();
  switch (view) {
    case View::Raw:
      for (int64_t k = 0; k < n; ++k) {
        const double v = scratch[k];
        const uint8_t q = static_cast<uint8_t>(v <= 0 ? 0 : (v >= 1 ? 255 : v * 255 + 0.5));
        rgba[4 * k] = rgba[4 * k + 1] = rgba[4 * k + 2] = q;
        rgba[4 * k + 3] = 255;
      }
      break;
    case View::Land:
      for (int64_t k = 0; k < n; ++k) put(rgba + 4 * k, scratch[k] < c.t1 ? kWater : kLand);
      break;
    case View::Bands:
      for (int64_t k = 0; k < n; ++k)
        put(rgba + 4 * k, kBandColors[static_cast<int>(bandOf(scratch[k], c.t1, c.t2, c.t3))]);
      break;
    case View::Biomes:
      for (int j = 0; j < g.height; ++j) {
        const double y = g.sampleY(j);
        for (int i = 0; i < g.width; ++i) {
          const int64_t k = static_cast<int64_t>(j) * g.width + i;
          const double h = scratch[k];
          if (h < c.t1) {
            put(rgba + 4 * k, kWater);
            continue;
          }
          const double m = ops_->sample(moistureParams_, g.sampleX(i), y, params_.z);
          put(rgba + 4 * k, kBiomeColors[static_cast<int>(biomeOf(h, m, c.t2, c.t3, c.m1, c.m2))]);
        }
      }
      break;
    case View::Relief: {
      // Lambert shading of the height surface, light from the upper left; slopes are taken per
      // lattice unit so the look does not depend on the scale. Water is drawn flat.
      const double lx = -0.5, ly = -0.5, lz = 0.70710678118654752;
      for (int j = 0; j < g.height; ++j) {
        const double y = g.sampleY(j);
        for (int i = 0; i < g.width; ++i) {
          const int64_t k = static_cast<int64_t>(j) * g.width + i;
          const double h = scratch[k];
          const Band b = bandOf(h, c.t1, c.t2, c.t3);
          if (b == Band::Water) {
            put(rgba + 4 * k, kBandColors[0]);
            continue;
          }
          double gx, gy;
          sampleGrad(g.sampleX(i), y, &gx, &gy);
          const double nx = -2 * gx * params_.scale, ny = -2 * gy * params_.scale;
          const double dot = (nx * lx + ny * ly + lz) / std::sqrt(nx * nx + ny * ny + 1);
          put(rgba + 4 * k, kBandColors[static_cast<int>(b)], 0.45 + 0.75 * (dot > 0 ? dot : 0));
        }
      }
      break;
    }
  }
}

FieldConfig nebulaConfig() {
  FieldConfig c;  // value, cubic, landscape hash, fbm 3 octaves, 2.03, 0.5, step 17, scale 1
  c.seed = 227;
  c.warpLevels = 2;
  c.warp = 4;
  c.warp2 = 3.5;
  c.warpSeedX = c.warpSeedY = 211;
  c.warp2SeedX = c.warp2SeedY = 223;
  return c;
}

std::vector<uint32_t> histogram(const float* values, size_t n, int bins, double lo, double hi) {
  std::vector<uint32_t> h(static_cast<size_t>(bins > 0 ? bins : 0), 0);
  if (bins <= 0 || !(hi > lo)) return h;
  const double k = bins / (hi - lo);
  for (size_t i = 0; i < n; ++i) {
    double b = (values[i] - lo) * k;
    if (!(b >= 0)) b = 0;  // also NaN
    int bi = static_cast<int>(b);
    if (bi >= bins) bi = bins - 1;
    ++h[static_cast<size_t>(bi)];
  }
  return h;
}

// ---- legends, colour-fill summaries, band widths (read the colour tables above) ----------------

namespace {
Rgb8 rgb8(Rgb c) { return Rgb8{c.r, c.g, c.b}; }
bool sameRgb(const uint8_t* px, Rgb c) { return px[0] == c.r && px[1] == c.g && px[2] == c.b; }
}  // namespace

const std::vector<ViewInfo>& viewInfos() {
  static const std::vector<ViewInfo> kViews = [] {
    std::vector<LegendEntry> bands, biomes{{bandName(Band::Water), rgb8(kWater)}};
    for (int b = 0; b < 4; ++b) bands.push_back({bandName(static_cast<Band>(b)), rgb8(kBandColors[b])});
    for (int b = 0; b < 9; ++b) biomes.push_back({biomeName(static_cast<Biome>(b)), rgb8(kBiomeColors[b])});
    return std::vector<ViewInfo>{
        {View::Raw, viewName(View::Raw), "Raw field", {{"0", Rgb8{0, 0, 0}}, {"1", Rgb8{255, 255, 255}}}},
        {View::Land, viewName(View::Land), "Land vs water", {{"water", rgb8(kWater)}, {"land", rgb8(kLand)}}},
        {View::Bands, viewName(View::Bands), "Four bands", bands},
        {View::Biomes, viewName(View::Biomes), "Biomes", biomes},
        {View::Relief, viewName(View::Relief), "Shaded relief", bands},
    };
  }();
  return kViews;
}

ColorFillSummary Field::colorSummary(View view, const GridSpec& g, const float* heights, const uint8_t* rgba,
                                     int bins) const {
  ColorFillSummary s;
  const FieldConfig& c = config_;
  const int64_t n = g.samples();
  if (bins > kMaxHistogramBins) bins = kMaxHistogramBins;
  if (bins > 0) s.histogram.assign(static_cast<size_t>(bins), 0);
  int64_t bandCount[4] = {0, 0, 0, 0}, biomeCount[10] = {};
  const bool biomes = view == View::Biomes && rgba != nullptr;
  for (int64_t k = 0; k < n; ++k) {
    const double v = heights[k];
    if (bins > 0) {
      double b = v * bins;
      if (!(b >= 0)) b = 0;  // also NaN
      const int bi = b >= bins ? bins - 1 : static_cast<int>(b);
      ++s.histogram[static_cast<size_t>(bi)];
    }
    const int band = static_cast<int>(bandOf(v, c.t1, c.t2, c.t3));
    ++bandCount[band];
    if (biomes) {
      int idx = 0;  // water
      if (band != 0) {
        for (int b = 0; b < 9; ++b)
          if (sameRgb(rgba + 4 * k, kBiomeColors[b])) {
            idx = b + 1;
            break;
          }
      }
      ++biomeCount[idx];
    }
  }
  const double total = n > 0 ? static_cast<double>(n) : 1;
  for (int b = 0; b < 4; ++b) s.bands[b] = static_cast<double>(bandCount[b]) / total;
  s.hasBiomes = biomes;
  if (biomes)
    for (int b = 0; b < 10; ++b) s.biomes[b] = static_cast<double>(biomeCount[b]) / total;
  return s;
}

double BandWidths::sandEstimate(int64_t minSamples) const {
  if (counts[1] >= minSamples && counts[1] > 0) return median[1];
  if (counts[0] > 0 && counts[2] + counts[3] > 0) return 0;
  return std::numeric_limits<double>::quiet_NaN();
}

BandWidths Field::bandWidths(const GridSpec& g) const {
  BandWidths r;
  r.analytic = hasAnalyticGradient();
  const FieldConfig& c = config_;
  const double cuts[5] = {0, c.t1, c.t2, c.t3, 1};
  std::vector<double> widths[4];
  for (int j = 0; j < g.height; ++j) {
    const double y = g.sampleY(j);
    for (int i = 0; i < g.width; ++i) {
      double gx, gy;
      const double h = sampleGrad(g.sampleX(i), y, &gx, &gy);
      const int b = static_cast<int>(bandOf(h, c.t1, c.t2, c.t3));
      ++r.counts[b];
      if (b == 1 || b == 2) {
        const double slope = std::sqrt(gx * gx + gy * gy);
        widths[b].push_back(slope > 0 ? (cuts[b + 1] - cuts[b]) / slope : std::numeric_limits<double>::infinity());
      }
    }
  }
  for (int b = 1; b <= 2; ++b) {
    std::vector<double>& w = widths[b];
    if (w.empty()) continue;
    const size_t mid = w.size() / 2;
    std::nth_element(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(mid), w.end());
    double m = w[mid];
    if (w.size() % 2 == 0)  // even count: mean of the two middle values (+inf stays +inf)
      m = 0.5 * (*std::max_element(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(mid)) + m);
    r.median[b] = m;
  }
  return r;
}

}  // namespace nf
