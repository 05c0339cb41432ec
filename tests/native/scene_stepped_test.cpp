// Stepped repaints (Landscape::setStepped): the layers a stepped repaint puts in place are, pixel
// for pixel, those of the one-shot repaint, one unit per step or many; until the last step the old
// layers stay shown at their old size and no tick paints; a change mid-way starts over with both.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

std::vector<std::vector<uint8_t>> layers(const Landscape& s) {
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
  std::vector<std::vector<uint8_t>> out;
  for (int l = 0; l < kLayerCount; ++l) {
    const uint8_t* p = s.pixels(static_cast<Layer>(l));
    out.emplace_back(p, p + n);
  }
  return out;
}

// Steps of `units` units until the repaint completes; the number of steps taken.
int finish(Landscape& s, int units) {
  int steps = 1;
  while (!s.stepRepaint(units)) ++steps;
  return steps;
}

void expectSame(const Landscape& a, const Landscape& b, const char* what) {
  ASSERT_EQ(a.bufferWidth(), b.bufferWidth()) << what;
  ASSERT_EQ(a.bufferHeight(), b.bufferHeight()) << what;
  const auto la = layers(a), lb = layers(b);
  for (int l = 0; l < kLayerCount; ++l) EXPECT_TRUE(la[l] == lb[l]) << what << ": layer " << l;
}

TEST(SceneStepped, MountGivesTheOneShotPixels) {
  for (uint32_t world : {404u, 405u})
    for (int pitch : {1, 3}) {
      Landscape once(world), stepped(world);
      stepped.setStepped(true);
      for (Landscape* s : {&once, &stepped}) {
        s->setDayAndDusk(0.2, 0.4);
        s->setSeason(30);
        s->setClock(7.5);
        ASSERT_TRUE(s->setViewport({1280, 800, pitch}));
      }
      EXPECT_TRUE(stepped.repainting());
      EXPECT_EQ(stepped.pixels(kSky), nullptr) << "no layers before the first repaint completes";
      EXPECT_EQ(stepped.advance(1.0 / 60), 0u);
      stepped.setClock(7.5);
      EXPECT_GT(finish(stepped, 1), 20) << "one unit per step: many steps";
      EXPECT_FALSE(stepped.repainting());
      expectSame(once, stepped, pitch == 1 ? "mount, pitch 1" : "mount, pitch 3");
      EXPECT_EQ(stepped.renderCount(), 1) << "the first frame is rendered once";
    }
}

TEST(SceneStepped, OldLayersStayUntilTheNewAreReady) {
  Landscape once, stepped;
  stepped.setStepped(true);
  for (Landscape* s : {&once, &stepped}) {
    s->setDayAndDusk(0.6, 0);
    s->setClock(3);
    s->setViewport({900, 600, 2});
  }
  finish(stepped, 1 << 30);
  const auto before = layers(stepped);
  const int w = stepped.bufferWidth();
  const auto placed = stepped.placement();
  // A resize and, half way, a new daylight: the repaint starts over with both.
  stepped.setViewport({1200, 700, 2});
  for (int k = 0; k < 15; ++k) EXPECT_FALSE(stepped.stepRepaint(1));
  stepped.setDayAndDusk(0.1, 0.3);
  for (int k = 0; k < 10; ++k) {
    EXPECT_FALSE(stepped.stepRepaint(1));
    EXPECT_EQ(stepped.advance(0), 0u) << "no tick paints over the old layers";
  }
  EXPECT_EQ(stepped.bufferWidth(), w);
  EXPECT_EQ(stepped.placement().scale, placed.scale);
  EXPECT_TRUE(layers(stepped) == before) << "the old layers are still shown";
  EXPECT_TRUE(stepped.repainting());
  finish(stepped, 1);
  once.setViewport({1200, 700, 2});
  once.setDayAndDusk(0.1, 0.3);
  expectSame(once, stepped, "resize and daylight");
  // Ticks resume on the new layers, as the one-shot scene's (whose first advance also reports its repaint).
  once.advance(0);
  for (int f = 0; f < 20; ++f) EXPECT_EQ(stepped.advance(1.0 / 60), once.advance(1.0 / 60)) << "frame " << f;
  expectSame(once, stepped, "ticks after the repaint");
}

TEST(SceneStepped, DaySeasonAndSeedGiveTheOneShotPixels) {
  Landscape once, stepped;
  stepped.setStepped(true);
  for (Landscape* s : {&once, &stepped}) {
    s->setDayAndDusk(0.7, 0);
    s->setClock(12.25);
    s->setViewport({1100, 900, 2});
  }
  finish(stepped, 5);
  expectSame(once, stepped, "mount");
  for (int change = 0; change < 3; ++change) {
    for (Landscape* s : {&once, &stepped}) {
      if (change == 0) s->setDayAndDusk(0.3, 0.6);
      if (change == 1) s->setSeason(20);
      if (change == 2) s->setWorldSeed(9001);
    }
    EXPECT_TRUE(stepped.repainting());
    // However the units fall into steps, the same pixels.
    finish(stepped, 1 + change * 7);
    expectSame(once, stepped, change == 0 ? "day" : (change == 1 ? "season" : "seed"));
  }
  // beginRender: renderAll's pixels for a new clock and portal, stepped; the old layers until then.
  for (Landscape* s : {&once, &stepped}) {
    s->setPortalMode(PortalMode::Hot);
    s->setClock(31.5);
  }
  once.renderAll();
  const auto shown = layers(stepped);
  const int renders = stepped.renderCount();
  stepped.beginRender();
  for (int k = 0; k < 4; ++k) EXPECT_FALSE(stepped.stepRepaint(1));
  EXPECT_TRUE(layers(stepped) == shown);
  EXPECT_GT(finish(stepped, 1), 4);
  EXPECT_EQ(stepped.renderCount(), renders + 1);
  expectSame(once, stepped, "beginRender");
  // A new clock half way through a daylight repaint's tick layers renders them again at it.
  stepped.setDayAndDusk(0.45, 0.2);
  const int units = finish(stepped, 1);
  for (Landscape* s : {&once, &stepped}) s->setDayAndDusk(0.45, 0.1);
  for (int k = 0; k < units - 3; ++k) EXPECT_FALSE(stepped.stepRepaint(1));  // into the tick layers
  EXPECT_TRUE(stepped.repainting());
  for (Landscape* s : {&once, &stepped}) s->setClock(40);
  stepped.beginRender();
  once.renderAll();
  finish(stepped, 1);
  expectSame(once, stepped, "beginRender mid-repaint");
  // renderAll() finishes a repaint in progress first.
  stepped.setDayAndDusk(0.5, 0);
  once.setDayAndDusk(0.5, 0);
  stepped.renderAll();
  once.renderAll();
  EXPECT_FALSE(stepped.repainting());
  expectSame(once, stepped, "renderAll mid-repaint");
}

}  // namespace
