// Every world seed is its own place (docs/scene.md, "World seeds"): a hundred worlds, no two with
// the same island or the same cypresses, and every one a readable scene: the gate and its opening
// in view, the water line where the page puts it, no empty layer, the sun and moon in open sky.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

constexpr uint32_t kFirst = 1, kCount = 100;

std::vector<double> silhouette(const Landscape& s) {
  std::vector<double> top;
  for (double x = 100; x <= 1500; x += 10) top.push_back(s.hillTop(x));
  return top;
}

std::vector<IslandCypress> layout(const World& w) {
  std::vector<IslandCypress> c(w.cypresses, w.cypresses + w.cypressCount);
  std::sort(c.begin(), c.end(), [](const IslandCypress& a, const IslandCypress& b) { return a.x < b.x; });
  return c;
}

// Two layouts read as the same if they have as many trees, each within 20 units of place and height.
bool sameLayout(const std::vector<IslandCypress>& a, const std::vector<IslandCypress>& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (std::fabs(a[k].x - b[k].x) >= 20 || std::fabs(a[k].h - b[k].h) >= 20) return false;
  return true;
}

TEST(SceneWorlds, NoTwoShareAnIslandOrCypresses) {
  std::vector<uint32_t> seeds = {kDefaultWorldSeed};
  for (uint32_t s = kFirst; s < kFirst + kCount; ++s) seeds.push_back(s);
  std::vector<std::vector<double>> tops;
  std::vector<std::vector<IslandCypress>> groves;
  for (uint32_t s : seeds) {
    Landscape scene(s);
    tops.push_back(silhouette(scene));
    groves.push_back(layout(scene.world()));
  }
  for (size_t a = 0; a < seeds.size(); ++a)
    for (size_t b = a + 1; b < seeds.size(); ++b) {
      double apart = 0;
      for (size_t k = 0; k < tops[a].size(); ++k) apart = std::max(apart, std::fabs(tops[a][k] - tops[b][k]));
      // 12 scene units is two to four buffer pixels at the usual pitches: a visible difference.
      EXPECT_GE(apart, 12) << "worlds " << seeds[a] << " and " << seeds[b] << " share an island";
      EXPECT_FALSE(sameLayout(groves[a], groves[b])) << "worlds " << seeds[a] << " and " << seeds[b] << " share cypresses";
    }
}

size_t opaque(const uint8_t* p, size_t k) { return p[k * 4 + 3] != 0; }

// A landscape screen and a phone held upright (whose view is the gate and the island's middle).
struct Screen {
  int width, height;
  bool wide;
};
const Screen kScreens[] = {{1280, 800, true}, {390, 844, false}};

TEST(SceneWorlds, EveryWorldKeepsTheInvariants) {
  for (uint32_t seed = kFirst; seed < kFirst + kCount; ++seed)
  for (const Screen& screen : kScreens) {
    SCOPED_TRACE(testing::Message() << "world " << seed << " at " << screen.width << "x" << screen.height);
    Landscape s(seed);
    s.setViewport({screen.width, screen.height, 0});
    s.setClock(2);
    s.renderAll();
    const Grid& g = s.grid();
    const size_t n = static_cast<size_t>(g.bw) * g.bh;
    const uint8_t* gate = s.pixels(kGate);
    const uint8_t* rift = s.pixels(kRift);
    const uint8_t* hill = s.pixels(kHill);
    const uint8_t* canopy = s.pixels(kCanopy);

    // No layer is empty.
    for (int l = 0; l < kLayerCount; ++l) {
      size_t count = 0;
      for (size_t k = 0; k < n; ++k) count += opaque(s.pixels(static_cast<Layer>(l)), k);
      EXPECT_GT(count, l == kFx ? 0 : n / 100) << "layer " << l;  // fx: twenty fireflies
    }

    // The gate's ring (above its plinth) and the opening are in view: hardly anything of the
    // island or the trees stands in front of them.
    size_t ring = 0, ringHidden = 0, hole = 0, holeHidden = 0;
    for (int j = 0; j < g.bh; ++j)
      for (int i = 0; i < g.bw; ++i) {
        const size_t k = static_cast<size_t>(j) * g.bw + i;
        const bool front = opaque(hill, k) || opaque(canopy, k);
        const double r = std::hypot(g.sx[i] - kGateX, g.sy[j] - kGateY);
        if (opaque(gate, k) && r <= kGateR + kGateRing) {
          ++ring;
          ringHidden += front;
        }
        if (opaque(rift, k) && r <= kGateR) {
          ++hole;
          holeHidden += front;
        }
      }
    EXPECT_GT(ring, 1000u);
    EXPECT_GT(hole, 3000u);
    EXPECT_LE(ringHidden, ring / 50) << "the ring is hidden";
    EXPECT_LE(holeHidden, hole / 100) << "the opening is hidden";

    // The water line is where the page expects it: the placement says 870, the bank is one row of
    // ink there, the island ends on it and reaches it across the middle.
    EXPECT_EQ(s.placement().waterY, 870);
    const int shore = g.row(870);
    const uint8_t* nearL = s.pixels(kNear);
    const Px ink = s.palette()[kInkC];
    for (int i = 0; i < g.bw; ++i) {
      Px c;
      std::memcpy(&c, nearL + (static_cast<size_t>(shore) * g.bw + i) * 4, 4);
      ASSERT_EQ(c, ink) << "bank pixel " << i;
    }
    for (int j = shore + 2; j < g.bh; ++j)
      for (int i = 0; i < g.bw; ++i) ASSERT_FALSE(opaque(hill, static_cast<size_t>(j) * g.bw + i)) << "island below the water";
    EXPECT_TRUE(opaque(hill, static_cast<size_t>(shore - 1) * g.bw + g.col(800)));

    // The island seats the gate: its top under the ring is below the ring and above the plinth's foot.
    EXPECT_GT(s.hillTop(800), kGateY + kGateR + kGateRing);
    EXPECT_LT(s.hillTop(800), 760);

    // Cypresses stand on land, clear of the ring.
    const World& w = s.world();
    EXPECT_GE(w.cypressCount, 2);
    for (int c = 0; c < w.cypressCount; ++c) {
      EXPECT_GE(std::fabs(w.cypresses[c].x - kGateX), 250) << "cypress " << c;
      EXPECT_LT(s.hillTop(w.cypresses[c].x), 870 - 40) << "cypress " << c;
    }

    // The sun (at full day and at its lowest) and the moon sit in open sky, in view on a wide screen.
    for (double day : {1.0, 0.35, 0.0}) {
      if (!screen.wide) break;
      double x, y;
      bodyAt(w, day, x, y);
      const double r = day < 0.35 ? kMoonR : kSunR;
      EXPECT_GE(y - r, s.sceneYFromCss(0) - r * 0.5) << "day " << day;
      EXPECT_GE(x, s.sceneXFromCss(0) + r) << "day " << day;
      EXPECT_LE(x, s.sceneXFromCss(screen.width) - r) << "day " << day;
      for (double dx = -r; dx <= r; dx += 4)
        EXPECT_LT(y + r, std::min(s.farRidge(x + dx), s.midRidge(x + dx))) << "day " << day;
      EXPECT_GT(std::hypot(x - kGateX, y - kGateY), kGateR + kGateRing + r) << "day " << day;
    }
  }
}

}  // namespace
