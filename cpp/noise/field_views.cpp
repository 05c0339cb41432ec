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

// The relief's shading (shadeRow) lies in [0.45, 1.2] (a unit normal dotted with a unit light, so
// at most 1 give or take rounding), and water is drawn at a shade of exactly 1. With every band
// colour channel at least 1, c * shade is positive; a channel whose band colours are all at most
// 211 stays below 254.5 (211 * 1.2 = 253.2), so only channels with a brighter band need the clamp.
constexpr bool channelNeedsClamp(int k) {
  for (const Rgb& c : kBandColors)
    if ((k == 0 ? c.r : k == 1 ? c.g : c.b) > 211) return true;
  return false;
}
constexpr bool bandChannelsPositive() {
  for (const Rgb& c : kBandColors)
    if (c.r < 1 || c.g < 1 || c.b < 1) return false;
  return true;
}
static_assert(bandChannelsPositive(), "reliefPixels drops the clamp at 0: band colour channels must be >= 1");
constexpr bool kClampChannel[3] = {channelNeedsClamp(0), channelNeedsClamp(1), channelNeedsClamp(2)};

// The relief's pixels of samples [begin, end), a lane of samples at a time: water flat, the other
// bands shaded, each channel c * shade -> <= 0 ? 0 : (>= 255 ? 255 : c * shade + 0.5), truncated
// (the tests that cannot hold for these colours and shades are left out, see above). Water is its
// colour at a shade of exactly 1 (c + 0.5 truncates to c), so every sample takes one branch-free
// path; the truncation of a value in (0, 255.5] is its floor, converted exactly.
template <class D>
void reliefPixels(const float* f, const double* shade, int begin, int end, double t1, double t2, double t3,
                  const double (&rgb)[4][4], uint8_t* px) {
  using L = lanes::Lane<D>;
  using U = lanes::UOf<D>;
  const D c1(t1), c2(t2), c3(t3), top(255), half(0.5), one(1);
  for (int i = begin; i < end; i += L::kWidth) {
    const D h = L::loadF(f + i);
    const auto lt1 = h < c1, lt2 = h < c2, lt3 = h < c3;
    const D s = lanes::select(lt1, one, L::load(shade + i));
    U out(0xFF000000u);
    for (int k = 0; k < 3; ++k) {
      const D c = lanes::select(lt1, D(rgb[0][k]),
                                lanes::select(lt2, D(rgb[1][k]), lanes::select(lt3, D(rgb[2][k]), D(rgb[3][k]))));
      const D v = c * s;
      const D q = kClampChannel[k] ? lanes::select(top <= v, top, v + half) : v + half;
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


// The index of a sample in the biome view's colours (0 water, else 1 + biomeOf), and its band:
// bandOf's and biomeOf's tests, written as selects so that a row has no data-dependent branch.
inline int bandIndex(double h, double t1, double t2, double t3) {
  int b = h < t3 ? 2 : 3;
  b = h < t2 ? 1 : b;
  return h < t1 ? 0 : b;
}
inline int biomeIndex(double h, double m, const FieldConfig& c) {
  int hb = h < c.t3 ? 1 : 2;  // heightBand3
  hb = h < c.t2 ? 0 : hb;
  int mb = m < c.m2 ? 1 : 2;  // moistureBand3
  mb = m < c.m1 ? 0 : mb;
  const int b = 1 + hb * 3 + mb;
  return h < c.t1 ? 0 : b;
}

// The raw view's pixels of samples [begin, end), a lane at a time: grey v <= 0 ? 0 : (v >= 1 ? 255
// : v * 255 + 0.5), truncated; the truncation of a value in (0.5, 255.5) is its floor, converted
// exactly (a scalar double -> uint8 conversion is a checked, branchy sequence in wasm).
template <class D>
void rawPixels(const float* f, int begin, int end, uint8_t* px) {
  using L = lanes::Lane<D>;
  using U = lanes::UOf<D>;
  const D zero(0), one(1), k255(255), half(0.5);
  for (int i = begin; i < end; i += L::kWidth) {
    const D v = L::loadF(f + i);
    const D q = lanes::select(v <= zero, zero, lanes::select(one <= v, k255, lanes::floor(v * k255 + half)));
    const U out = lanes::latticeIndex(q) * U(0x010101u) + U(0xFF000000u);
    uint32_t word[L::kWidth];
    L::storeU(word, out);
    std::memcpy(px + 4 * static_cast<size_t>(i), word, sizeof word);  // little-endian: r, g, b, a
  }
}

// Biome counts of painted samples, four interleaved copies (sample i into copy i & 3), as
// colorSummary keeps them: 0 water, else 1 + the biome.
using BiomeCounts = int64_t[4][10];

// A view's colours under one config's thresholds, painting a row from its samples: f the heights
// as floats, extra the moisture (biomes) or the shading (relief, whose water is drawn flat). With
// `count`, the biome view also counts the biome of every sample it paints.
class Painter {
 public:
  Painter(View view, const FieldConfig& c) : view_(view), c_(c) {
    for (int b = 0; b < 4; ++b) bands_[b] = pixelOf(kBandColors[b]);
    biomes_[0] = pixelOf(kWater);
    for (int b = 0; b < 9; ++b) biomes_[b + 1] = pixelOf(kBiomeColors[b]);
    for (int b = 0; b < 4; ++b) {
      const Rgb& k = kBandColors[b];
      shaded_[b][0] = k.r, shaded_[b][1] = k.g, shaded_[b][2] = k.b, shaded_[b][3] = 0;
    }
  }
  void row(const float* f, const double* extra, int n, uint8_t* px, BiomeCounts* count) const {
    const FieldConfig& c = c_;
    const int bulk = n - n % lanes::kWidthOf<lanes::Wide>;
    switch (view_) {
      case View::Raw:
        rawPixels<lanes::Wide>(f, 0, bulk, px);
        rawPixels<double>(f, bulk, n, px);
        break;
      case View::Land:
        for (int i = 0; i < n; ++i) store(px + 4 * i, land_[f[i] < c.t1 ? 0 : 1]);
        break;
      case View::Bands:
        for (int i = 0; i < n; ++i) store(px + 4 * i, bands_[bandIndex(f[i], c.t1, c.t2, c.t3)]);
        break;
      case View::Biomes:
        if (count) {
          for (int i = 0; i < n; ++i) {
            const int b = biomeIndex(f[i], extra[i], c);
            store(px + 4 * i, biomes_[b]);
            ++(*count)[i & 3][b];
          }
        } else {
          for (int i = 0; i < n; ++i) store(px + 4 * i, biomes_[biomeIndex(f[i], extra[i], c)]);
        }
        break;
      case View::Relief:
        reliefPixels<lanes::Wide>(f, extra, 0, bulk, c.t1, c.t2, c.t3, shaded_, px);
        reliefPixels<double>(f, extra, bulk, n, c.t1, c.t2, c.t3, shaded_, px);
        break;
    }
  }

 private:
  View view_;
  const FieldConfig& c_;
  Pixel land_[2] = {pixelOf(kWater), pixelOf(kLand)}, bands_[4], biomes_[10];  // biomes_: water first
  double shaded_[4][4];  // the band colours as doubles (r, g, b, unused), for the relief's shading
};

// Histogram and band counts of heights [begin, end), a lane of heights at a time (end - begin a
// multiple of the width). Histogram bins go to four interleaved copies (sample k into copy k & 3),
// so that runs of one bin in a smooth field do not chain every increment on the previous one;
// bands are counted branch-free with bandOf's tests (NaN is rock), in doubles (exact below 2^53).
// A bin is (int) of its clamped value, i.e. its floor, converted exactly (no checked conversion).
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
      const D clamped = lanes::select(D(nb) <= b, D(nb - 1), lanes::select(zero <= b, b, zero));
      uint32_t bin[L::kWidth];
      L::storeU(bin, lanes::latticeIndex(lanes::floor(clamped)));
      for (int l = 0; l < L::kWidth; ++l)
        ++hist4[static_cast<size_t>((k + l) & 3) * static_cast<size_t>(bins) + bin[l]];
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

// colorSummary's counts, added heights by heights (a whole fill, or a row at a time as fillColor
// paints them: the counts are integers, so the order does not matter).
class SummaryCounts {
 public:
  explicit SummaryCounts(int bins)
      : bins_(bins > kMaxHistogramBins ? kMaxHistogramBins : bins), hist4_(static_cast<size_t>(bins_ > 0 ? 4 * bins_ : 0), 0) {}
  void heights(const float* h, int64_t n, const FieldConfig& c) {
    if (bins_ > 0) count<true>(h, n, c);
    else count<false>(h, n, c);
  }
  BiomeCounts& biomes() { return biome4_; }
  template <bool Hist>
  void count(const float* h, int64_t n, const FieldConfig& c) {
    const int64_t bulk = n - n % lanes::kWidthOf<lanes::Wide>;
    uint32_t* hist = Hist ? hist4_.data() : nullptr;
    countHeights<lanes::Wide, Hist>(h, 0, bulk, c, bins_, hist, bands_);
    countHeights<double, Hist>(h, bulk, n, c, bins_, hist, bands_);
  }
  ColorFillSummary result(int64_t n, bool biomes) const {
    ColorFillSummary s;
    if (bins_ > 0) s.histogram.assign(static_cast<size_t>(bins_), 0);
    const size_t nbins = s.histogram.size();
    for (size_t b = 0; b < nbins; ++b)
      s.histogram[b] = hist4_[b] + hist4_[b + nbins] + hist4_[b + 2 * nbins] + hist4_[b + 3 * nbins];
    const int64_t band[4] = {bands_[0], bands_[1], bands_[2], n - bands_[0] - bands_[1] - bands_[2]};
    const double total = n > 0 ? static_cast<double>(n) : 1;
    for (int b = 0; b < 4; ++b) s.bands[b] = static_cast<double>(band[b]) / total;
    s.hasBiomes = biomes;
    if (biomes)
      for (int b = 0; b < 10; ++b)
        s.biomes[b] = static_cast<double>(biome4_[0][b] + biome4_[1][b] + biome4_[2][b] + biome4_[3][b]) / total;
    return s;
  }

 private:
  int bins_;
  std::vector<uint32_t> hist4_;
  int64_t bands_[3] = {0, 0, 0};
  BiomeCounts biome4_ = {};
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

// Every view reads its heights (and the biome view its moisture, the relief view its gradient)
// through row samplers, row by row, and paints each row as it comes: one pass, no per-sample
// dispatch. The pixels are those of the per-sample definitions (sample, moisture, sampleGrad).
// What the cache holds is not sampled again; the relief's heights are sampleGrad's, so relief
// entries are their own. Rows are written straight where they are kept (the shading into the
// cache entry; the heights copied to it in one piece), and the summary is counted from each row
// while it is in cache, the biomes from the index the painter picks (no read-back of pixels).
void Field::fillColor(View view, const GridSpec& g, uint8_t* rgba, float* scratch, FillStats* stats,
                      ColorFillCache* cache, ColorFillSummary* summary, int bins) const {
  const int n = g.width;
  const size_t total = static_cast<size_t>(g.samples());
  const bool relief = view == View::Relief, needsExtra = relief || view == View::Biomes;
  ColorFillCache::Entry* e = cache ? &cache->entryFor(sampledPart(config_), g, relief) : nullptr;
  const bool haveHeights = e && e->hasHeights, haveExtra = e && e->hasExtra;
  const Painter paint(view, config_);
  SummaryCounts counts(summary ? bins : 0);
  BiomeCounts* biome4 = summary && view == View::Biomes ? &counts.biomes() : nullptr;
  auto finishRow = [&](const float* f, const double* extra, int j) {
    paint.row(f, extra, n, rgba + static_cast<size_t>(j) * n * 4, biome4);
    if (summary) counts.heights(f, n, config_);
  };
  auto at = [n](auto& v, int j) { return v.data() + static_cast<size_t>(j) * n; };
  auto finish = [&](const FillStats& s) {
    if (stats) *stats = s;
    if (summary) *summary = counts.result(g.samples(), view == View::Biomes);
  };
  if (haveHeights) std::memcpy(scratch, e->heights.data(), total * sizeof(float));
  if (haveHeights && (haveExtra || !needsExtra)) {  // nothing to sample: repaint
    for (int j = 0; j < g.height; ++j) finishRow(scratch + static_cast<size_t>(j) * n, needsExtra ? at(e->extra, j) : nullptr, j);
    finish(e->stats);
    return;
  }
  if (cache) ++cache->samplings_;
  if (e && !haveHeights) e->heights.resize(total);
  // + kRowPad: a row sampler writes whole lanes, so the padding of the last row needs room (a
  // row's padding is overwritten by the next row).
  if (e && needsExtra && !haveExtra) e->extra.resize(total + lanes::kRowPad);
  const std::vector<double> xs = columnsOf(g);
  StatsAccumulator acc;
  if (relief) {  // heights and shading together: a relief entry has both or neither
    std::vector<double> shade(e ? 0 : static_cast<size_t>(n));
    GradientRows grad(*ops_, params_, hasAnalyticGradient(), xs);
    for (int j = 0; j < g.height; ++j) {
      float* f = scratch + static_cast<size_t>(j) * n;
      grad.row(rowOf(g, j));
      storeStatsRow(grad.h(), n, f, &acc);
      double* sh = e ? at(e->extra, j) : shade.data();
      shadeRow(grad.gx(), grad.gy(), params_.scale, n, sh);
      finishRow(f, sh, j);
    }
  } else {
    // Moisture is a second field config (moistureParams_), read by its own rows.
    std::unique_ptr<SampleRows> src, moist;
    if (!haveHeights) src = std::make_unique<SampleRows>(*ops_, params_, xs);
    if (needsExtra && !haveExtra) moist = std::make_unique<SampleRows>(*ops_, moistureParams_, xs);
    for (int j = 0; j < g.height; ++j) {
      const double y = rowOf(g, j);
      float* f = scratch + static_cast<size_t>(j) * n;
      if (!haveHeights) storeStatsRow(src->row(y), n, f, &acc);
      const double* mo = nullptr;
      if (moist) {
        mo = e ? moist->rowInto(y, at(e->extra, j)) : moist->row(y);  // straight into the cache
      } else if (needsExtra) {
        mo = at(e->extra, j);
      }
      finishRow(f, mo, j);
    }
  }
  if (e && !haveHeights) std::memcpy(e->heights.data(), scratch, total * sizeof(float));
  const FillStats s = haveHeights ? e->stats : acc.result();
  if (e) {
    e->stats = s;
    e->hasHeights = true;
    e->hasExtra = e->hasExtra || needsExtra;
  }
  finish(s);
}

// The same rows and the same test (biomeIndex of the float height and the double moisture) as the
// biome view paints, so ids[i] names the colour of pixel i.
FillStats Field::fillBiomes(const GridSpec& g, uint8_t* ids, float* heights, float* moisture) const {
  const int n = g.width;
  const std::vector<double> xs = columnsOf(g);
  SampleRows src(*ops_, params_, xs), moist(*ops_, moistureParams_, xs);
  StatsAccumulator acc;
  for (int j = 0; j < g.height; ++j) {
    const double y = rowOf(g, j);
    const size_t o = static_cast<size_t>(j) * n;
    float* f = heights + o;
    storeStatsRow(src.row(y), n, f, &acc);
    const double* m = moist.row(y);
    for (int i = 0; i < n; ++i) ids[o + i] = static_cast<uint8_t>(biomeIndex(f[i], m[i], config_));
    if (moisture)
      for (int i = 0; i < n; ++i) moisture[o + i] = static_cast<float>(m[i]);
  }
  return acc.result();
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

}  // namespace

ColorFillSummary Field::colorSummary(View view, const GridSpec& g, const float* heights, const uint8_t* rgba,
                                     int bins) const {
  const int64_t n = g.samples();
  SummaryCounts counts(bins);
  counts.heights(heights, n, config_);
  // Biomes: read back from the pixels of land samples (four interleaved counter sets, as above).
  const bool biomes = view == View::Biomes && rgba != nullptr;
  if (biomes) {
    BiomeCounts& biome4 = counts.biomes();
    for (int64_t k = 0; k < n; ++k) ++biome4[k & 3][heights[k] < config_.t1 ? 0 : biomeIndexOf(rgba + 4 * k)];
  }
  return counts.result(n, biomes);
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
