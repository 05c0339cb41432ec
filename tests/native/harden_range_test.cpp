// The coordinate-range contract (README "Determinism and coordinate range"): every finite or
// non-finite coordinate gives a defined value in range, never NaN, and a fill equals the samples
// one by one there too, including where an octave or a warp overflows the double range.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "../support/random_config.h"
#include "noise/fbm.h"
#include "noise/field.h"
#include "noise/landscape_fill.h"
#include "noise/random.h"
#include "toolkit_support.h"

namespace {

using nftest::sameBits;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Finite coordinates where some octave or warp overflows, and the edges around them.
const double kFar[] = {1e308, -1e308, 1.7976931348623157e308, -1.7976931348623157e308, 1e306, 1e300,
                       1e295, 4.4e307, 9e307, 2.5e-308, 0};

nf::GridSpec gridAt(double x, double y, double step = 0.1) { return nftest::grid(3, 2, x, y, step); }

}  // namespace

TEST(CoordinateRange, LandscapePrimitivesAreDefinedWhereOctavesOverflow) {
  // The audit's cases: NaN before, now the non-finite result.
  EXPECT_EQ(nf::fbm(1e308, 0, 0), nf::kNonFiniteResult);
  EXPECT_EQ(nf::nebula(1e308, 0), nf::kNonFiniteResult);
  EXPECT_EQ(nf::fbm(0, -1e308, 7, 16), nf::kNonFiniteResult);
  // One octave of 1e308 is still finite: value noise there is a real lattice value.
  const double v = nf::valueNoise(1e308, 0, 3);
  EXPECT_TRUE(v >= 0 && v < 1);
  for (double x : kFar)
    for (double y : {0.0, 0.5, -1e308}) {
      for (double r : {nf::valueNoise(x, y, 9), nf::fbm(x, y, 9, 16), nf::nebula(x, y)})
        EXPECT_TRUE(r >= 0 && r < 1) << x << "," << y << ": " << r;
    }
  for (double x : {kInf, -kInf, kNaN}) {
    EXPECT_EQ(nf::fbm(x, 0, 0), nf::kNonFiniteResult);
    EXPECT_EQ(nf::nebula(0, x), nf::kNonFiniteResult);
    EXPECT_EQ(nf::valueNoise(x, x, 0), nf::kNonFiniteResult);
  }
}

TEST(CoordinateRange, LandscapeFillEqualsScalarWhereOctavesOverflow) {
  const nf::LandscapeKind kinds[] = {nf::LandscapeKind::Value, nf::LandscapeKind::Fbm, nf::LandscapeKind::Nebula};
  for (double x : kFar)
    for (double y : {0.0, 1e308, -3e307})
      for (nf::LandscapeKind k : kinds) {
        const nf::GridSpec g = gridAt(x, y);
        if (!nf::validateGrid(g).empty()) continue;
        std::vector<float> out(static_cast<size_t>(g.samples()));
        nf::fillLandscape(k, g, 3, 16, out.data());
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i) {
            const double sx = g.sampleX(i), sy = g.sampleY(j);
            const double s = k == nf::LandscapeKind::Value ? nf::valueNoise(sx, sy, 3)
                             : k == nf::LandscapeKind::Fbm ? nf::fbm(sx, sy, 3, 16)
                                                           : nf::nebula(sx, sy);
            EXPECT_TRUE(sameBits(out[static_cast<size_t>(j) * g.width + i], static_cast<float>(s)))
                << static_cast<int>(k) << " at " << sx << "," << sy << ": " << out[j * g.width + i] << " vs " << s;
          }
      }
}

TEST(CoordinateRange, FieldsAreDefinedAndFillsAgreeAtEveryCoordinate) {
  // The audit's configs first, then random ones over the whole schema.
  std::vector<nf::FieldConfig> configs;
  for (const char* q : {"", "sc=0.001", "o=16&l=8", "t=gradient&o=16&l=8&wl=2&w=32", "t=simplex&d=3&o=9",
                        "t=cellular&cr=cell&o=4", "t=simplex&px=4&py=3", "is=1&re=3&te=4",
                        "t=cellular&cd=chebyshev&o=2", "t=cellular&cd=chebyshev&d=3&o=3"}) {
    nf::FieldConfig c;
    EXPECT_EQ(nf::fromQuery(q, c), "") << q;
    configs.push_back(c);
  }
  nf::Mulberry32 rng(2026);
  for (int k = 0; k < 120; ++k) configs.push_back(nftest::randomConfig([&] { return rng.next(); }));

  const double coords[] = {1e308, -1e308, 1e306, 1e295, -4e300, 3.1e9, 0.25, kInf, -kInf, kNaN};
  for (const nf::FieldConfig& c : configs) {
    const nf::Field f(c);
    const std::string q = nf::toQuery(c);
    for (double x : coords)
      for (double y : {0.0, 1e308, -2e305}) {
        const double s = f.sample(x, y);
        ASSERT_TRUE(s >= 0 && s <= 1) << q << " at " << x << "," << y << ": " << s;
        const double s3 = f.sample(x, y, 1e308);
        ASSERT_TRUE(s3 >= 0 && s3 <= 1) << q << " at z=1e308: " << s3;
        double gx, gy;
        const double h = f.sampleGrad(x, y, &gx, &gy);
        ASSERT_TRUE(sameBits(h, s) && std::isfinite(gx) && std::isfinite(gy)) << q << " gradient at " << x << "," << y;
        if (!std::isfinite(x)) continue;  // a grid's coordinates are finite by validation
        const nf::GridSpec g = gridAt(x, y, x == 0.25 ? 0.1 : x * 1e-3);
        if (!nf::validateGrid(g).empty()) continue;
        std::vector<float> out(static_cast<size_t>(g.samples()));
        f.fill(g, out.data());
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i)
            ASSERT_TRUE(sameBits(out[static_cast<size_t>(j) * g.width + i],
                                 static_cast<float>(f.sample(g.sampleX(i), g.sampleY(j)))))
                << q << " fill at " << g.sampleX(i) << "," << g.sampleY(j);
      }
  }
}

// The fuzzer's find: the cellular search passes over the NaN distances of an overflowed octave
// and a Chebyshev max drops one, so every mode ended in a finite value (Chebyshev F2 and F2-F1 in
// a different one in a fill). Every distance and return mode, 2-D and 3-D: a sample whose third
// octave overflows (|x| 2.03^2 > DBL_MAX) is 0, and a row whose columns straddle that edge equals
// its samples lane by lane.
TEST(CoordinateRange, AnOverflowedCellularOctaveGivesZeroForEveryDistanceAndReturn) {
  const double edge = std::numeric_limits<double>::max() / (2.03 * 2.03);
  for (const char* cd : {"euclidean", "manhattan", "chebyshev"})
    for (const char* cr : {"f1", "f2", "f2-f1", "cell"})
      for (const char* d : {"2", "3"}) {
        const std::string q = std::string("t=cellular&o=3&d=") + d + "&cd=" + cd + "&cr=" + cr;
        nf::FieldConfig c;
        ASSERT_EQ(nf::fromQuery(q, c), "") << q;
        const nf::Field f(c);
        EXPECT_EQ(f.sample(-8.3977235549973462e307, -6878.5079999623003), nf::kNonFiniteResult) << q;
        EXPECT_EQ(f.sample(-6878.5079999623003, -8.3977235549973462e307), nf::kNonFiniteResult) << q;
        nf::GridSpec g = nftest::grid(9, 2, edge * 0.99, 0.5, edge * 0.005);
        std::vector<float> out(static_cast<size_t>(g.samples()));
        f.fill(g, out.data());
        int overflowed = 0;
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i) {
            const double x = g.sampleX(i), s = f.sample(x, g.sampleY(j));
            if (x > edge) {
              EXPECT_EQ(s, nf::kNonFiniteResult) << q << " at " << x;
              ++overflowed;
            }
            EXPECT_TRUE(sameBits(out[static_cast<size_t>(j) * g.width + i], static_cast<float>(s)))
                << q << " fill at " << x << ": " << out[static_cast<size_t>(j) * g.width + i] << " vs " << s;
          }
        EXPECT_GT(overflowed, 0);
        EXPECT_LT(overflowed, g.samples());
      }
}

TEST(CoordinateRange, ColourFillsNeverSeeNaN) {
  nf::FieldConfig c;
  ASSERT_EQ(nf::fromQuery("o=16&l=8", c), "");
  const nf::Field f(c);
  const nf::GridSpec g = gridAt(1e295, 0, 1e292);
  std::vector<uint8_t> rgba(static_cast<size_t>(g.samples()) * 4);
  std::vector<float> heights(static_cast<size_t>(g.samples()));
  for (nf::View v : {nf::View::Raw, nf::View::Land, nf::View::Bands, nf::View::Biomes, nf::View::Relief}) {
    nf::FillStats st;
    f.fillColor(v, g, rgba.data(), heights.data(), &st);
    EXPECT_TRUE(std::isfinite(st.mean) && st.min >= 0 && st.max <= 1) << nf::viewName(v);
  }
}

TEST(Histogram, ATinyRangeNeverIndexesOutsideTheBins) {
  // hi - lo = 1e-300: (v - lo) * bins / (hi - lo) is far beyond INT_MAX (UB in the cast before).
  const float vals[4] = {0.0f, 0.5f, 1.0f, -1.0f};
  const std::vector<uint32_t> h = nf::histogram(vals, 4, 16, 0.0, 1e-300);
  ASSERT_EQ(h.size(), 16u);
  EXPECT_EQ(h[0], 2u);   // 0 and the value below lo
  EXPECT_EQ(h[15], 2u);  // everything above hi goes to the last bin
}
