// Behaviour of the Landscape orchestrator: determinism, world seeds, daylight, cadence, caching and
// extreme viewports.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "scene/landscape.h"
#include "scene/world_params.h"

namespace {

using namespace nf::scene;

std::vector<uint8_t> copyLayer(const Landscape& s, Layer l) {
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
  const uint8_t* p = s.pixels(l);
  return std::vector<uint8_t>(p, p + n);
}

size_t opaqueCount(const Landscape& s, Layer l) {
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight();
  const uint8_t* p = s.pixels(l);
  size_t count = 0;
  for (size_t k = 0; k < n; ++k) count += p[k * 4 + 3] != 0;
  return count;
}

// Star-coloured sky pixels above the skyline.
int starPixels(const Landscape& s) {
  const Grid& g = s.grid();
  const Px star = s.palette()[kStarC];
  const uint8_t* p = s.pixels(kSky);
  int count = 0;
  for (int j = 0; j < g.bh; ++j)
    for (int i = 0; i < g.bw; ++i) {
      if (g.sy[j] >= std::min(s.farRidge(g.sx[i]), s.midRidge(g.sx[i]))) continue;
      Px c;
      std::memcpy(&c, p + (static_cast<size_t>(j) * g.bw + i) * 4, 4);
      count += c == star;
    }
  return count;
}

Landscape make(uint32_t seed, double day, double clock, int w = 1280, int h = 800) {
  Landscape s(seed);
  s.setDay(day);
  s.setViewport({w, h, 0});
  s.setClock(clock);
  s.renderAll();
  return s;
}

TEST(SceneLandscape, NoBuffersBeforeViewport) {
  Landscape s;
  EXPECT_EQ(s.pixels(kSky), nullptr);
  EXPECT_EQ(s.advance(0.016), 0u);
  EXPECT_EQ(s.renderAll(), 0u);
}

TEST(SceneLandscape, LayersAreNonBlank) {
  Landscape s = make(kDefaultWorldSeed, 1, 2.0);
  EXPECT_EQ(s.bufferWidth(), 344);
  EXPECT_EQ(s.bufferHeight(), 224);
  // The fx layer holds twenty fireflies (and a comet now and then): a few pixels each.
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_GT(opaqueCount(s, static_cast<Layer>(l)), l == kFx ? 20u : 200u) << "layer " << l;
}

TEST(SceneLandscape, DeterministicAcrossInstances) {
  Landscape a = make(kDefaultWorldSeed, 0.7, 12.34);
  Landscape b = make(kDefaultWorldSeed, 0.7, 12.34);
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(copyLayer(a, static_cast<Layer>(l)), copyLayer(b, static_cast<Layer>(l))) << "layer " << l;
  // The same frame sequence gives the same pixels too.
  for (int f = 0; f < 90; ++f) {
    if (f == 20) {
      a.setPortalMode(PortalMode::Hot);
      b.setPortalMode(PortalMode::Hot);
    }
    a.setPointer(300 + f * 9.0, 200, true);
    b.setPointer(300 + f * 9.0, 200, true);
    EXPECT_EQ(a.advance(1.0 / 60), b.advance(1.0 / 60));
  }
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(copyLayer(a, static_cast<Layer>(l)), copyLayer(b, static_cast<Layer>(l))) << "layer " << l;
}

TEST(SceneLandscape, SetClockIgnoresHistory) {
  Landscape a = make(kDefaultWorldSeed, 1, 0);
  for (int f = 0; f < 120; ++f) {
    a.setPointer(200 + f * 11.0, 300, true);
    a.advance(1.0 / 60);
  }
  a.splash(800, 930);
  a.setClock(5.5);
  a.renderAll();
  Landscape b = make(kDefaultWorldSeed, 1, 5.5);
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(copyLayer(a, static_cast<Layer>(l)), copyLayer(b, static_cast<Layer>(l))) << "layer " << l;
}

TEST(SceneLandscape, WorldSeedsChangeEverySeededLayer) {
  Landscape a = make(404, 0.2, 3.0);
  Landscape b = make(405, 0.2, 3.0);
  // The ruin too: another world's has other stones fallen, other ivy, another tilt of the tablet.
  for (Layer l : {kSky, kLand, kRift, kHill, kGate, kNear, kCanopy})
    EXPECT_NE(copyLayer(a, l), copyLayer(b, l)) << "layer " << l;
  // Switching the seed in place equals constructing with it.
  a.setWorldSeed(405);
  a.setClock(3.0);
  a.renderAll();
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(copyLayer(a, static_cast<Layer>(l)), copyLayer(b, static_cast<Layer>(l))) << "layer " << l;
}

TEST(SceneLandscape, StarsOnlyAtNight) {
  Landscape night = make(kDefaultWorldSeed, 0, 1.0);
  EXPECT_TRUE(night.starsShown());
  EXPECT_GT(night.stars().size(), 5u);
  EXPECT_GE(starPixels(night), static_cast<int>(night.stars().size()) / 2);
  Landscape justAbove = make(kDefaultWorldSeed, 0.36, 1.0);
  EXPECT_FALSE(justAbove.starsShown());
  EXPECT_EQ(starPixels(justAbove), 0);
  Landscape justBelow = make(kDefaultWorldSeed, 0.34, 1.0);
  EXPECT_GT(starPixels(justBelow), 0);
  Landscape day = make(kDefaultWorldSeed, 1, 1.0);
  EXPECT_FALSE(day.starsShown());
  for (Layer l : {kSky, kLand, kGate, kHill, kNear, kCanopy})
    EXPECT_NE(copyLayer(night, l), copyLayer(day, l)) << "layer " << l;
  // The rift is night in both themes.
  EXPECT_EQ(copyLayer(night, kRift), copyLayer(day, kRift));
}

// Land pixels painted in the snow ramp's colours.
int snowPixels(const Landscape& s) {
  const Grid& g = s.grid();
  const Px* snow = s.palette().at(kSnowC);
  const uint8_t* p = s.pixels(kLand);
  int count = 0;
  for (size_t k = 0; k < static_cast<size_t>(g.bw) * g.bh; ++k) {
    Px c;
    std::memcpy(&c, p + k * 4, 4);
    for (int n = 0; n < 4; ++n) count += c == snow[n];
  }
  return count;
}

TEST(SceneLandscape, SnowFollowsTheSeason) {
  Landscape s = make(kDefaultWorldSeed, 0.8, 2.0);
  EXPECT_TRUE(std::isnan(s.season()));
  EXPECT_EQ(snowPixels(s), 0) << "no season, no snow";
  const std::vector<uint8_t> bare = copyLayer(s, kLand);
  const int painted = s.paintOnceCount();
  s.setSeason(40);  // early February: the snowline is lowest
  EXPECT_EQ(s.paintOnceCount(), painted + 1);
  EXPECT_EQ(s.advance(0.001) & (1u << kLand), 1u << kLand);
  const int winter = snowPixels(s);
  s.setSeason(40);  // unchanged: no repaint
  EXPECT_EQ(s.paintOnceCount(), painted + 1);
  s.setSeason(222);  // August: only the highest peaks and the glacier
  const int summer = snowPixels(s);
  s.setSeason(334);
  const int lateAutumn = snowPixels(s);
  std::printf("snow pixels: winter %d, late November %d, summer %d of %d\n", winter, lateAutumn, summer,
              s.bufferWidth() * s.bufferHeight());
  EXPECT_GT(summer, 0);
  EXPECT_GT(lateAutumn, summer);
  EXPECT_GT(winter, lateAutumn + lateAutumn / 2);
  // Snow changes nothing but the land layer (and, through reflection, the water).
  Landscape w = make(kDefaultWorldSeed, 0.8, 2.0);
  w.setSeason(40);
  w.setClock(2.0);
  w.renderAll();
  Landscape n = make(kDefaultWorldSeed, 0.8, 2.0);
  for (Layer l : {kSky, kRift, kGate, kHill, kCanopy}) EXPECT_EQ(copyLayer(w, l), copyLayer(n, l)) << "layer " << l;
  EXPECT_NE(copyLayer(w, kNear), copyLayer(n, kNear));
  // Deterministic, seeded, and back to bare rock with NaN.
  Landscape w2 = make(kDefaultWorldSeed, 0.8, 2.0);
  w2.setSeason(40);
  EXPECT_EQ(copyLayer(w, kLand), copyLayer(w2, kLand));
  Landscape other = make(405, 0.8, 2.0);
  other.setSeason(40);
  EXPECT_GT(snowPixels(other), 0);
  s.setSeason(std::nan(""));
  EXPECT_EQ(copyLayer(s, kLand), bare);
  EXPECT_NEAR(snowlineFor(40), 600, 1e-9);
  EXPECT_NEAR(snowlineFor(40 + 365.24 / 2), 270, 1e-9);
}

TEST(SceneLandscape, CadenceMasks) {
  Landscape s = make(kDefaultWorldSeed, 1, 0);
  int ticks[kLayerCount] = {};
  for (int f = 0; f < 60; ++f) {
    const uint32_t m = s.advance(1.0 / 60);
    for (int l = 0; l < kLayerCount; ++l) ticks[l] += (m >> l) & 1u;
    const int jobs = ((m >> kHill) & 1u) + ((m >> kNear) & 1u) + ((m >> kCanopy) & 1u);
    EXPECT_LE(jobs, 1) << "frame " << f;
    EXPECT_EQ(m & (1u << kLand), 0u);
    // The clock hands repaint on the rift's tick.
    EXPECT_EQ((m >> kGate) & 1u, (m >> kRift) & 1u) << "frame " << f;
  }
  EXPECT_EQ(ticks[kRift], 20);
  EXPECT_EQ(ticks[kGate], 20);
  EXPECT_GE(ticks[kSky], 7);
  EXPECT_LE(ticks[kSky], 8);
  for (Layer l : {kHill, kNear, kCanopy}) {
    EXPECT_GE(ticks[l], 9) << "layer " << l;
    EXPECT_LE(ticks[l], 10) << "layer " << l;
  }
  EXPECT_NEAR(s.clock(), 1.0, 1e-9);
  // dt is capped at 50 ms.
  s.advance(10);
  EXPECT_NEAR(s.clock(), 1.05, 1e-9);
}

TEST(SceneLandscape, PaintOnceLayersAreCached) {
  Landscape s = make(kDefaultWorldSeed, 1, 5);  // the ivy grown (it draws itself until about 3.7 s)
  const int painted = s.paintOnceCount();
  const std::vector<uint8_t> land = copyLayer(s, kLand), gate = copyLayer(s, kGate);
  for (int f = 0; f < 120; ++f) s.advance(1.0 / 60);
  EXPECT_EQ(s.paintOnceCount(), painted);
  EXPECT_EQ(copyLayer(s, kLand), land);
  // The ruin is painted once; only the box of the clock hands is repainted.
  const Rect hands = handsBox(s.grid());
  const std::vector<uint8_t> now = copyLayer(s, kGate);
  size_t outside = 0;
  for (int j = 0; j < s.bufferHeight(); ++j)
    for (int i = 0; i < s.bufferWidth(); ++i) {
      if (i >= hands.i0 && i < hands.i1 && j >= hands.j0 && j < hands.j1) continue;
      const size_t k = (static_cast<size_t>(j) * s.bufferWidth() + i) * 4;
      outside += std::equal(now.begin() + k, now.begin() + k + 4, gate.begin() + k) ? 0 : 1;
    }
  EXPECT_EQ(outside, 0u);
  s.setDay(1);  // unchanged
  EXPECT_EQ(s.paintOnceCount(), painted);
  s.setDay(0.5);
  EXPECT_EQ(s.paintOnceCount(), painted + 1);
  // The repaint shows up in the next mask.
  EXPECT_EQ(s.advance(0.001) & ((1u << kLand) | (1u << kGate)), (1u << kLand) | (1u << kGate));
  // Day and dusk together: one repaint, the same pixels as setting them one after the other.
  s.setDayAndDusk(0.4, 0.8);
  EXPECT_EQ(s.paintOnceCount(), painted + 2);
  Landscape t = make(kDefaultWorldSeed, 1, 0);
  t.setDay(0.4);
  t.setDusk(0.8);
  for (Landscape* x : {&s, &t}) {
    x->setClock(0);
    x->renderAll();
  }
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(copyLayer(s, static_cast<Layer>(l)), copyLayer(t, static_cast<Layer>(l))) << "layer " << l;
}

TEST(SceneLandscape, PortalHeatsUp) {
  Landscape s = make(kDefaultWorldSeed, 1, 0);
  EXPECT_EQ(s.heat(), 0);
  s.setPortalMode(PortalMode::Hot);
  for (int f = 0; f < 180; ++f) s.advance(1.0 / 60);
  EXPECT_GT(s.heat(), 0.5);
  s.setClock(3);  // frozen time puts the rift straight at its mode's target
  EXPECT_EQ(s.heat(), 1);
  s.setPortalMode(PortalMode::Idle);
  s.setClock(3);
  EXPECT_EQ(s.heat(), 0);
}

TEST(SceneLandscape, SplashOnlyOnWater) {
  Landscape a = make(kDefaultWorldSeed, 1, 0);
  Landscape b = make(kDefaultWorldSeed, 1, 0);
  a.splash(800, 500);  // on the gate: ignored
  b.splash(800, 500);
  b.splash(700, 920);  // on the water
  for (int f = 0; f < 12; ++f) {
    a.advance(1.0 / 60);
    b.advance(1.0 / 60);
  }
  a.renderAll();
  b.renderAll();
  EXPECT_NE(copyLayer(a, kNear), copyLayer(b, kNear));
  EXPECT_EQ(copyLayer(a, kSky), copyLayer(b, kSky));
}

TEST(SceneLandscape, ExtremeViewports) {
  for (const Viewport& v : {Viewport{320, 480, 0}, Viewport{3840, 2160, 0}, Viewport{1, 1, 0}, Viewport{1280, 800, 1}}) {
    Landscape s;
    s.setDay(0.2);
    s.setPortalMode(PortalMode::Enter);
    s.setViewport(v);
    s.splash(800, 900);
    s.setPointer(100, 100, true);
    for (int f = 0; f < 15; ++f) {
      s.setPointer(100 + 40.0 * f, 100, true);
      s.advance(1.0 / 30);
    }
    s.setClock(100);
    EXPECT_EQ(s.renderAll(), kAllLayers);
    EXPECT_GT(s.bufferWidth(), 0);
    EXPECT_GT(opaqueCount(s, kSky) + opaqueCount(s, kLand), 0u);
  }
}

}  // namespace

// Every translucent palette colour survives 8-bit premultiplication exactly, whatever rounding an
// engine uses: c * a / 255 is a whole number (browsers store canvases premultiplied).
TEST(SceneLandscape, TranslucentColoursArePremultiplyStable) {
  for (double day : {0.0, 0.2, 0.5, 0.7, 1.0})
    for (double dusk : {0.0, 0.6, 1.0}) {
      const nf::scene::Palette pal = nf::scene::makePalette(day, dusk);
      int translucent = 0;
      for (nf::scene::Px c : pal.c) {
        const int a = nf::scene::chA(c);
        if (a == 0 || a == 255) continue;
        ++translucent;
        for (int v : {nf::scene::chR(c), nf::scene::chG(c), nf::scene::chB(c)}) EXPECT_EQ(v * a % 255, 0) << day << " " << dusk;
      }
      EXPECT_GE(translucent, 2);  // the shade and the fringe
    }
}

// The ruin's keylines, dial marks and carving stand out from its stone at every daylight, in every
// world's hues: WCAG's contrast of at least 3:1 (its figure for the parts of a graphic), where a
// mix of the day's ink and the night's faded into the plate between them (1.2:1 at day 0.4); and a
// dark scheme's capped daylight keeps the night's pale ink, the original's dark theme's.
TEST(SceneLandscape, RuinInkStandsOutFromTheStoneAtEveryDaylight) {
  const auto lum = [](nf::scene::Px c) {
    const auto lin = [](int v) { const double s = v / 255.0; return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(nf::scene::chR(c)) + 0.7152 * lin(nf::scene::chG(c)) + 0.0722 * lin(nf::scene::chB(c)) + 0.05;
  };
  for (uint32_t seed : {404u, 405u, 7u, 12345u, 2026u, 99u})
    for (int d = 0; d <= 40; ++d)
      for (double dusk : {0.0, 1.0}) {
        const double day = d / 40.0;
        const nf::scene::Palette pal = nf::scene::makePalette(day, dusk, nf::scene::makeWorld(seed));
        const double a = lum(pal[nf::scene::kRuinInkC]), b = lum(pal[nf::scene::kStoneC + 2]);
        EXPECT_GE(std::max(a, b) / std::min(a, b), 3.0) << "world " << seed << " day " << day << " dusk " << dusk;
        if (day <= nf::scene::kDarkDayCap) {
          EXPECT_GT(a, b) << "a negative print at day " << day;
        }
      }
}
