// The tick layers at fine pitches, with eddies shed by a moving pointer and the portal's pull, for
// two worlds: every pixel as recorded before the ticks were made faster (stroke walks, canopy wind),
// so a speed-up that moves one pixel fails here. The frozen-moment pins (scene_world404_test.cpp)
// cover the automatic pitches; these cover pitch 1, 2 and 3 and the live simulation's state.
#include <gtest/gtest.h>

#include <cstdint>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

uint64_t fnv1a64(const uint8_t* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < n; ++k) h = (h ^ p[k]) * 0x100000001b3ull;
  return h;
}

// A scene driven for 40 frames with the pointer sweeping the sky, then each tick layer painted.
uint64_t tickHash(uint32_t world, int pitch, double day) {
  Landscape s(world);
  s.setDayAndDusk(day, 0);
  s.setPortalMode(PortalMode::Hot);
  s.setViewport({1280, 800, pitch});
  s.setClock(5.5);
  for (int f = 0; f < 40; ++f) {
    s.setPointer(150 + f * 31, 200 + (f % 7) * 23, true);
    s.advance(1.0 / 60);
  }
  s.splash(700, 930);
  s.advance(1.0 / 60);
  for (Layer l : {kSky, kRift, kHill, kNear, kCanopy}) s.paintTick(l);
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
  uint64_t h = 0;
  for (int l = 0; l < kLayerCount; ++l) h = h * 31 + fnv1a64(s.pixels(static_cast<Layer>(l)), n);
  return h;
}

struct Pin {
  uint32_t world;
  int pitch;
  double day;
  uint64_t hash;
};

const Pin kPins[] = {
    {404, 1, 0.6, 0xa676a015d1980bf0ull},
    {404, 2, 0.1, 0x2524c77999f585fcull},
    {404, 3, 0.6, 0x483222bf1d18dbaaull},
    {405, 2, 0.6, 0xa44a78a3034ff5ffull},
    {405, 1, 0.2, 0xcd78563fcca0e65full},
};

TEST(SceneTicks, EveryPixelAsRecorded) {
  for (const Pin& p : kPins)
    EXPECT_EQ(tickHash(p.world, p.pitch, p.day), p.hash)
        << "world " << p.world << " pitch " << p.pitch << " day " << p.day << std::hex << " 0x"
        << tickHash(p.world, p.pitch, p.day);
}

}  // namespace
