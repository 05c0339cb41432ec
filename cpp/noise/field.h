// Field: a noise field compiled from a FieldConfig (immutable, thread-safe to share).
//
// Pipeline of one sample at sample coordinates (x, y):
//   1. lattice coordinates p = (x, y) / scale  (and z when dimensions = 3);
//   2. domain warp (warpLevels 1 or 2), in lattice units;
//   3. the fractal (none / fbm / ridged / billow) over the noise kernel, octave i with seed
//      seed + seedStep * i, frequency lacunarity^i, amplitude 0.5 * gain^i, divided by the
//      amplitude sum;
//   4. terrain steps, each only when enabled: island falloff (multiply), redistribution
//      (power), terraces. Every stage keeps the value in [0, 1].
// The default config (value, cubic, landscape hash, fbm, 3 octaves, 2.03, 0.5, step 17, scale 1)
// is nf::fbm(x, y, seed) bit for bit; nebulaConfig() is nf::nebula bit for bit.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "detail/field_params.h"
#include "grid.h"
#include "schema.h"

namespace nf {

enum class View : uint8_t { Raw, Land, Bands, Biomes, Relief };
// "raw", "land", "bands", "biomes", "relief"; parseView returns false for anything else.
const char* viewName(View v);
bool parseView(std::string_view name, View* out);

// Each view with its legend: the colours fillColor paints, read from the same tables the fill
// uses (field_views.cpp), so legends, histograms and profiles drawn elsewhere match the pixels.
struct Rgb8 {
  uint8_t r, g, b;
};
struct LegendEntry {
  const char* name;  // "water", "sand", ..., biome names; raw: "0" (black) and "1" (white)
  Rgb8 color;
};
struct ViewInfo {
  View view;
  const char* name;   // viewName(view)
  const char* label;  // e.g. "Four bands"
  std::vector<LegendEntry> legend;
};
const std::vector<ViewInfo>& viewInfos();  // in View order

// What a colour fill reports beside its pixels (Field::colorSummary).
constexpr int kMaxHistogramBins = 1024;
struct ColorFillSummary {
  std::vector<uint32_t> histogram;  // `bins` equal bins of the height over [0, 1]
  double bands[4] = {0, 0, 0, 0};   // shares of water, sand, grass, rock (t1, t2, t3); sum 1
  bool hasBiomes = false;           // the biome view only:
  double biomes[10] = {};           // shares of water, then the 9 biomes in Biome order; sum 1
};

// Width of the bounded bands, estimated locally as (upper cut - lower cut) / |grad F| at each
// sample of the band (the distance F needs to cross the band at the local slope), in sample units
// (tiles), whatever the grid step. Field::bandWidths.
struct BandWidths {
  int64_t counts[4] = {0, 0, 0, 0};  // samples per band: water, sand, grass, rock
  // Median width of sand (t1..t2) and grass (t2..t3) over their samples; NaN when the band has
  // no sample, +inf where the field is flat. Water and rock are unbounded: always NaN.
  double median[4] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN(),
                      std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  bool analytic = false;  // gradients were analytic (else central differences)
  // The explorer's "sand band" number: the median sand width when at least `minSamples` samples
  // are sand; 0 when there is (almost) no sand but water and land (grass or rock) both occur, so
  // water meets land directly; NaN when the grid shows no shore at all.
  double sandEstimate(int64_t minSamples = 8) const;
};

struct FieldOps;  // the per-type function table chosen once at construction (detail/samplers.h)

// What colour fills sampled before they painted, kept for the next fills (Field::fillColor): the
// heights (the floats the views classify) and their statistics, the biome view's moisture, the
// relief view's heights and shading, for the few most recent (config, grid) pairs. The thresholds
// t1..t3, m1 and m2 only classify those samples, so a fill whose config differs from a kept one in
// them alone (a threshold slider) repaints without sampling, and the views of one field over one
// grid sample its height once. The pixels are those of a fill without a cache, exactly. One cache
// per thread of fills.
class ColorFillCache {
 public:
  explicit ColorFillCache(size_t entries = 3) : max_(entries) { entries_.reserve(entries); }
  // How many fills through this cache sampled the field (the others only repainted).
  uint64_t samplings() const { return samplings_; }

 private:
  friend class Field;
  struct Entry {
    FieldConfig key;  // the config with the thresholds at 0 (what the samples depend on)
    GridSpec grid;
    bool relief = false;           // relief entries hold sampleGrad's heights and the shading
    uint64_t used = 0;
    bool hasHeights = false, hasExtra = false;
    std::vector<float> heights;    // width * height
    FillStats stats;
    std::vector<double> extra;     // the moisture (biomes) or the shading (relief), width * height
  };
  Entry& entryFor(const FieldConfig& key, const GridSpec& g, bool relief);
  std::vector<Entry> entries_;
  uint64_t clock_ = 0, samplings_ = 0;
  size_t max_;
};

class Field {
 public:
  Field();  // the default config
  // The config must pass validate() and come from set()/setEnum() (in range); use create() to
  // get the error instead.
  explicit Field(const FieldConfig& c);
  static std::string create(const FieldConfig& c, Field* out);

  const FieldConfig& config() const { return config_; }

  // Single samples (slow next to fill(): no hoisting, one call per value).
  // sample(x, y): the configured field (z from the config when dimensions = 3).
  // sample(x, y, z): the 3-D field at depth z, whatever `dimensions` says (every type has a 3-D
  // variant; a 2-D config's fractal, warp and terrain settings apply unchanged).
  // Non-finite coordinates give kNonFiniteResult (0).
  // Tiled fields (periodX / periodY > 0) repeat exactly: f(x + k * periodX * scale, y) is f(x, y)
  // bit for bit whenever x + k * periodX * scale is itself exact, warps and terrain included (the
  // coordinate is first reduced into [0, periodX * scale); the island sits in that first tile).
  double sample(double x, double y) const;
  double sample(double x, double y, double z) const;
  // The moisture field: same noise settings with seed = moistureSeed, no terrain steps.
  double moisture(double x, double y) const;
  // Height and its gradient (per sample unit). Analytic for value, gradient and untiled simplex
  // noise (fractals, domain warps by the chain rule, terrain steps); central differences otherwise
  // (cellular, tiled simplex).
  bool hasAnalyticGradient() const;
  double sampleGrad(double x, double y, double* gx, double* gy) const;

  // Batch fills. The grid must pass validateGrid (not checked here). Every float written is
  // (float)sample(x, y) for that sample's coordinates, exactly.
  FillStats fill(const GridSpec& g, float* out) const;
  // The same in doubles: every value is sample(x, y) itself, bit for bit.
  FillStats fill(const GridSpec& g, double* out) const;
  FillStats fillMoisture(const GridSpec& g, float* out) const;
  // The biome view's classification of every sample, as indices into its legend (viewInfos():
  // 0 water, else 1 + Biome); `heights` and `moisture` (optional) receive fill()'s and
  // fillMoisture()'s floats. Returns the heights' statistics.
  FillStats fillBiomes(const GridSpec& g, uint8_t* ids, float* heights, float* moisture = nullptr) const;
  // 1-D profile: the row y = y0, x = x0 + i * step, i in [0, n).
  FillStats fillProfile(double x0, double step, double y0, int n, float* out) const;
  // Height and gradient of every sample (row-major doubles): exactly sampleGrad at each sample,
  // through row fills (analytic, or sampleGrad's central differences of row fills).
  void fillGrad(const GridSpec& g, double* h, double* gx, double* gy) const;
  // RGBA pixels (4 bytes per sample, row-major) for a view; `scratch` (width * height floats)
  // receives the height field, `stats` (optional) its statistics (both exactly as fill() gives
  // them). The biome view's moisture is moisture(x, y), the relief view's gradient sampleGrad's,
  // all read through row fills in one pass over the grid. With a cache, what it already holds for
  // this config and grid is not sampled again (the pixels are the same). With `summary`, also
  // colorSummary(view, g, scratch, rgba, bins), counted row by row as the rows are painted.
  void fillColor(View view, const GridSpec& g, uint8_t* rgba, float* scratch, FillStats* stats,
                 ColorFillCache* cache = nullptr, ColorFillSummary* summary = nullptr, int bins = 0) const;
  // The histogram (bins in [0, kMaxHistogramBins]; 0: none) and the band shares of a colour fill
  // just made with fillColor(view, g, rgba, heights, ..); for the biome view also the biome shares
  // (read back from the pixels, which hold exactly the table colours). One pass, no sampling.
  ColorFillSummary colorSummary(View view, const GridSpec& g, const float* heights, const uint8_t* rgba,
                                int bins) const;
  // Band widths over the samples of a grid (one gradient per sample; see BandWidths).
  BandWidths bandWidths(const GridSpec& g) const;

 private:
  // Tiled axes: the sample coordinate reduced into [0, tile) (fmod: exact), before anything else,
  // so samples a whole number of tiles apart are the same double from the first operation on.
  double tileX(double x) const;
  double tileY(double y) const;
  std::vector<double> columnsOf(const GridSpec& g) const;
  double rowOf(const GridSpec& g, int j) const { return tileY(g.sampleY(j)); }

  FieldConfig config_;
  FieldParams params_, moistureParams_;
  const FieldOps* ops_ = nullptr;    // the configured dimensionality
  const FieldOps* ops3_ = nullptr;   // 3-D variant for sample(x, y, z)
};

// The rift's nebula as a field config (value fbm, 2-level warp, seeds 211/223/227, 4 then 3.5).
FieldConfig nebulaConfig();

// The lane backend every fill of this process runs on: "avx2", "sse2" or "scalar" natively (the
// CPU's best, or the environment's NOISEFIELD_ISA), "wasm" in the wasm build. Every backend gives
// the same values bit for bit.
const char* laneBackend();

// Histogram of n values into `bins` equal bins over [lo, hi] (values outside are clamped in).
std::vector<uint32_t> histogram(const float* values, size_t n, int bins, double lo = 0, double hi = 1);

}  // namespace nf
