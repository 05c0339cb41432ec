// The live sky tick is spread over frames (prepare, strokes in parts, shown): the sky it shows must
// be, pixel for pixel, the sky paintTick() paints at the moment the tick began, with eddies and
// stars, at every pitch; and renderAll() or a new clock drops a tick in progress.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

std::vector<uint8_t> sky(const Landscape& s) {
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
  return std::vector<uint8_t>(s.pixels(kSky), s.pixels(kSky) + n);
}

TEST(SkySpread, ShownSkyIsTheTickMomentsSky) {
  for (int pitch : {5, 2}) {
    for (double day : {0.6, 0.1}) {
      Landscape live, ref;
      for (Landscape* s : {&live, &ref}) {
        s->setDayAndDusk(day, 0);
        s->setViewport({1280, 800, pitch});
        s->setClock(3.0);
        s->renderAll();
      }
      int compared = 0;
      std::vector<std::vector<uint8_t>> moments;  // ref's sky painted at once, every frame
      for (int f = 0; f < 90; ++f) {
        const double x = 200 + (f * 37) % 1200, y = 120 + (f * 13) % 400;
        live.setPointer(x, y, true);
        ref.setPointer(x, y, true);
        const uint32_t m = live.advance(1.0 / 60);
        const uint32_t r = ref.advance(1.0 / 60);
        EXPECT_EQ(m & ~(1u << kSky), r & ~(1u << kSky)) << "other layers keep their cadence, frame " << f;
        // Painting changes no simulation state, so ref stays in step with live.
        ref.paintTick(kSky);
        moments.push_back(sky(ref));
        if (m & (1u << kSky)) {
          constexpr int lag = kSkyTickFrames - 1;
          ASSERT_GE(f, lag);
          // Begun that many frames ago (the flow and inks, then the strokes in parts, the last shown).
          EXPECT_EQ(sky(live), moments[f - lag]) << "pitch " << pitch << " day " << day << " frame " << f;
          EXPECT_NE(sky(live), moments[f]) << "the drift moved on since";
          ++compared;
        }
      }
      EXPECT_GE(compared, 10) << "pitch " << pitch << " day " << day;
    }
  }
}

}  // namespace

TEST(SkySpread, RenderAllAndSetClockDropATickInProgress) {
  Landscape s;
  s.setViewport({640, 400, 3});
  int f = 0;
  while (!(s.advance(1.0 / 60) & (1u << kSky)) && f < 30) ++f;  // the first tick shown
  for (int k = 0; k < 6; ++k) s.advance(1.0 / 60);               // the next one begins
  s.setClock(10);
  s.renderAll();
  const std::vector<uint8_t> still = sky(s);
  EXPECT_EQ(s.advance(0) & (1u << kSky), 0u) << "no stale tick is shown after renderAll";
  EXPECT_EQ(sky(s), still);
}

// A new daylight, twilight or season keeps the grown canopy and repaints only its bark; a new world
// or viewport regrows it. Every layer must match a scene built fresh in the final state.
namespace {
void expectSameLayers(const nf::scene::Landscape& a, const nf::scene::Landscape& b, const char* what) {
  using namespace nf::scene;
  const size_t n = static_cast<size_t>(a.bufferWidth()) * a.bufferHeight() * 4;
  ASSERT_EQ(a.bufferWidth(), b.bufferWidth());
  for (int l = 0; l < kLayerCount; ++l)
    EXPECT_EQ(0, std::memcmp(a.pixels(static_cast<Layer>(l)), b.pixels(static_cast<Layer>(l)), n)) << what << ", layer " << l;
}
}  // namespace

TEST(CanopyCache, DayDuskSeasonSeedAndViewportChangesMatchAFreshScene) {
  using namespace nf::scene;
  Landscape s;
  s.setViewport({900, 600, 3});
  s.setDayAndDusk(0.2, 0.5);
  s.setSeason(30);
  Landscape fresh1;
  fresh1.setDayAndDusk(0.2, 0.5);
  fresh1.setSeason(30);
  fresh1.setViewport({900, 600, 3});
  expectSameLayers(s, fresh1, "after day, dusk and season");

  s.setWorldSeed(405);
  s.setViewport({700, 500, 2});
  s.setDayAndDusk(0.8, 0);
  Landscape fresh2(405);
  fresh2.setSeason(30);
  fresh2.setDayAndDusk(0.8, 0);
  fresh2.setViewport({700, 500, 2});
  expectSameLayers(s, fresh2, "after a new world, viewport and day");
}
