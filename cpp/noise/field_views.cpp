// A Field's views and analysis: the colour tables, the colour fill of every view, the legends
// read from the same tables, the colour fill's summary (histogram, band and biome shares) and the
// band widths. Heights, moisture and gradients come from the engine's row sources (field_rows.h),
// so every pixel is that of the per-sample definitions (sample, moisture, sampleGrad).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "field.h"
#include "field_rows.h"
#include "lanes.h"
#include "terrain.h"

namespace nf {
namespace {

struct Rgb {
  uint8_t r, g, b;
};
constexpr Rgb kWater{48, 96, 168}, kLand{96, 150, 72};
constexpr Rgb kBandColors[4] = {{48, 96, 168}, {222, 204, 140}, {96, 160, 72}, {128, 120, 112}};
constexpr Rgb kBiomeColors[9] = {{230, 210, 150}, {150, 190, 90},  {78, 110, 82},    // desert grassland swamp
                                 {182, 172, 112}, {52, 120, 62},   {28, 90, 52},     // scrub forest rainforest
                                 {132, 126, 120}, {192, 192, 172}, {246, 246, 250}};  // bare rock tundra snow

// The relief's pixels of samples [begin, end), a lane of samples at a time: water flat, the other
// bands shaded, each channel c * shade -> <= 0 ? 0 : (>= 255 ? 255 : c * shade + 0.5), truncated.
// Water is its colour at a shade of exactly 1 (c + 0.5 truncates to c), so every sample takes one
// branch-free path; the truncation of a value in [0, 255.5] is its floor, converted exactly.
template <class D>
void reliefPixels(const float* f, const double* shade, int begin, int end, double t1, double t2, double t3,
                  const double (&rgb)[4][4], uint8_t* px) {
  using L = lanes::Lane<D>;
  using U = lanes::UOf<D>;
  const D c1(t1), c2(t2), c3(t3), zero(0), top(255), half(0.5), one(1);
  for (int i = begin; i < end; i += L::kWidth) {
    const D h = L::loadF(f + i);
    const auto lt1 = h < c1, lt2 = h < c2, lt3 = h < c3;
    const D s = lanes::select(lt1, one, L::load(shade + i));
    U out(0xFF000000u);
    for (int k = 0; k < 3; ++k) {
      const D c = lanes::select(lt1, D(rgb[0][k]),
                                lanes::select(lt2, D(rgb[1][k]), lanes::select(lt3, D(rgb[2][k]), D(rgb[3][k]))));
      const D v = c * s;
      const D q = lanes::select(v <= zero, zero, lanes::select(top <= v, top, v + half));
      out = out + lanes::latticeIndex(lanes::floor(q)) * U(1u << (8 * k));
    }
    uint32_t word[L::kWidth];
    L::storeU(word, out);
    std::memcpy(px + 4 * static_cast<size_t>(i), word, sizeof word);  // little-endian: r, g, b, a
  }
}

// One RGBA pixel (alpha 255), written with one 4-byte store.
struct Pixel {
  uint8_t rgba[4];
};
constexpr Pixel pixelOf(Rgb c) { return Pixel{{c.r, c.g, c.b, 255}}; }
inline void store(uint8_t* px, const Pixel& p) { std::memcpy(px, p.rgba, 4); }

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

namespace {

// The config with the thresholds at 0: the views use t1..t3, m1 and m2 only to classify samples.
FieldConfig sampledPart(const FieldConfig& c) {
  FieldConfig k = c;
  k.t1 = k.t2 = k.t3 = k.m1 = k.m2 = 0;
  return k;
}
bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool sameGrid(const GridSpec& a, const GridSpec& b) {
  return a.width == b.width && a.height == b.height && sameBits(a.originX, b.originX) &&
         sameBits(a.originY, b.originY) && sameBits(a.stepX, b.stepX) && sameBits(a.stepY, b.stepY) &&
         a.offsetX == b.offsetX && a.offsetY == b.offsetY;
}

// Lambert shading of the height surface, light from the upper left; slopes are taken per lattice
// unit so the look does not depend on the scale. Every sample, water too: branch-free, so the
// compiler vectorises it.
void shadeRow(const double* gx, const double* gy, double scale, int n, double* shade) {
  const double lx = -0.5, ly = -0.5, lz = 0.70710678118654752;
  for (int i = 0; i < n; ++i) {
    const double nx = -2 * gx[i] * scale, ny = -2 * gy[i] * scale;
    const double dot = (nx * lx + ny * ly + lz) / std::sqrt(nx * nx + ny * ny + 1);
    shade[i] = 0.45 + 0.75 * (dot > 0 ? dot : 0);
  }
}

// A view's colours under one config's thresholds, painting a row from its samples: f the heights
// as floats, extra the moisture (biomes) or the shading (relief, whose water is drawn flat).
class Painter {
 public:
  Painter(View view, const FieldConfig& c) : view_(view), c_(c) {
    for (int b = 0; b < 4; ++b) bands_[b] = pixelOf(kBandColors[b]);
    for (int b = 0; b < 9; ++b) biomes_[b] = pixelOf(kBiomeColors[b]);
    for (int b = 0; b < 4; ++b) {
      const Rgb& k = kBandColors[b];
      shaded_[b][0] = k.r, shaded_[b][1] = k.g, shaded_[b][2] = k.b, shaded_[b][3] = 0;
    }
  }
  void row(const float* f, const double* extra, int n, uint8_t* px) const {
    const FieldConfig& c = c_;
    switch (view_) {
      case View::Raw:
        for (int i = 0; i < n; ++i) {
          const double v = f[i];
          const uint8_t q = static_cast<uint8_t>(v <= 0 ? 0 : (v >= 1 ? 255 : v * 255 + 0.5));
          store(px + 4 * i, Pixel{{q, q, q, 255}});
        }
        break;
      case View::Land:
        for (int i = 0; i < n; ++i) store(px + 4 * i, f[i] < c.t1 ? water_ : land_);
        break;
      case View::Bands:
        for (int i = 0; i < n; ++i) store(px + 4 * i, bands_[static_cast<int>(bandOf(f[i], c.t1, c.t2, c.t3))]);
        break;
      case View::Biomes:
        for (int i = 0; i < n; ++i) {
          const double hk = f[i];
          store(px + 4 * i, hk < c.t1 ? water_ : biomes_[static_cast<int>(biomeOf(hk, extra[i], c.t2, c.t3, c.m1, c.m2))]);
        }
        break;
      case View::Relief: {
        const int bulk = n - n % lanes::kWidthOf<lanes::Wide>;
        reliefPixels<lanes::Wide>(f, extra, 0, bulk, c.t1, c.t2, c.t3, shaded_, px);
        reliefPixels<double>(f, extra, bulk, n, c.t1, c.t2, c.t3, shaded_, px);
        break;
      }
    }
  }

 private:
  View view_;
  const FieldConfig& c_;
  Pixel water_ = pixelOf(kWater), land_ = pixelOf(kLand), bands_[4], biomes_[9];
  double shaded_[4][4];  // the band colours as doubles (r, g, b, unused), for the relief's shading
};

}  // namespace

ColorFillCache::Entry& ColorFillCache::entryFor(const FieldConfig& key, const GridSpec& g, bool relief) {
  ++clock_;
  Entry* oldest = nullptr;
  for (Entry& e : entries_) {
    if (e.relief == relief && sameGrid(e.grid, g) && e.key == key) {
      e.used = clock_;
      return e;
    }
    if (!oldest || e.used < oldest->used) oldest = &e;
  }
  Entry* e = entries_.size() < max_ ? &entries_.emplace_back() : oldest;  // reserved: no reallocation
  e->key = key;
  e->grid = g;
  e->relief = relief;
  e->used = clock_;
  e->hasHeights = e->hasExtra = false;
  return *e;
}

// Every view reads its heights (and the biome view its moisture, the relief view its gradient)
// through row samplers, row by row, and paints each row as it comes: one pass, no per-sample
// dispatch. The pixels are those of the per-sample definitions (sample, moisture, sampleGrad).
// What the cache holds is not sampled again; the relief's heights are sampleGrad's, so relief
// entries are their own.
void Field::fillColor(View view, const GridSpec& g, uint8_t* rgba, float* scratch, FillStats* stats,
                      ColorFillCache* cache) const {
  const int n = g.width;
  const size_t total = static_cast<size_t>(g.samples());
  const bool relief = view == View::Relief, needsExtra = relief || view == View::Biomes;
  ColorFillCache::Entry* e = cache ? &cache->entryFor(sampledPart(config_), g, relief) : nullptr;
  const bool haveHeights = e && e->hasHeights, haveExtra = e && e->hasExtra;
  const Painter paint(view, config_);
  auto pixelsOf = [&](int j) { return rgba + static_cast<size_t>(j) * n * 4; };
  auto at = [n](auto& v, int j) { return v.data() + static_cast<size_t>(j) * n; };
  if (haveHeights && (haveExtra || !needsExtra)) {  // nothing to sample: repaint
    std::memcpy(scratch, e->heights.data(), total * sizeof(float));
    for (int j = 0; j < g.height; ++j) paint.row(at(e->heights, j), needsExtra ? at(e->extra, j) : nullptr, n, pixelsOf(j));
    if (stats) *stats = e->stats;
    return;
  }
  if (cache) ++cache->samplings_;
  if (e && !haveHeights) e->heights.resize(total);
  if (e && needsExtra && !haveExtra) e->extra.resize(total);
  const std::vector<double> xs = columnsOf(g);
  StatsAccumulator acc;
  if (relief) {  // heights and shading together: a relief entry has both or neither
    std::vector<double> shade(static_cast<size_t>(n));
    GradientRows grad(*ops_, params_, hasAnalyticGradient(), xs);
    for (int j = 0; j < g.height; ++j) {
      float* f = scratch + static_cast<size_t>(j) * n;
      grad.row(rowOf(g, j));
      acc.storeRow(grad.h(), n, f);
      shadeRow(grad.gx(), grad.gy(), params_.scale, n, shade.data());
      paint.row(f, shade.data(), n, pixelsOf(j));
      if (e) {
        std::memcpy(at(e->heights, j), f, n * sizeof(float));
        std::memcpy(at(e->extra, j), shade.data(), n * sizeof(double));
      }
    }
  } else {
    // Moisture is a second field config (moistureParams_), read by its own rows.
    std::unique_ptr<SampleRows> src, moist;
    if (!haveHeights) src = std::make_unique<SampleRows>(*ops_, params_, xs);
    if (needsExtra && !haveExtra) moist = std::make_unique<SampleRows>(*ops_, moistureParams_, xs);
    for (int j = 0; j < g.height; ++j) {
      const double y = rowOf(g, j);
      float* f = scratch + static_cast<size_t>(j) * n;
      if (haveHeights) {
        std::memcpy(f, at(e->heights, j), n * sizeof(float));
      } else {
        acc.storeRow(src->row(y), n, f);
        if (e) std::memcpy(at(e->heights, j), f, n * sizeof(float));
      }
      const double* mo = nullptr;
      if (moist) {
        mo = moist->row(y);
        if (e) std::memcpy(at(e->extra, j), mo, n * sizeof(double));
      } else if (needsExtra) {
        mo = at(e->extra, j);
      }
      paint.row(f, mo, n, pixelsOf(j));
    }
  }
  const FillStats s = haveHeights ? e->stats : acc.result();
  if (e) {
    e->stats = s;
    e->hasHeights = true;
    e->hasExtra = e->hasExtra || needsExtra;
  }
  if (stats) *stats = s;
}

std::vector<uint32_t> histogram(const float* values, size_t n, int bins, double lo, double hi) {
  std::vector<uint32_t> h(static_cast<size_t>(bins > 0 ? bins : 0), 0);
  if (bins <= 0 || !(hi > lo)) return h;
  const double k = bins / (hi - lo);
  for (size_t i = 0; i < n; ++i) {
    const double b = (values[i] - lo) * k;
    // Compared before the conversion: a huge b (a tiny hi - lo) must not reach the int cast.
    const int bi = !(b >= 0) ? 0 : (b >= bins ? bins - 1 : static_cast<int>(b));  // NaN: bin 0
    ++h[static_cast<size_t>(bi)];
  }
  return h;
}

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

namespace {

// The biome of a pixel the biome view painted, found by its red channel (the nine biome colours
// have distinct reds, checked below) and confirmed on green and blue.
struct BiomeByRed {
  int8_t biome[256];
};
constexpr BiomeByRed biomeByRed() {
  BiomeByRed t{};
  for (int r = 0; r < 256; ++r) t.biome[r] = -1;
  for (int b = 0; b < 9; ++b) t.biome[kBiomeColors[b].r] = static_cast<int8_t>(b);
  return t;
}
constexpr BiomeByRed kBiomeByRed = biomeByRed();
constexpr bool biomeRedsDistinct() {
  for (int b = 0; b < 9; ++b)
    if (kBiomeByRed.biome[kBiomeColors[b].r] != b) return false;
  return true;
}
static_assert(biomeRedsDistinct(), "biome colours must have distinct red channels (colorSummary's lookup)");

// 0: water or no biome colour, else 1 + the biome.
inline int biomeIndexOf(const uint8_t* px) {
  const int b = kBiomeByRed.biome[px[0]];
  return b >= 0 && sameRgb(px, kBiomeColors[b]) ? b + 1 : 0;
}

// Histogram and band counts of heights [begin, end), a lane of heights at a time (end - begin a
// multiple of the width). Histogram bins go to four interleaved copies (sample k into copy k & 3),
// so that runs of one bin in a smooth field do not chain every increment on the previous one;
// bands are counted branch-free with bandOf's tests (NaN is rock), in doubles (exact below 2^53).
template <class D, bool Hist>
void countHeights(const float* heights, int64_t begin, int64_t end, const FieldConfig& c, int bins, uint32_t* hist4,
                  int64_t counts[3]) {
  using L = lanes::Lane<D>;
  const double nb = bins;
  const D t1(c.t1), t2(c.t2), t3(c.t3), zero(0), one(1);
  D water = zero, sand = zero, grass = zero;
  for (int64_t k = begin; k < end; k += L::kWidth) {
    const D v = L::loadF(heights + k);
    if constexpr (Hist) {  // bin: 0 when !(b >= 0) (NaN too), bins - 1 when b >= bins, else (int)b
      const D b = v * nb;
      double bin[L::kWidth];
      L::store(bin, lanes::select(D(nb) <= b, D(nb - 1), lanes::select(zero <= b, b, zero)));
      for (int l = 0; l < L::kWidth; ++l)
        ++hist4[static_cast<size_t>((k + l) & 3) * static_cast<size_t>(bins) + static_cast<size_t>(bin[l])];
    }
    const auto lt1 = v < t1, lt2 = v < t2, lt3 = v < t3;  // bandOf: water, sand, grass, else rock
    water += lanes::select(lt1, one, zero);
    sand += lanes::select(lt1, zero, lanes::select(lt2, one, zero));
    grass += lanes::select(lt1, zero, lanes::select(lt2, zero, lanes::select(lt3, one, zero)));
  }
  double w[L::kWidth], s[L::kWidth], g[L::kWidth];
  L::store(w, water);
  L::store(s, sand);
  L::store(g, grass);
  for (int l = 0; l < L::kWidth; ++l) {
    counts[0] += static_cast<int64_t>(w[l]);
    counts[1] += static_cast<int64_t>(s[l]);
    counts[2] += static_cast<int64_t>(g[l]);
  }
}
template <bool Hist>
void countHeights(const float* heights, int64_t n, const FieldConfig& c, int bins, uint32_t* hist4,
                  int64_t counts[3]) {
  const int64_t bulk = n - n % lanes::kWidthOf<lanes::Wide>;
  countHeights<lanes::Wide, Hist>(heights, 0, bulk, c, bins, hist4, counts);
  countHeights<double, Hist>(heights, bulk, n, c, bins, hist4, counts);
}

}  // namespace

ColorFillSummary Field::colorSummary(View view, const GridSpec& g, const float* heights, const uint8_t* rgba,
                                     int bins) const {
  ColorFillSummary s;
  const int64_t n = g.samples();
  if (bins > kMaxHistogramBins) bins = kMaxHistogramBins;
  if (bins > 0) s.histogram.assign(static_cast<size_t>(bins), 0);
  int64_t bandCount[4] = {0, 0, 0, 0};
  std::vector<uint32_t> hist4(static_cast<size_t>(bins > 0 ? 4 * bins : 0), 0);
  uint32_t* h4 = bins > 0 ? hist4.data() : nullptr;
  if (bins > 0) countHeights<true>(heights, n, config_, bins, h4, bandCount);
  else countHeights<false>(heights, n, config_, bins, h4, bandCount);
  bandCount[3] = n - bandCount[0] - bandCount[1] - bandCount[2];
  const size_t nbins = s.histogram.size();
  for (size_t b = 0; b < nbins; ++b)
    s.histogram[b] = hist4[b] + hist4[b + nbins] + hist4[b + 2 * nbins] + hist4[b + 3 * nbins];
  // Biomes: read back from the pixels of land samples (four interleaved counter sets, as above).
  const bool biomes = view == View::Biomes && rgba != nullptr;
  int64_t biome4[4][10] = {}, biomeCount[10] = {};
  if (biomes)
    for (int64_t k = 0; k < n; ++k) ++biome4[k & 3][heights[k] < config_.t1 ? 0 : biomeIndexOf(rgba + 4 * k)];
  for (int b = 0; b < 10; ++b) biomeCount[b] = biome4[0][b] + biome4[1][b] + biome4[2][b] + biome4[3][b];
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
  GradientRows grad(*ops_, params_, hasAnalyticGradient(), columnsOf(g));  // sampleGrad, by rows
  for (int j = 0; j < g.height; ++j) {
    grad.row(rowOf(g, j));
    const double *hs = grad.h(), *gxs = grad.gx(), *gys = grad.gy();
    for (int i = 0; i < g.width; ++i) {
      const double h = hs[i], gx = gxs[i], gy = gys[i];
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
