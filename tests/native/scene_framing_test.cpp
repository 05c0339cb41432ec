// Framing (grid.h): cover is spec 1.7's fill exactly; a region stays whole in the viewport; a
// focal point is centred as far as the scene allows; the named framings of the scene.
#include <vector>

#include <gtest/gtest.h>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

// Viewport CSS y / x of a scene point, as Landscape::placement() describes it.
double cssY(const Grid& g, double y) { return y * g.scale + g.oy - kInset; }
double cssX(const Grid& g, double x) { return x * g.scale + g.ox - kInset; }

TEST(SceneFraming, CoverIsTheDefaultGrid) {
  for (auto [w, h] : {std::pair{1280, 800}, {390, 844}, {1700, 300}}) {
    const Grid a = makeGrid(w, h, 0), b = makeGrid(w, h, 0, Framing{});
    EXPECT_EQ(a.scale, b.scale);
    EXPECT_EQ(a.ox, b.ox);
    EXPECT_EQ(a.oy, b.oy);
    EXPECT_EQ(a.sx, b.sx);
    EXPECT_EQ(a.sy, b.sy);
  }
}

TEST(SceneFraming, GateKeepsTheRingWholeInAWideBanner) {
  Framing gate;
  ASSERT_TRUE(framingNamed("gate", &gate));
  const double ring = kGateR + kGateRing;
  const Grid cover = makeGrid(1700, 300, 0);
  EXPECT_LT(cssY(cover, kGateY - ring), 0) << "cover cuts the top of the gate";
  const Grid g = makeGrid(1700, 300, 0, gate);
  EXPECT_GE(cssY(g, kGateY - ring), 0);
  EXPECT_LE(cssY(g, kGateY + ring), 300);
  EXPECT_GE(cssX(g, kGateX - ring), 0);
  EXPECT_LE(cssX(g, kGateX + ring), 1700);
  // Where the region fits at cover's zoom, the zoom is cover's.
  EXPECT_EQ(makeGrid(1280, 800, 0, gate).scale, makeGrid(1280, 800, 0).scale);
}

TEST(SceneFraming, FocalPointIsCentredWithinTheScene) {
  Framing f;
  f.kind = Framing::Point;
  f.x = 800;
  f.y = 700;
  const Grid g = makeGrid(1280, 300, 0, f);
  EXPECT_NEAR(cssY(g, 700), 150, 1e-9);
  f.y = 1000;  // clamped: the scene's bottom rests on the canvas's (the viewport plus the inset)
  const Grid b = makeGrid(1280, 300, 0, f);
  EXPECT_NEAR(cssY(b, kSceneH), 300 + kInset, 1e-9);
}

TEST(SceneFraming, NamedFramings) {
  EXPECT_EQ(std::vector<std::string>(framingNames().begin(), framingNames().end()),
            (std::vector<std::string>{"cover", "gate", "island", "shore"}));
  Framing f;
  for (const auto& n : framingNames()) EXPECT_TRUE(framingNamed(n, &f)) << n;
  EXPECT_FALSE(framingNamed("sky", &f));
  ASSERT_TRUE(framingNamed("island", &f));
  const Grid g = makeGrid(1700, 300, 0, f);
  EXPECT_LT(cssY(g, kWater), 300) << "the water line is in view";
  // shore: a phone held sideways shows the ring whole and the water; elsewhere it is cover.
  ASSERT_TRUE(framingNamed("shore", &f));
  const Grid side = makeGrid(844, 390, 0, f);
  EXPECT_GE(cssY(side, kGateY - kGateR - kGateRing), 0);
  EXPECT_LT(cssY(side, kWater), 390 - 8);
  EXPECT_GT(cssY(makeGrid(844, 390, 0), kWater), 390) << "cover shows no water there";
  for (auto [w, h] : {std::pair{390, 844}, {1280, 800}, {768, 1024}, {1920, 1080}}) {
    const Grid a = makeGrid(w, h, 0, f), b = makeGrid(w, h, 0);
    EXPECT_EQ(a.scale, b.scale) << w << "x" << h;
    EXPECT_EQ(a.oy, b.oy) << w << "x" << h;
  }
}

}  // namespace
