// The colour-fill cache (nf::ColorFillCache) changes no pixel: every fill through a cache, in the
// orders the explorer makes them (the five views of one field, a threshold slider, a field slider,
// a preview grid between full ones, more grids than the cache keeps), equals the same fill without
// a cache, pixels, heights and statistics bit for bit.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/schema.h"
#include "toolkit_support.h"

namespace {

using nftest::cfg;

struct Out {
  std::vector<uint8_t> rgba;
  std::vector<float> heights;
  nf::FillStats stats;
};

Out fillOf(const nf::FieldConfig& c, nf::View v, const nf::GridSpec& g, nf::ColorFillCache* cache) {
  Out o;
  o.rgba.assign(static_cast<size_t>(g.samples()) * 4, 7);
  o.heights.assign(static_cast<size_t>(g.samples()), -1.f);
  nf::Field(c).fillColor(v, g, o.rgba.data(), o.heights.data(), &o.stats, cache);
  return o;
}

::testing::AssertionResult same(const Out& a, const Out& b) {
  if (a.rgba != b.rgba) return ::testing::AssertionFailure() << "pixels differ";
  if (a.heights.size() != b.heights.size() ||
      std::memcmp(a.heights.data(), b.heights.data(), a.heights.size() * sizeof(float)) != 0)
    return ::testing::AssertionFailure() << "heights differ";
  if (!nftest::sameBits(a.stats.min, b.stats.min) || !nftest::sameBits(a.stats.max, b.stats.max) ||
      !nftest::sameBits(a.stats.mean, b.stats.mean))
    return ::testing::AssertionFailure() << "statistics differ";
  return ::testing::AssertionSuccess();
}

const nf::View kViews[] = {nf::View::Raw, nf::View::Land, nf::View::Bands, nf::View::Biomes, nf::View::Relief};

// Value fBm (the explorer's default kind), a warped field with terrain, and central differences.
std::vector<nf::FieldConfig> configs() {
  return {cfg({{"scale", "16"}, {"octaves", "4"}}),
          cfg({{"type", "gradient"}, {"octaves", "3"}, {"scale", "9"}, {"warpLevels", "2"}, {"warp", "1.2"},
               {"island", "1"}, {"islandRadius", "30"}, {"terraces", "4"}}),
          cfg({{"type", "cellular"}, {"octaves", "2"}, {"scale", "7"}, {"dimensions", "3"}, {"z", "1.3"}})};
}

TEST(ToolkitColorCache, EveryViewOfOneFieldEqualsAnUncachedFill) {
  const nf::GridSpec g = nftest::grid(37, 23, -11.5, 4.25, 0.75);
  for (const nf::FieldConfig& c : configs()) {
    nf::ColorFillCache cache;
    for (int round = 0; round < 2; ++round)  // the second round repaints from the cache alone
      for (nf::View v : kViews)
        EXPECT_TRUE(same(fillOf(c, v, g, &cache), fillOf(c, v, g, nullptr))) << nf::viewName(v) << " round " << round;
  }
}

TEST(ToolkitColorCache, ThresholdMovesRepaintAndFieldMovesResample) {
  const nf::GridSpec g = nftest::grid(41, 19, 3, -7, 1);
  for (const nf::FieldConfig& base : configs()) {
    nf::ColorFillCache cache;
    nf::FieldConfig c = base;
    for (int step = 0; step < 12; ++step) {
      // Thresholds and moisture cuts move (the t1 / t2 / m1 sliders), then a field parameter.
      c.t1 = 0.30 + 0.01 * (step % 4);
      c.t2 = 0.48 - 0.01 * (step % 3);
      c.m1 = 0.40 + 0.02 * (step % 5);
      if (step % 4 == 3) c.gain = 0.45 + 0.01 * step;
      for (nf::View v : kViews)
        EXPECT_TRUE(same(fillOf(c, v, g, &cache), fillOf(c, v, g, nullptr))) << nf::viewName(v) << " step " << step;
    }
  }
}

TEST(ToolkitColorCache, PreviewGridsAndEvictionNeverMixGrids) {
  const nf::FieldConfig c = configs()[0];
  const nf::GridSpec full = nftest::grid(32, 32, -16, -16, 1), half = nftest::grid(16, 16, -16, -16, 2),
                     moved = nftest::grid(32, 32, -15, -16, 1), negZero = nftest::grid(32, 32, -0.0, 0, 1), zero = nftest::grid(32, 32, 0, 0, 1);
  nf::ColorFillCache cache(2);  // fewer entries than grids: entries are evicted and refilled
  for (int round = 0; round < 3; ++round)
    for (const nf::GridSpec& g : {full, half, moved, full, negZero, zero, half})
      for (nf::View v : {nf::View::Bands, nf::View::Biomes, nf::View::Relief})
        EXPECT_TRUE(same(fillOf(c, v, g, &cache), fillOf(c, v, g, nullptr))) << nf::viewName(v);
}

}  // namespace
