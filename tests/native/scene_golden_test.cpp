// Scene-level golden values (docs/scene.md, "Golden values", second table) through the scene library.
#include <gtest/gtest.h>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

TEST(SceneGolden, FarRidge) {
  EXPECT_NEAR(farRidge(800), 607.98689186867500, 1e-12);
  EXPECT_NEAR(farRidge(0), 236.38946952403427, 1e-12);
}

TEST(SceneGolden, HillTopBase) { EXPECT_NEAR(hillTop(800, 870), 690.83930455274140, 1e-12); }

TEST(SceneGolden, GrowTree4040) {
  const TreeStats t = growTreeStats(4040, 64, 1080, -0.04, 46, 90);
  EXPECT_EQ(t.segments, 331);
  EXPECT_EQ(t.tips, 290);
  EXPECT_NEAR(t.firstEndX, 60.400959923202926, 1e-12);
  EXPECT_NEAR(t.firstEndY, 990.07199040051205, 1e-12);
}

TEST(SceneGolden, CanopyTreesUseTheGoldenGrowth) {
  // The left tree is growTree(4040, root, 1080, -0.04, 46k, 90k). At 1280 x 800 the visible span is
  // over 1500 units, so k = 1; the branching never reads the position, so the counts are the golden ones.
  Landscape scene;
  scene.setViewport({1280, 800, 0});
  const TreeStats t = scene.treeStats(0);
  EXPECT_EQ(t.segments, 331);
  EXPECT_EQ(t.tips, 290);
  EXPECT_NEAR(t.firstEndY, 990.07199040051205, 1e-9);
  EXPECT_EQ(scene.treeStats(2).segments, 0);
}

TEST(SceneGolden, DefaultWorldKeepsConstants) {
  EXPECT_EQ(layerSeed(11, kDefaultWorldSeed), 11u);
  EXPECT_EQ(layerSeed(4041, kDefaultWorldSeed), 4041u);
  EXPECT_NE(layerSeed(11, 405), 11u);
  EXPECT_NE(layerSeed(11, 405), layerSeed(23, 405));
  // The instance helpers agree with the free functions.
  Landscape scene;
  EXPECT_EQ(scene.farRidge(800), farRidge(800));
  EXPECT_EQ(scene.hillTop(800, 870), hillTop(800, 870));
  EXPECT_NE(farRidge(800, 405), farRidge(800));
}

TEST(SceneGrid, MappingAndInset) {
  const Grid g = makeGrid(1920, 1080, 0);
  EXPECT_EQ(g.pitch, 5);  // round(2016 / 380) = 5
  EXPECT_EQ(g.bw, 404);   // ceil(2016 / 5)
  EXPECT_EQ(g.bh, 236);   // ceil(1176 / 5)
  // Pixel centres in scene units, float32 (docs/scene.md, "Exactness").
  EXPECT_EQ(g.sx[0], static_cast<float>((2.5 - g.ox) / g.scale));
  EXPECT_NEAR(g.px, 5 / g.scale, 1e-15);
  EXPECT_EQ(g.col(g.sx[17]), 17);
  EXPECT_EQ(g.row(g.sy[33]), 33);
  // JS rounding: halves go up.
  EXPECT_EQ(jsRound(-0.5), 0);
  EXPECT_EQ(jsRound(2.5), 3);
  Landscape scene;
  scene.setViewport({1920, 1080, 0});
  // CSS (0, 0) of the viewport is canvas CSS (48, 48).
  EXPECT_NEAR(scene.sceneXFromCss(0), (48 - g.ox) / g.scale, 1e-12);
  EXPECT_NEAR(scene.sceneYFromCss(1080), g.bottom, 1e-9);
  EXPECT_EQ(makeGrid(320, 480, 0).pitch, 3);
  EXPECT_EQ(makeGrid(3840, 2160, 0).pitch, 6);
  EXPECT_EQ(makeGrid(1280, 800, 7).pitch, 7);
  EXPECT_EQ(autoPitch(1920), 5);
  EXPECT_EQ(autoPitch(320), 3);
  EXPECT_EQ(autoPitch(3840), 6);
  // The placement a page uses is the grid's mapping: scene -> viewport CSS -> scene is the identity.
  const auto pl = scene.placement();
  EXPECT_EQ(pl.scale, g.scale);
  EXPECT_EQ(pl.ox, g.ox);
  EXPECT_EQ(pl.oy, g.oy);
  EXPECT_EQ(pl.inset, 48);
  for (double x : {0.0, 800.0, 1600.0}) {
    const double css = x * pl.scale + pl.ox - pl.inset;
    EXPECT_NEAR(scene.sceneXFromCss(css), x, 1e-9);
  }
  EXPECT_EQ(pl.gateX, 800);
  EXPECT_EQ(pl.gateR, 168);
  EXPECT_EQ(pl.waterY, 870);
}

}  // namespace
