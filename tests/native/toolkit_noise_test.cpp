// The noise toolkit: every type, fractal, warp, tiling, derivatives, terrain steps and the schema.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/field.h"
#include "noise/kernels.h"
#include "noise/landscape_fill.h"
#include "noise/schema.h"
#include "noise/terrain.h"
#include "noise/value_noise.h"
#include "toolkit_support.h"

namespace {

using nftest::cfg;
using nftest::sameBits;

struct Named {
  const char* name;
  nf::FieldConfig c;
};

// One config per type/variant, single octave and fBm-4, used by the generic property tests.
std::vector<Named> allTypes() {
  std::vector<Named> r;
  for (const nf::TypeCaps& t : nf::kTypeCaps) {
    r.push_back({t.name, cfg({{"type", t.name}, {"fractal", "none"}})});
    r.push_back({t.name, cfg({{"type", t.name}, {"fractal", "fbm"}, {"octaves", "4"}})});
    // (3-D cellular fBm is slow at these grid sizes; ToolkitProperties covers 3-D cellular.)
    if (t.dims3 && t.type != nf::NoiseType::Cellular)
      r.push_back({t.name, cfg({{"type", t.name}, {"dimensions", "3"}, {"z", "0.37"}})});
  }
  r.push_back({"value-quintic-tutorial", cfg({{"fade", "quintic"}, {"hash", "tutorial"}})});
  r.push_back({"value-linear", cfg({{"fade", "linear"}})});
  r.push_back({"gradient-2002", cfg({{"type", "gradient"}, {"fade", "quintic"}, {"fractal", "ridged"}})});
  r.push_back({"simplex-billow", cfg({{"type", "simplex"}, {"fractal", "billow"}, {"octaves", "5"}})});
  for (const char* d : {"euclidean", "manhattan", "chebyshev"})
    for (const char* ret : {"f1", "f2", "f2-f1", "cell"})
      r.push_back({"cellular", cfg({{"type", "cellular"}, {"fractal", "none"}, {"cellDistance", d}, {"cellReturn", ret}})});
  r.push_back({"warp1", cfg({{"warpLevels", "1"}, {"warp", "1.5"}})});
  // Warped fills hoist the first warp as row fills: every kernel, 3-D, tiling and terrain under it.
  r.push_back({"warp2-cellular", cfg({{"type", "cellular"}, {"warpLevels", "2"}, {"warp", "0.8"}, {"cellReturn", "f2-f1"}})});
  r.push_back({"warp2-simplex-3d", cfg({{"type", "simplex"}, {"dimensions", "3"}, {"z", "0.37"}, {"warpLevels", "2"},
                                        {"warpSeedY", "99"}, {"warp2SeedY", "7"}})});
  r.push_back({"warp1-gradient-tiled-terrain", cfg({{"type", "gradient"}, {"fractal", "ridged"}, {"warpLevels", "1"},
                                                    {"periodX", "4"}, {"periodY", "3"}, {"scale", "8"}, {"island", "true"},
                                                    {"islandRadius", "400"}, {"terraces", "4"}})});
  r.push_back({"warp1-value-single", cfg({{"fractal", "none"}, {"warpLevels", "1"}, {"warp", "2"}, {"warpSeedX", "5"},
                                          {"warpSeedY", "5"}})});
  r.push_back({"nebula", nf::nebulaConfig()});
  r.push_back({"tiled", cfg({{"type", "gradient"}, {"periodX", "4"}, {"periodY", "3"}, {"scale", "8"}})});
  // Tiled simplex: 4-D torus (both periods), 3-D cylinder (one period), and with z (4-D, drift).
  r.push_back({"simplex-torus", cfg({{"type", "simplex"}, {"periodX", "4"}, {"periodY", "3"}, {"scale", "8"}})});
  r.push_back({"simplex-torus-1oct", cfg({{"type", "simplex"}, {"fractal", "none"}, {"periodX", "6"}, {"periodY", "5"}})});
  r.push_back({"simplex-cylinder-x", cfg({{"type", "simplex"}, {"fractal", "none"}, {"periodX", "5"}, {"scale", "2"}})});
  r.push_back({"simplex-cylinder-y-3d", cfg({{"type", "simplex"}, {"periodY", "7"}, {"dimensions", "3"}, {"z", "0.37"}})});
  r.push_back({"simplex-torus-3d", cfg({{"type", "simplex"}, {"fractal", "ridged"}, {"periodX", "3"}, {"periodY", "3"},
                                        {"dimensions", "3"}, {"z", "-1.3"}, {"scale", "4"}})});
  r.push_back({"terrain", cfg({{"island", "true"}, {"islandX", "-18"}, {"islandY", "28"}, {"islandRadius", "20"}, {"redistribution", "1.7"}, {"terraces", "6"},
                               {"terraceSmooth", "0.3"}})});
  return r;
}

}  // namespace

TEST(ToolkitFade, SeedTable) {
  // The t / s(t) / q(t) table of the interpolation seed (3 decimals).
  const double t[] = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1};
  const double s[] = {0, 0.028, 0.156, 0.5, 0.844, 0.972, 1};
  const double q[] = {0, 0.009, 0.104, 0.5, 0.896, 0.991, 1};
  for (int i = 0; i < 7; ++i) {
    EXPECT_NEAR(nf::tk::fade<nf::FadeKind::Linear>(t[i]), t[i], 0);
    EXPECT_NEAR(nf::tk::fade<nf::FadeKind::Cubic>(t[i]), s[i], 5e-4);
    EXPECT_NEAR(nf::tk::fade<nf::FadeKind::Quintic>(t[i]), q[i], 5e-4);
  }
  EXPECT_EQ(nf::tk::fade<nf::FadeKind::Cubic>(0.25), 0.15625);
  EXPECT_EQ(nf::tk::fade<nf::FadeKind::Cubic>(0.75), 0.84375);
}

TEST(ToolkitFade, WorkedExamples) {
  auto bilerp = [](double v00, double v10, double v01, double v11, double tx, double ty) {
    return nf::lerp(nf::lerp(v00, v10, tx), nf::lerp(v01, v11, tx), ty);
  };
  EXPECT_DOUBLE_EQ(bilerp(0.2, 0.8, 0.5, 0.1, 0.25, 0.5), 0.375);
  EXPECT_DOUBLE_EQ(bilerp(0.2, 0.8, 0.5, 0.1, nf::smoothstep(0.25), nf::smoothstep(0.5)), 0.365625);
  const double f = bilerp(0.2, 0.9, 0.6, 0.4, nf::smoothstep(0.25), nf::smoothstep(0.75));
  EXPECT_NEAR(f, 0.528, 5e-4);
  // The landscape's expanded form gives the same value.
  const double a = 0.2, b = 0.9, c = 0.6, d = 0.4, u = 0.15625, v = 0.84375;
  EXPECT_NEAR(a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v, f, 1e-15);
}

// The landscape's functions are the Field engine's default configuration (and nebulaConfig())
// on the landscape's seeds (seed * multiplier, fillLandscape: what NoiseGrid fills), for every
// seed, octave seeds that cross 2^26 included. A Field finalises its seeds (tk::seedTerm), so the
// same configuration as a Field is another field.
TEST(ToolkitBitExact, LandscapeFunctionsAreTheDefaultsOnLandscapeSeeds) {
  const nf::FieldConfig d;
  EXPECT_EQ(nf::toQuery(d), "");
  const nf::GridSpec g = nftest::grid(23, 5, -431.7, 208.3, 37.1, 41.3);
  std::vector<uint32_t> seeds = {0u, 42u, 211u, 1u << 26, 1u << 31, 0xFFFFFFFFu, 0xFFFFFFFFu - 40u};
  for (uint32_t s = (1u << 26) - 40u; s < (1u << 26); ++s) seeds.push_back(s);  // octave seeds crossing 2^26
  for (uint32_t seed : seeds)
    for (int oct : {1, 3, 5}) {
      std::vector<float> fbm(g.samples()), value(g.samples());
      nf::fillLandscape(nf::LandscapeKind::Fbm, g, seed, oct, fbm.data());
      nf::fillLandscape(nf::LandscapeKind::Value, g, seed, oct, value.data());
      for (int j = 0; j < g.height; ++j)
        for (int i = 0; i < g.width; ++i) {
          const size_t k = static_cast<size_t>(j) * g.width + i;
          const double x = g.sampleX(i), y = g.sampleY(j);
          ASSERT_TRUE(sameBits(fbm[k], static_cast<float>(nf::fbm(x, y, seed, oct)))) << seed << " " << oct;
          ASSERT_TRUE(sameBits(value[k], static_cast<float>(nf::valueNoise(x, y, seed)))) << seed;
        }
    }
  // nf::fbm and nf::hash keep seed * 144269504 (2^6 x odd), so they repeat every 2^26 seeds.
  for (uint32_t seed : {0u, 7u, (1u << 26) - 1u})
    for (double x : {0.3, -17.9, 1234.5}) {
      EXPECT_EQ(nf::fbm(x, 2.1, seed), nf::fbm(x, 2.1, seed + (1u << 26)));
      EXPECT_EQ(nf::hash(static_cast<int32_t>(x), 5, static_cast<int32_t>(seed)),
                nf::hash(static_cast<int32_t>(x), 5, static_cast<int32_t>(seed + (3u << 26))));
    }
  // A Field of the same configuration and seed is its own field.
  for (uint32_t seed : {0u, 211u}) {
    nf::FieldConfig c;
    ASSERT_EQ(c.set("seed", seed), "");
    const nf::Field f(c);
    int same = 0;
    for (int k = 0; k < 200; ++k) same += f.sample(k * 1.37, k * -0.71) == nf::fbm(k * 1.37, k * -0.71, seed);
    EXPECT_LT(same, 4) << seed;
  }
  EXPECT_EQ(nf::fbm(1.3, 2.7, 211), 0.56386351984317051);
  EXPECT_EQ(nf::fbm(1.3, 2.7, 211, 4), 0.56134741338136451);
}

TEST(ToolkitBitExact, NebulaIsAWarpConfig) {
  // nebulaConfig() on the landscape's seeds is nf::nebula (fillLandscape; floats as every fill).
  const nf::GridSpec g = nftest::grid(40, 30, -50, -37, 2.53, 2.47);
  std::vector<float> out(g.samples());
  nf::fillLandscape(nf::LandscapeKind::Nebula, g, 0, 3, out.data());
  for (int j = 0; j < g.height; ++j)
    for (int i = 0; i < g.width; ++i)
      ASSERT_TRUE(sameBits(out[static_cast<size_t>(j) * g.width + i],
                           static_cast<float>(nf::nebula(g.sampleX(i), g.sampleY(j)))));
  EXPECT_EQ(nf::nebula(0.5, 0.5), 0.56115198519661935);
  EXPECT_FALSE(nf::nebulaConfig().warpCentred);
}

TEST(ToolkitBitExact, Value3DAtZeroIs2D) {
  nf::FieldConfig c3;
  c3.set("dimensions", 3);
  const nf::Field f2{nf::FieldConfig()}, f3(c3);
  for (int k = 0; k < 500; ++k) {
    const double x = k * 0.137 - 30, y = k * 0.0917 + 3;
    ASSERT_EQ(f3.sample(x, y), f2.sample(x, y));
    ASSERT_EQ(f2.sample(x, y, 0.0), f2.sample(x, y));
  }
}

TEST(ToolkitTypes, RangeDeterminismSeedSensitivityContinuity) {
  for (const Named& n : allTypes()) {
    const nf::Field f(n.c);
    nf::GridSpec g{512, 512, -37.3, 11.1, 0.0731, 0.0677, 0, 0};
    std::vector<float> out(g.samples());
    const nf::FillStats st = f.fill(g, out.data());
    std::printf("[range] %-24s %-40s min %.6f max %.6f mean %.4f\n", n.name, nf::toQuery(n.c).c_str(), st.min, st.max,
                st.mean);
    EXPECT_GE(st.min, 0.0) << n.name;
    EXPECT_LE(st.max, 1.0) << n.name;
    EXPECT_LT(st.min, st.max) << n.name;
    // determinism: a second field from the same config
    const nf::Field f2(n.c);
    std::vector<float> out2(g.samples());
    f2.fill(g, out2.data());
    EXPECT_EQ(std::memcmp(out.data(), out2.data(), out.size() * sizeof(float)), 0) << n.name;
    // seed sensitivity
    nf::FieldConfig other = n.c;
    other.set("seed", n.c.seed + 1);
    other.set("warpSeedX", n.c.warpSeedX + 1);
    other.set("warp2SeedX", n.c.warp2SeedX + 1);
    const nf::Field f3(other);
    int differ = 0;
    for (int k = 0; k < 200; ++k) {
      const double x = -37 + k * 0.181, y = 11 + k * 0.17;  // inside the grid (and the island)
      differ += f3.sample(x, y) != f.sample(x, y);
    }
    // A terraced field has a handful of levels, so two seeds' fields share a level by chance at
    // many points (about 70 % for the four-level gradient one here).
    EXPECT_GT(differ, n.c.terraces > 0 ? 45 : 150) << n.name;
    // continuity (not for cell value / terraces, which are step functions by design)
    if (n.c.type == nf::NoiseType::Cellular && n.c.cellReturn == nf::CellReturn::CellValue) continue;
    if (n.c.terraces > 0) continue;
    double worst = 0;
    for (int k = 0; k < 3000; ++k) {
      const double x = k * 0.0173 - 9, y = k * 0.0291 + 4;
      const double s = n.c.scale;
      worst = std::fmax(worst, std::fabs(f.sample(x + 1e-4 * s, y) - f.sample(x, y)));
      worst = std::fmax(worst, std::fabs(f.sample(x, y + 1e-4 * s) - f.sample(x, y)));
    }
    // 1e-3 per 1e-4 lattice cells; warps multiply the slope (chain rule) and billow/ridged fold
    // 5 octaves, so they get 1e-2.
    const bool steep = n.c.warpLevels > 0 || n.c.fractal == nf::FractalKind::Billow;
    EXPECT_LT(worst, steep ? 1e-2 : 1e-3) << n.name;
  }
}

TEST(ToolkitFill, EveryTypeBatchAndTile) {
  for (const Named& n : allTypes()) {
    const nf::Field f(n.c);
    const nf::GridSpec big{48, 40, -3.3, 7.7, 0.173, 0.119, 0, 0};
    std::vector<float> all(big.samples());
    f.fill(big, all.data());
    for (int j = 0; j < big.height; ++j)
      for (int i = 0; i < big.width; ++i)
        ASSERT_TRUE(sameBits(all[j * big.width + i], static_cast<float>(f.sample(big.sampleX(i), big.sampleY(j)))))
            << n.name;
    const nf::GridSpec tile = nftest::tileOf(big, 13, 11, 29, 21);
    std::vector<float> part(tile.samples());
    f.fill(tile, part.data());
    ASSERT_TRUE(nftest::tileEqualsRegion(part, tile, all, big)) << n.name;
    // profile = one row of the 2-D fill
    std::vector<float> prof(big.width);
    nf::GridSpec row = big;
    row.height = 1;
    row.offsetY = 5;
    f.fill(row, prof.data());
    for (int i = 0; i < big.width; ++i) ASSERT_TRUE(sameBits(prof[i], all[5 * big.width + i]));
    f.fillProfile(big.originX, big.stepX, big.sampleY(5), big.width, prof.data());
    for (int i = 0; i < big.width; ++i) ASSERT_TRUE(sameBits(prof[i], all[5 * big.width + i]));
  }
}

TEST(ToolkitGradient, HalfAtLatticePoints) {
  for (const char* fade : {"cubic", "quintic"}) {
    const nf::Field f(cfg({{"type", "gradient"}, {"fade", fade}, {"fractal", "none"}, {"seed", "9"}}));
    nf::FieldConfig c3 = f.config();
    c3.set("dimensions", 3);
    const nf::Field f3(c3);
    for (int j = -20; j <= 20; ++j)
      for (int i = -20; i <= 20; ++i) {
        ASSERT_EQ(f.sample(i, j), 0.5);
        ASSERT_EQ(f3.sample(i, j, (i + j) % 5), 0.5);
      }
  }
}

TEST(ToolkitFade, SmoothstepRemovesCrease) {
  // Slope of value noise just left and right of the lattice line x = 3, averaged over y.
  auto jump = [](const char* fade) {
    const nf::Field f(cfg({{"fade", fade}, {"fractal", "none"}, {"seed", "3"}}));
    const double h = 1e-6;
    double worst = 0;
    for (int k = 0; k < 50; ++k) {
      const double y = 0.013 + k * 0.097;
      const double left = (f.sample(3, y) - f.sample(3 - h, y)) / h;
      const double right = (f.sample(3 + h, y) - f.sample(3, y)) / h;
      worst = std::fmax(worst, std::fabs(right - left));
    }
    return worst;
  };
  const double lin = jump("linear"), cub = jump("cubic"), qui = jump("quintic");
  std::printf("[crease] slope jump at a lattice line: linear %.4g cubic %.4g quintic %.4g\n", lin, cub, qui);
  EXPECT_GT(lin, 0.1);
  EXPECT_LT(cub, 1e-3);
  EXPECT_LT(qui, 1e-3);
}

TEST(ToolkitGradient, AnalyticDerivativesMatchCentralDifferences) {
  const std::vector<nf::FieldConfig> cs = {
      cfg({{"fractal", "none"}}),
      cfg({{"fade", "quintic"}, {"octaves", "5"}}),
      cfg({{"type", "gradient"}, {"fractal", "none"}}),
      cfg({{"type", "gradient"}, {"fade", "quintic"}, {"fractal", "fbm"}, {"octaves", "4"}, {"scale", "8"}}),
      cfg({{"type", "gradient"}, {"fractal", "ridged"}, {"octaves", "3"}}),
      cfg({{"type", "value"}, {"dimensions", "3"}, {"z", "1.3"}}),
      cfg({{"type", "gradient"}, {"dimensions", "3"}, {"z", "-2.6"}, {"fractal", "billow"}}),
      cfg({{"island", "true"}, {"islandRadius", "5"}, {"redistribution", "2"}, {"scale", "2"}}),
      // Through the warp, by the chain rule: one level, two levels, shared and separate seeds, 3-D.
      cfg({{"warpLevels", "1"}, {"warp", "1.5"}, {"scale", "4"}}),
      cfg({{"type", "gradient"}, {"warpLevels", "2"}, {"warp", "0.8"}, {"warp2", "1.3"}, {"warpSeedY", "31"},
           {"warp2SeedY", "37"}, {"scale", "6"}, {"octaves", "4"}}),
      nf::nebulaConfig(),
      // Simplex (untiled): t^4 falloff per corner, differentiated per corner.
      cfg({{"type", "simplex"}, {"fractal", "none"}, {"scale", "3"}}),
      cfg({{"type", "simplex"}, {"octaves", "4"}, {"scale", "7"}}),
      cfg({{"type", "simplex"}, {"dimensions", "3"}, {"z", "0.8"}, {"octaves", "3"}, {"scale", "5"}}),
      cfg({{"type", "simplex"}, {"warpLevels", "2"}, {"warp", "0.6"}, {"scale", "6"}, {"island", "true"},
           {"islandRadius", "30"}}),
      cfg({{"type", "value"}, {"fade", "quintic"}, {"dimensions", "3"}, {"z", "0.4"}, {"warpLevels", "2"},
           {"island", "true"}, {"islandRadius", "40"}, {"redistribution", "1.5"}, {"scale", "5"}}),
  };
  for (const auto& c : cs) {
    const nf::Field f(c);
    ASSERT_TRUE(f.hasAnalyticGradient());
    const double e = 1e-6 * c.scale;
    int checked = 0;
    for (int k = 0; k < 400; ++k) {
      const double x = k * 0.0731 - 7.1, y = k * 0.0453 + 2.2;
      double gx, gy;
      f.sampleGrad(x, y, &gx, &gy);
      const double cx = (f.sample(x + e, y) - f.sample(x - e, y)) / (2 * e);
      const double cy = (f.sample(x, y + e) - f.sample(x, y - e)) / (2 * e);
      const double tol = 1e-4 * (1 + std::fabs(cx) + std::fabs(cy)) / c.scale;
      // ridged/billow have kinks where an octave crosses 0.5; skip points near them
      if (std::fabs(gx - cx) > tol * 100 && c.fractal != nf::FractalKind::Fbm && c.fractal != nf::FractalKind::None) continue;
      EXPECT_NEAR(gx, cx, tol) << nf::toQuery(c) << " at " << x << "," << y;
      EXPECT_NEAR(gy, cy, tol) << nf::toQuery(c) << " at " << x << "," << y;
      ++checked;
    }
    EXPECT_GT(checked, 300) << nf::toQuery(c);
  }
}

namespace {

// Checks f(x + px, y) == f(x, y) (if px > 0) and f(x, y + py) == f(x, y) (if py > 0) bit for bit,
// px, py in sample units, on a fill one period (plus one sample) wide and high and on samples.
void expectTiles(const nf::FieldConfig& c, double px, double py) {
  const std::string name = nf::toQuery(c);
  const nf::Field f(c);
  // A px x py fill tiles the plane: column px of a wider fill equals column 0, row py row 0.
  const int w = px > 0 ? static_cast<int>(px) + 1 : 17, h = py > 0 ? static_cast<int>(py) + 1 : 13;
  const nf::GridSpec g{w, h, 0, 0, 1, 1, 0, 0};
  std::vector<float> out(g.samples());
  f.fill(g, out.data());
  for (int j = 0; px > 0 && j < g.height; ++j) ASSERT_EQ(out[j * g.width + 0], out[j * g.width + g.width - 1]) << name;
  for (int i = 0; py > 0 && i < g.width; ++i) ASSERT_EQ(out[i], out[(g.height - 1) * g.width + i]) << name;
  for (int k = 0; k < 300; ++k) {
    const double x = k * 0.375 - 40, y = k * 0.625 + 3;
    // (a zero period adds 0: those checks are then trivially true)
    ASSERT_EQ(f.sample(x + px, y), f.sample(x, y)) << name;
    ASSERT_EQ(f.sample(x, y + py), f.sample(x, y)) << name;
    ASSERT_EQ(f.sample(x - 2 * px, y + 3 * py), f.sample(x, y)) << name;
    ASSERT_EQ(f.sample(x + px, y - py, c.z + 0.25), f.sample(x, y, c.z + 0.25)) << name;
  }
}

}  // namespace

TEST(ToolkitTiling, EdgesContinue) {
  for (const char* t : nftest::typeNames(&nf::TypeCaps::tileable)) {
    for (const char* fr : {"none", "fbm"}) {
      nf::FieldConfig c = cfg({{"type", t}, {"fractal", fr}, {"octaves", "4"}, {"periodX", "5"}, {"periodY", "3"},
                               {"scale", "16"}, {"seed", "77"}});
      expectTiles(c, 5 * 16, 3 * 16);  // periods in sample units
    }
  }
}

TEST(ToolkitTiling, SimplexVariants) {
  // One axis tiled (3-D simplex on a cylinder), 3-D fields (4-D simplex), and a lacunarity that
  // tiling rounds (2.6 -> 3: octave i has period 4 * 3^i lattice cells).
  expectTiles(cfg({{"type", "simplex"}, {"periodX", "6"}, {"scale", "8"}, {"seed", "5"}}), 48, 0);
  expectTiles(cfg({{"type", "simplex"}, {"periodY", "2"}, {"scale", "16"}, {"fractal", "billow"}}), 0, 32);
  expectTiles(cfg({{"type", "simplex"}, {"periodX", "3"}, {"dimensions", "3"}, {"z", "0.7"}, {"scale", "8"}}), 24, 0);
  expectTiles(cfg({{"type", "simplex"}, {"periodX", "4"}, {"periodY", "2"}, {"dimensions", "3"}, {"z", "-2.5"},
                   {"scale", "8"}, {"octaves", "5"}}),
              32, 16);
  expectTiles(cfg({{"type", "simplex"}, {"periodX", "4"}, {"periodY", "4"}, {"lacunarity", "2.6"}, {"scale", "8"},
                   {"octaves", "3"}}),
              32, 32);
  // The untiled axis of a one-period field does not repeat with the other axis's period.
  const nf::Field f(cfg({{"type", "simplex"}, {"periodX", "6"}, {"scale", "8"}}));
  int same = 0;
  for (int k = 0; k < 50; ++k) same += f.sample(k * 0.7, k * 0.3 + 48) == f.sample(k * 0.7, k * 0.3);
  EXPECT_LT(same, 5);
  // With both periods and a z, the field still moves with z (the torus drifts in 4-D).
  const nf::Field a(cfg({{"type", "simplex"}, {"periodX", "4"}, {"periodY", "4"}, {"dimensions", "3"}, {"z", "0"}}));
  int moved = 0;
  for (int k = 0; k < 50; ++k) moved += a.sample(k * 0.7, k * 0.3, 0.5) != a.sample(k * 0.7, k * 0.3, 0);
  EXPECT_GT(moved, 45);
}

TEST(ToolkitTiling, SimplexTorusRangeAndFeatureSize) {
  // Range of one octave of 4-D simplex on tori over many periods and seeds (kSimplexScale4 = 62
  // against a hill-climbed max |raw| of 0.015929: at most 0.5 + 31 * 0.015929 = 0.99381).
  double lo = 1, hi = 0;
  for (int seed = 0; seed < 8; ++seed) {
    const int p = 64 + 97 * seed;  // large periods: the torus sweeps a wide part of 4-D space
    nf::FieldConfig c = cfg({{"type", "simplex"}, {"fractal", "none"}, {"scale", "1"}});
    c.set("seed", seed * 1000003);
    c.set("periodX", p);
    c.set("periodY", p + 13);
    ASSERT_EQ(c.validate(), "");
    const nf::Field f(c);
    const nf::GridSpec g{384, 384, 0, 0, p / 384.0 * 2.5, (p + 13) / 384.0 * 2.5, 0, 0};
    std::vector<float> out(g.samples());
    const nf::FillStats st = f.fill(g, out.data());
    lo = std::fmin(lo, st.min);
    hi = std::fmax(hi, st.max);
  }
  std::printf("[range] simplex 4-D torus, 1 octave, 8 x 384^2 samples: min %.6f max %.6f\n", lo, hi);
  EXPECT_GT(lo, 1 - 0.99381 - 1e-6);
  EXPECT_LT(hi, 0.99381 + 1e-6);
  EXPECT_LT(lo, 0.1);
  EXPECT_GT(hi, 0.9);
  // Feature size: the circles have circumference P, so one lattice unit is one unit of arc and
  // the torus field crosses 0.5 about as often per lattice unit as the untiled 2-D field (its
  // contrast is lower, as 4-D noise normalised by its maximum is: std 0.13 against 0.27).
  auto crossingsPerUnit = [](const nf::FieldConfig& c, bool alongY) {
    const nf::Field f(c);
    long crossings = 0;
    const double step = 0.05;
    for (int line = 0; line < 40; ++line) {
      double prev = 0;
      for (int i = 0; i < 4000; ++i) {
        const double u = i * step, v = line * 1.37 + 0.11;
        const double d = (alongY ? f.sample(v, u) : f.sample(u, v)) - 0.5;
        crossings += i > 0 && d * prev < 0;
        prev = d;
      }
    }
    return crossings / (40 * 4000 * step);
  };
  const nf::FieldConfig flat = cfg({{"type", "simplex"}, {"fractal", "none"}});
  const nf::FieldConfig torus = cfg({{"type", "simplex"}, {"fractal", "none"}, {"periodX", "200"}, {"periodY", "200"}});
  const double cf = crossingsPerUnit(flat, false), cx = crossingsPerUnit(torus, false), cy = crossingsPerUnit(torus, true);
  std::printf("[features] simplex crossings of 0.5 per lattice unit: plane %.3f, torus along x %.3f, along y %.3f\n",
              cf, cx, cy);
  EXPECT_NEAR(cx / cf, 1, 0.25);
  EXPECT_NEAR(cy / cf, 1, 0.25);
}

TEST(ToolkitTiling, SinCosTurns) {
  // Polynomial sin / cos of the torus map: exact at quarter turns, within 1e-15 of libm elsewhere.
  const double q[5][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {0, 1}};
  for (int k = 0; k <= 4; ++k) {
    double s, c;
    nf::tk::sinCosTurns(k * 0.25, &s, &c);
    EXPECT_EQ(s, q[k][0]);
    EXPECT_EQ(c, q[k][1]);
  }
  double worst = 0;
  for (int i = 0; i <= 100000; ++i) {
    const double t = i / 100000.0, a = 6.283185307179586477 * t;
    double s, c;
    nf::tk::sinCosTurns(t, &s, &c);
    worst = std::fmax(worst, std::fmax(std::fabs(s - std::sin(a)), std::fabs(c - std::cos(a))));
  }
  EXPECT_LT(worst, 1e-15);
}

TEST(ToolkitTerrain, BandsRow) {
  const double F[] = {0.21, 0.30, 0.38, 0.47, 0.61, 0.72, 0.66, 0.52};
  const char* want[] = {"water", "water", "sand", "grass", "grass", "rock", "grass", "grass"};
  const nf::FieldConfig d;
  for (int i = 0; i < 8; ++i) EXPECT_STREQ(nf::bandName(nf::bandOf(F[i], d.t1, d.t2, d.t3)), want[i]);
  EXPECT_EQ(d.t1, 0.35);
  EXPECT_EQ(d.t2, 0.45);
  EXPECT_EQ(d.t3, 0.70);
  EXPECT_STREQ(nf::bandName(nf::bandOf(0.35, d.t1, d.t2, d.t3)), "sand");  // t1 <= F < t2
  EXPECT_STREQ(nf::bandName(nf::bandOf(0.70, d.t1, d.t2, d.t3)), "rock");
}

TEST(ToolkitTerrain, BiomeTable) {
  const char* table[3][3] = {{"desert", "grassland", "swamp"}, {"scrub", "forest", "rainforest"}, {"bare rock", "tundra", "snow"}};
  for (int h = 0; h < 3; ++h)
    for (int m = 0; m < 3; ++m) EXPECT_STREQ(nf::biomeName(nf::biomeOf(h, m)), table[h][m]);
  const nf::FieldConfig d;
  EXPECT_NE(d.seed, d.moistureSeed);
  EXPECT_STREQ(nf::biomeName(nf::biomeOf(0.40, 0.30, d.t2, d.t3, d.m1, d.m2)), "desert");
  EXPECT_STREQ(nf::biomeName(nf::biomeOf(0.60, 0.50, d.t2, d.t3, d.m1, d.m2)), "forest");
  EXPECT_STREQ(nf::biomeName(nf::biomeOf(0.80, 0.90, d.t2, d.t3, d.m1, d.m2)), "snow");
  // Different seeds give moisture independent of height; equal seeds give moisture == height.
  const nf::Field f{d};
  nf::FieldConfig same = d;
  same.set("moistureSeed", d.seed);
  const nf::Field g(same);
  int differ = 0;
  for (int k = 0; k < 100; ++k) {
    EXPECT_EQ(g.moisture(k * 0.3, k * 0.7), g.sample(k * 0.3, k * 0.7));
    differ += f.moisture(k * 0.3, k * 0.7) != f.sample(k * 0.3, k * 0.7);
  }
  EXPECT_EQ(differ, 100);
}

TEST(ToolkitTerrain, IslandRedistributionTerraces) {
  EXPECT_EQ(nf::islandFalloff(false, 0, 0, 10), 1.0);
  EXPECT_DOUBLE_EQ(nf::islandFalloff(false, 3, 4, 10), 0.75);
  EXPECT_EQ(nf::islandFalloff(false, 30, 0, 10), 0.0);
  EXPECT_DOUBLE_EQ(nf::islandFalloff(true, 5, -2, 10), 0.75);
  // n levels k / (n - 1): the lowest band at 0, the highest at 1; one level is 0.5.
  EXPECT_EQ(nf::terrace(0.1, 4, 0), 0.0);
  EXPECT_EQ(nf::terrace(0.49, 4, 0), 1.0 / 3);
  EXPECT_EQ(nf::terrace(0.8, 4, 0), 1.0);
  EXPECT_EQ(nf::terrace(1.0, 4, 0), 1.0);
  EXPECT_NEAR(nf::terrace(0.49, 4, 1), (1 + nf::smoothstep(0.96)) / 3, 1e-15);
  EXPECT_EQ(nf::terrace(0.99, 4, 1), 1.0);  // no ramp above the highest level
  for (double h : {0.0, 0.3, 0.99, 1.0}) EXPECT_EQ(nf::terrace(h, 1, 0.5), 0.5);
  for (int n = 2; n <= 9; ++n) {  // every one of the n levels occurs
    std::vector<double> levels;
    for (int k = 0; k <= 1000; ++k) {
      const double v = nf::terrace(k / 1000.0, n, 0);
      if (std::find(levels.begin(), levels.end(), v) == levels.end()) levels.push_back(v);
    }
    EXPECT_EQ(levels.size(), static_cast<size_t>(n)) << n;
  }
  // An island field is 0 (water) beyond the radius.
  const nf::Field f(cfg({{"island", "true"}, {"islandX", "50"}, {"islandY", "50"}, {"islandRadius", "40"}, {"scale", "8"}}));
  EXPECT_EQ(f.sample(0, 0), 0.0);
  EXPECT_EQ(f.sample(95, 50), 0.0);
  EXPECT_GT(f.sample(50, 50), 0.0);
  const nf::Field r(cfg({{"redistribution", "2"}}));
  const nf::Field base{nf::FieldConfig()};
  EXPECT_EQ(r.sample(1.5, 2.5), std::pow(base.sample(1.5, 2.5), 2.0));
}

TEST(ToolkitColor, ViewsAndHistogram) {
  const nf::Field f(cfg({{"scale", "16"}, {"octaves", "5"}}));
  const nf::GridSpec g{64, 48, 0, 0, 1, 1, 0, 0};
  std::vector<uint8_t> px(g.samples() * 4);
  std::vector<float> scratch(g.samples()), ref(g.samples());
  const nf::FillStats want = f.fill(g, ref.data());
  for (int v = 0; v < 5; ++v) {
    nf::FillStats st;
    f.fillColor(static_cast<nf::View>(v), g, px.data(), scratch.data(), &st);
    EXPECT_EQ(std::memcmp(scratch.data(), ref.data(), ref.size() * 4), 0);
    EXPECT_EQ(st.min, want.min);
    EXPECT_EQ(st.mean, want.mean);
    for (int64_t k = 0; k < g.samples(); ++k) ASSERT_EQ(px[4 * k + 3], 255);
  }
  f.fillColor(nf::View::Raw, g, px.data(), scratch.data(), nullptr);
  EXPECT_EQ(px[0], static_cast<uint8_t>(ref[0] * 255 + 0.5));
  const auto h = nf::histogram(ref.data(), ref.size(), 16);
  uint64_t total = 0;
  for (uint32_t c : h) total += c;
  EXPECT_EQ(total, ref.size());
  nf::View view;
  EXPECT_TRUE(nf::parseView("relief", &view));
  EXPECT_EQ(view, nf::View::Relief);
  EXPECT_FALSE(nf::parseView("shaded", &view));
}

TEST(ToolkitSchema, TableIsConsistent) {
  std::set<std::string> keys;
  for (const nf::ParamSpec& p : nf::fieldSchema()) {
    EXPECT_TRUE(keys.insert(p.key).second) << p.key;
    EXPECT_TRUE(keys.insert(std::string("#") + p.shortKey).second) << p.shortKey;
    EXPECT_LE(std::strlen(p.shortKey), 3u);
    EXPECT_LE(p.min, p.def);
    EXPECT_LE(p.def, p.max);
    if (p.type == nf::ParamType::Enum) {
      EXPECT_EQ(p.max + 1, static_cast<double>(p.values.size())) << p.key;
    }
    EXPECT_GT(std::strlen(p.description), 10u);
  }
  const std::string md = nf::schemaMarkdown();
  EXPECT_NE(md.find("| `octaves` | `o` | int | 3 | [1, 16] |"), std::string::npos) << md;
}

TEST(ToolkitSchema, QueryRoundTripRandomConfigs) {
  std::mt19937 rng(123);
  for (int iter = 0; iter < 500; ++iter) {
    nf::FieldConfig c;
    for (const nf::ParamSpec& p : nf::fieldSchema()) {
      if (rng() % 3 == 0) continue;
      std::uniform_real_distribution<double> U(p.min, p.max);
      double v = U(rng);
      if (p.type != nf::ParamType::Float) v = std::floor(v + 0.5);
      if (p.type == nf::ParamType::Float && rng() % 2) v = std::round(v * 100) / 100;
      if (p.key == std::string("t1") || p.key == std::string("t2") || p.key == std::string("t3") ||
          p.key == std::string("m1") || p.key == std::string("m2") || p.key == std::string("periodX") ||
          p.key == std::string("periodY"))
        continue;
      ASSERT_EQ(c.set(p.key, v), "") << p.key << " " << v;
    }
    const std::string q = nf::toQuery(c);
    nf::FieldConfig back;
    ASSERT_EQ(nf::fromQuery(q, back), "") << q;
    ASSERT_TRUE(back == c) << q;
    ASSERT_EQ(nf::toQuery(back), q);
    // long keys and a leading '?' work too
    std::string longQ = "?";
    for (const nf::ParamSpec& p : nf::fieldSchema()) longQ += std::string(p.key) + "=" + nf::formatParam(p, c) + "&";
    nf::FieldConfig back2;
    ASSERT_EQ(nf::fromQuery(longQ, back2), "") << longQ;
    ASSERT_TRUE(back2 == c);
  }
  nf::FieldConfig c;
  c.set("lacunarity", 2.1);
  c.set("gain", 0.1 + 0.2);
  c.setEnum("type", "cellular");
  c.setEnum("cellReturn", "f2-f1");
  EXPECT_EQ(nf::toQuery(c), "t=cellular&l=2.1&g=0.30000000000000004&cr=f2-f1");
}

TEST(ToolkitSchema, BadInputMessages) {
  nf::FieldConfig c;
  EXPECT_EQ(c.set("octaves", 0), "octaves must be an integer in [1, 16] (got 0)");
  EXPECT_EQ(c.set("octaves", 2.5), "octaves must be an integer in [1, 16] (got 2.5)");
  EXPECT_EQ(c.set("lacunarity", NAN), "lacunarity must be a finite number in [1, 8] (got NaN)");
  EXPECT_EQ(c.set("gain", INFINITY), "gain must be a finite number in [0, 1] (got Infinity)");
  EXPECT_EQ(c.set("seed", -1), "seed must be an integer in [0, 4294967295] (got -1)");
  EXPECT_EQ(c.set("frequency", 2), "unknown parameter \"frequency\"");
  EXPECT_EQ(c.setEnum("type", "perlin"), "type must be one of value, gradient, simplex, cellular, opensimplex2 (got \"perlin\")");
  EXPECT_EQ(c.setEnum("octaves", "many"), "octaves must be an integer in [1, 16] (got \"many\")");
  EXPECT_EQ(c.setEnum("island", "yes"), "island must be a boolean (true/false or 1/0) (got \"yes\")");
  EXPECT_TRUE(c == nf::FieldConfig());  // failed sets change nothing
  c.set("t2", 0.8);
  EXPECT_EQ(c.validate(), "t1 < t2 < t3 is required (got t1 = 0.35, t2 = 0.8, t3 = 0.7)");
  nf::Field f;
  EXPECT_NE(nf::Field::create(c, &f), "");
  nf::FieldConfig out;
  EXPECT_EQ(nf::fromQuery("o=99", out), "octaves must be an integer in [1, 16] (got 99)");
  EXPECT_EQ(nf::fromQuery("zz=1", out), "unknown parameter \"zz\"");
  std::vector<std::string> bad;
  const auto errs = nf::fromQueryLenient("t=gradient&o=99&zz=1&sc=16&t1=0.9", out, &bad);
  EXPECT_EQ(errs.size(), 3u);
  EXPECT_EQ(bad, (std::vector<std::string>{"octaves", "zz", "t1"}));
  EXPECT_EQ(out.type, nf::NoiseType::Gradient);
  EXPECT_EQ(out.octaves, 3);
  EXPECT_EQ(out.scale, 16);
  EXPECT_EQ(out.t1, 0.35);
}
