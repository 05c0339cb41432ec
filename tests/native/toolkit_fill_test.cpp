// Batch fills of the landscape primitives and validateGrid.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "noise/fbm.h"
#include "noise/grid.h"
#include "noise/landscape_fill.h"
#include "noise/value_noise.h"
#include "toolkit_support.h"

namespace {

double scalarLandscape(nf::LandscapeKind k, double x, double y, uint32_t seed, int octaves) {
  switch (k) {
    case nf::LandscapeKind::Value: return nf::valueNoise(x, y, seed);
    case nf::LandscapeKind::Fbm: return nf::fbm(x, y, seed, octaves);
    case nf::LandscapeKind::Nebula: return nf::nebula(x, y);
  }
  return -1;
}

using nftest::sameBits;

const nf::LandscapeKind kKinds[] = {nf::LandscapeKind::Value, nf::LandscapeKind::Fbm, nf::LandscapeKind::Nebula};

}  // namespace

TEST(ToolkitFill, BatchEqualsOneByOne) {
  const nf::GridSpec grids[] = {
      {67, 41, -3.7, 2.25, 0.173, 0.091, 0, 0},
      {33, 29, 1e6 + 0.3, -5e5, 0.37, -0.5, 5, -7},
      {16, 16, 0, 0, 1, 1, 0, 0},  // integer lattice points
      {20, 10, -2147483648.0 - 3.5, 2147483600.0, 0.75, 1.5, 0, 0},  // crosses the int32 wrap
      {12, 9, 3.0e15, 7.0e15, 1.0, 2.0, 0, 0},  // beyond 2^31
      {8, 8, 0.5, 0.5, 0, 0, 0, 0},              // step 0 is allowed
  };
  for (const auto& g : grids) {
    ASSERT_EQ(nf::validateGrid(g), "");
    for (auto k : kKinds) {
      for (int oct : {1, 3, 4, 16}) {
        if (k != nf::LandscapeKind::Fbm && oct != 3) continue;
        std::vector<float> out(g.samples());
        const nf::FillStats st = nf::fillLandscape(k, g, 42, oct, out.data());
        double mn = 1e9, mx = -1e9, sum = 0;
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i) {
            const float want = static_cast<float>(scalarLandscape(k, g.sampleX(i), g.sampleY(j), 42, oct));
            const float got = out[static_cast<size_t>(j) * g.width + i];
            ASSERT_TRUE(sameBits(want, got)) << "kind " << int(k) << " oct " << oct << " at " << i << "," << j;
            mn = std::fmin(mn, got);
            mx = std::fmax(mx, got);
            sum += got;
          }
        EXPECT_EQ(st.min, mn);
        EXPECT_EQ(st.max, mx);
        EXPECT_DOUBLE_EQ(st.mean, sum / g.samples());
      }
    }
  }
}

TEST(ToolkitFill, OffsetTileEqualsRegion) {
  const nf::GridSpec big{96, 64, -1.25, 3.5, 0.0625, 0.046875, 0, 0};
  for (auto k : kKinds) {
    std::vector<float> all(big.samples());
    nf::fillLandscape(k, big, 7, 4, all.data());
    const nf::GridSpec tile = nftest::tileOf(big, 23, 17, 41, 30);
    std::vector<float> part(tile.samples());
    nf::fillLandscape(k, tile, 7, 4, part.data());
    ASSERT_TRUE(nftest::tileEqualsRegion(part, tile, all, big)) << "kind " << int(k);
  }
}

TEST(ToolkitFill, GoldenThroughBatch) {
  // nebula(0.5, 0.5) and fbm(1.3, 2.7, 211) from docs/scene.md ("Golden values"), through a 1x1 fill.
  float v;
  nf::GridSpec g{1, 1, 0.5, 0.5, 1, 1, 0, 0};
  nf::fillLandscape(nf::LandscapeKind::Nebula, g, 0, 3, &v);
  EXPECT_EQ(v, static_cast<float>(0.56115198519661935));
  g.originX = 1.3;
  g.originY = 2.7;
  nf::fillLandscape(nf::LandscapeKind::Fbm, g, 211, 3, &v);
  EXPECT_EQ(v, static_cast<float>(0.56386351984317051));
  nf::fillLandscape(nf::LandscapeKind::Fbm, g, 211, 4, &v);
  EXPECT_EQ(v, static_cast<float>(0.56134741338136451));
}

TEST(ToolkitFill, ValidateGridMessages) {
  nf::GridSpec g{0, 10, 0, 0, 1, 1, 0, 0};
  EXPECT_EQ(nf::validateGrid(g), "width must be an integer in [1, 16384] (got 0)");
  g.width = 16385;
  EXPECT_EQ(nf::validateGrid(g), "width must be an integer in [1, 16384] (got 16385)");
  g.width = 10;
  g.height = -1;
  EXPECT_EQ(nf::validateGrid(g), "height must be an integer in [1, 16384] (got -1)");
  g.width = 16384;
  g.height = 16384;
  EXPECT_NE(nf::validateGrid(g).find("width * height must be at most 16777216"), std::string::npos);
  g.width = 4096;
  g.height = 4096;
  EXPECT_EQ(nf::validateGrid(g), "");
  g.width = g.height = 4;
  g.stepX = NAN;
  EXPECT_EQ(nf::validateGrid(g), "stepX must be finite (got NaN)");
  g.stepX = 1e308;
  g.originX = 1e308;
  EXPECT_NE(nf::validateGrid(g).find("sample x coordinates must stay finite"), std::string::npos);
  g.stepX = 1;
  g.originX = 0;
  g.originY = INFINITY;
  EXPECT_EQ(nf::validateGrid(g), "y (originY) must be finite (got Infinity)");
  g.originY = 0;
  g.offsetY = (int64_t{1} << 53);
  EXPECT_NE(nf::validateGrid(g).find("offsetY must be an integer"), std::string::npos);
}

TEST(ToolkitFill, LandscapeSeedsKeepTheirTerms) {
  // Fills run on the Field engine, whose fields scramble seeds of 2^26 and up; the landscape's
  // functions do not. Seeds whose octaves cross a multiple of 2^26, and the top of the range.
  const nf::GridSpec g{19, 7, -4.3, 2.6, 0.61, 0.83, 0, 0};
  for (uint32_t seed : {67108863u, 67108864u - 40u, 134217733u, 2147483620u, 4294967295u, 4294967000u}) {
    for (auto k : {nf::LandscapeKind::Value, nf::LandscapeKind::Fbm}) {
      for (int oct : {1, 3, 16}) {
        std::vector<float> out(g.samples());
        nf::fillLandscape(k, g, seed, oct, out.data());
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i)
            ASSERT_TRUE(sameBits(out[static_cast<size_t>(j) * g.width + i],
                                 static_cast<float>(scalarLandscape(k, g.sampleX(i), g.sampleY(j), seed, oct))))
                << "kind " << int(k) << " seed " << seed << " octaves " << oct << " at " << i << "," << j;
      }
    }
  }
}
