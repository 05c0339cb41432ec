// The colour fills and the batch gradient against their per-sample definitions: every pixel of
// fillColor (biome view: sample + moisture; relief view: sample + sampleGrad) and every gradient
// of fillGrad equal what the slow single-sample calls give, bit for bit, for the configurations
// the row fills specialise (value / gradient noise, fractals, tiling, terrain steps, 3-D) and for
// those that fall back (simplex, cellular, warped: central differences).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/schema.h"
#include "noise/terrain.h"
#include "toolkit_support.h"

namespace {

using KV = std::vector<std::pair<std::string, std::string>>;

nf::FieldConfig cfg(const KV& kv) { return nftest::cfgOf(kv); }

std::string describe(const KV& kv) {
  std::string s;
  for (const auto& [k, v] : kv) s += k + "=" + v + " ";
  return s;
}

using nftest::sameBits;

// The configurations: analytic gradients (value, gradient; all fractals; tiled; terrain; 3-D) and
// central differences (simplex, cellular, warp).
std::vector<KV> configs() {
  const KV terrain = {{"island", "1"}, {"islandRadius", "40"}, {"redistribution", "1.7"},
                      {"terraces", "5"}, {"terraceSmooth", "0.4"}};
  std::vector<KV> r;
  for (const char* type : {"value", "gradient"})
    for (const char* fractal : {"none", "fbm", "ridged", "billow"}) {
      r.push_back({{"type", type}, {"fractal", fractal}, {"scale", "9.5"}, {"octaves", "4"}});
      KV t = {{"type", type}, {"fractal", fractal}, {"scale", "7"}, {"octaves", "3"}, {"periodX", "4"},
              {"periodY", "3"}, {"fade", "quintic"}};
      t.insert(t.end(), terrain.begin(), terrain.end());
      r.push_back(t);
    }
  r.push_back({{"type", "value"}, {"fade", "linear"}, {"hash", "tutorial"}, {"octaves", "5"}, {"scale", "6"}});
  r.push_back({{"type", "value"}, {"dimensions", "3"}, {"z", "2.37"}, {"octaves", "4"}, {"scale", "8"}});
  r.push_back({{"type", "gradient"}, {"dimensions", "3"}, {"z", "-1.6"}, {"octaves", "3"}, {"scale", "8"},
               {"fractal", "ridged"}, {"island", "1"}, {"islandShape", "square"}, {"islandRadius", "30"}});
  r.push_back({{"type", "simplex"}, {"octaves", "3"}, {"scale", "10"}});
  KV tiledSimplex = {{"type", "simplex"}, {"octaves", "3"}, {"scale", "6"}, {"periodX", "5"}, {"periodY", "4"}};
  tiledSimplex.insert(tiledSimplex.end(), terrain.begin(), terrain.end());
  r.push_back(tiledSimplex);
  r.push_back({{"type", "cellular"}, {"octaves", "2"}, {"scale", "6"}, {"cellReturn", "f2-f1"}});
  r.push_back({{"type", "value"}, {"octaves", "3"}, {"scale", "12"}, {"warpLevels", "2"}, {"warp", "1.5"}});
  // Warped gradients: analytic through the warp (value, gradient), central differences otherwise.
  KV warpedTerrain = {{"type", "gradient"}, {"fractal", "ridged"}, {"octaves", "3"}, {"scale", "9"}, {"warpLevels", "1"},
                      {"warp", "0.7"}, {"warpSeedY", "77"}};
  warpedTerrain.insert(warpedTerrain.end(), terrain.begin(), terrain.end());
  r.push_back(warpedTerrain);
  r.push_back({{"type", "value"}, {"dimensions", "3"}, {"z", "0.6"}, {"fade", "quintic"}, {"scale", "10"},
               {"warpLevels", "2"}, {"warpSeedX", "5"}, {"warpSeedY", "5"}, {"warp2SeedY", "8"}});
  r.push_back({{"type", "simplex"}, {"octaves", "2"}, {"scale", "10"}, {"warpLevels", "1"}});
  return r;
}

nf::GridSpec randomGrid(std::mt19937& rng) {
  std::uniform_real_distribution<double> pos(-200, 200), step(0.05, 1.7);
  std::uniform_int_distribution<int> side(5, 37), off(-9, 9);
  nf::GridSpec g;
  g.width = side(rng);
  g.height = side(rng);
  g.originX = pos(rng);
  g.originY = pos(rng);
  g.stepX = step(rng) * (rng() % 5 == 0 ? -1 : 1);
  g.stepY = step(rng);
  g.offsetX = off(rng);
  g.offsetY = off(rng);
  return g;
}

// The reference colour of one pixel, from single samples (fillColor's documented definitions).
void referencePixel(const nf::Field& f, nf::View v, double x, double y, uint8_t out[4]) {
  const nf::FieldConfig& c = f.config();
  const auto& legend = nf::viewInfos()[static_cast<size_t>(v)].legend;
  const double h = static_cast<float>(f.sample(x, y));
  auto flat = [&](size_t entry, double shade = 1) {
    const nf::Rgb8 col = legend[entry].color;
    const uint8_t ch[3] = {col.r, col.g, col.b};
    for (int k = 0; k < 3; ++k) {
      const double s = ch[k] * shade;
      out[k] = static_cast<uint8_t>(s <= 0 ? 0 : (s >= 255 ? 255 : s + 0.5));
    }
    out[3] = 255;
  };
  switch (v) {
    case nf::View::Raw: {
      const uint8_t q = static_cast<uint8_t>(h <= 0 ? 0 : (h >= 1 ? 255 : h * 255 + 0.5));
      out[0] = out[1] = out[2] = q;
      out[3] = 255;
      return;
    }
    case nf::View::Land: return flat(h < c.t1 ? 0 : 1);
    case nf::View::Bands: return flat(static_cast<size_t>(nf::bandOf(h, c.t1, c.t2, c.t3)));
    case nf::View::Biomes:
      return flat(h < c.t1 ? 0 : 1 + static_cast<size_t>(nf::biomeOf(h, f.moisture(x, y), c.t2, c.t3, c.m1, c.m2)));
    case nf::View::Relief: {
      const nf::Band b = nf::bandOf(h, c.t1, c.t2, c.t3);
      if (b == nf::Band::Water) return flat(0);
      double gx, gy;
      f.sampleGrad(x, y, &gx, &gy);
      const double nx = -2 * gx * c.scale, ny = -2 * gy * c.scale;
      const double dot = (nx * -0.5 + ny * -0.5 + 0.70710678118654752) / std::sqrt(nx * nx + ny * ny + 1);
      return flat(static_cast<size_t>(b), 0.45 + 0.75 * (dot > 0 ? dot : 0));
    }
  }
}

}  // namespace

TEST(ToolkitColorFill, PixelsEqualThePerSampleDefinitions) {
  std::mt19937 rng(20261130);
  const nf::View views[] = {nf::View::Raw, nf::View::Land, nf::View::Bands, nf::View::Biomes, nf::View::Relief};
  int pixels = 0;
  for (const KV& kv : configs()) {
    const nf::Field f(cfg(kv));
    for (int rep = 0; rep < 2; ++rep) {
      const nf::GridSpec g = randomGrid(rng);
      std::vector<float> heights(static_cast<size_t>(g.samples())), want(heights.size());
      const nf::FillStats wantStats = f.fill(g, want.data());
      std::vector<uint8_t> px(heights.size() * 4);
      for (nf::View v : views) {
        nf::FillStats st;
        f.fillColor(v, g, px.data(), heights.data(), &st);
        ASSERT_EQ(std::memcmp(heights.data(), want.data(), heights.size() * sizeof(float)), 0)
            << describe(kv) << nf::viewName(v);
        EXPECT_TRUE(sameBits(st.min, wantStats.min) && sameBits(st.max, wantStats.max) &&
                    sameBits(st.mean, wantStats.mean))
            << describe(kv) << nf::viewName(v);
        for (int j = 0; j < g.height; ++j)
          for (int i = 0; i < g.width; ++i) {
            uint8_t ref[4];
            referencePixel(f, v, g.sampleX(i), g.sampleY(j), ref);
            const uint8_t* got = px.data() + 4 * (static_cast<size_t>(j) * g.width + i);
            ASSERT_EQ(std::memcmp(got, ref, 4), 0) << describe(kv) << nf::viewName(v) << " at " << i << "," << j
                                                   << ": " << int(got[0]) << " " << int(got[1]) << " " << int(got[2])
                                                   << " vs " << int(ref[0]) << " " << int(ref[1]) << " " << int(ref[2]);
            ++pixels;
          }
      }
    }
  }
  std::printf("%d pixels checked against single samples\n", pixels);
}

TEST(ToolkitColorFill, RowGradientsEqualSampleGrad) {
  std::mt19937 rng(404);
  int analytic = 0;
  for (const KV& kv : configs()) {
    const nf::Field f(cfg(kv));
    analytic += f.hasAnalyticGradient();
    for (int rep = 0; rep < 3; ++rep) {
      const nf::GridSpec g = randomGrid(rng);
      const size_t n = static_cast<size_t>(g.samples());
      std::vector<double> h(n), gx(n), gy(n);
      f.fillGrad(g, h.data(), gx.data(), gy.data());
      for (int j = 0; j < g.height; ++j)
        for (int i = 0; i < g.width; ++i) {
          const size_t k = static_cast<size_t>(j) * g.width + i;
          double wx, wy;
          const double wh = f.sampleGrad(g.sampleX(i), g.sampleY(j), &wx, &wy);
          ASSERT_TRUE(sameBits(h[k], wh) && sameBits(gx[k], wx) && sameBits(gy[k], wy))
              << describe(kv) << " at " << i << "," << j << ": " << h[k] << " " << gx[k] << " " << gy[k] << " vs "
              << wh << " " << wx << " " << wy;
        }
    }
  }
  EXPECT_EQ(analytic, 24);  // value and gradient, with or without warp; untiled simplex
}

TEST(ToolkitColorFill, BiomeMoistureIsTheMoistureField) {
  // The biome view's moisture row fill is fillMoisture's field: the shares it reports follow
  // moisture() at every sample, and a moisture seed equal to the height seed gives biomes
  // classified by the height itself.
  nf::FieldConfig c = cfg({{"scale", "11"}, {"octaves", "4"}, {"seed", "5"}, {"moistureSeed", "5"}});
  const nf::Field f(c);
  const nf::GridSpec g = nftest::grid(40, 30, -13.25, 0, 0.8, 1);
  std::vector<float> h(static_cast<size_t>(g.samples())), m(h.size());
  std::vector<uint8_t> px(h.size() * 4);
  f.fillColor(nf::View::Biomes, g, px.data(), h.data(), nullptr);
  f.fillMoisture(g, m.data());
  const auto& legend = nf::viewInfos()[static_cast<size_t>(nf::View::Biomes)].legend;
  for (size_t k = 0; k < h.size(); ++k) {
    ASSERT_EQ(m[k], h[k]);  // same seed, no terrain: the same field
    if (h[k] < c.t1) continue;
    const nf::Rgb8 col = legend[1 + static_cast<size_t>(nf::biomeOf(h[k], h[k], c.t2, c.t3, c.m1, c.m2))].color;
    ASSERT_EQ(px[4 * k], col.r);
  }
}
