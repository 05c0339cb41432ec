// The tick layers at fine pitches, with eddies shed by a moving pointer and the portal's pull, for
// two worlds: every pixel as recorded before the ticks were made faster (stroke walks, canopy wind),
// so a speed-up that moves one pixel fails here. The frozen-moment pins (scene_world404_test.cpp)
// cover the automatic pitches; these cover pitch 1, 2 and 3 and the live simulation's state.
// Re-recorded when the ruin replaced our ring (its layer moved above the island and ticks the clock
// hands, the water reflects it, and the near layer holds the walker); world 404's sky, land, rift, hill and canopy are pinned
// unchanged by scene_world404_test.cpp, and tests/wasm/worlds.test.mjs holds the wasm build to these.
// Re-recorded again when the ruin's and the hands' keylines became strokes centred on their
// outlines (the gate and near layers of both worlds; scene_world404_test.cpp still pins the others).
// Re-recorded again for the ruin's life: the portal is hot here, so light spills on the steps (gate,
// and the near layer's reflection of it), and the hash takes in the new fx layer, whose fireflies
// follow the sweeping pointer. Re-recorded again when the ruin's ink became one of its two ends,
// never a mix (palette.cpp: at these daylights of 0.1 to 0.6 the mix faded into the stone): the
// gate layer, the near layer's reflection and the fireflies' outlines; a wasm A/B of both builds
// found no other layer moved.
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
    {404, 1, 0.6, 0xb34931fe8e35a851ull},
    {404, 2, 0.1, 0xcda4ab691df4530dull},
    {404, 3, 0.6, 0x2c154a24c2f0c149ull},
    {405, 2, 0.6, 0x476f08c84b90d4acull},
    {405, 1, 0.2, 0x4ee57da2f7ec6ef5ull},
};

TEST(SceneTicks, EveryPixelAsRecorded) {
  for (const Pin& p : kPins)
    EXPECT_EQ(tickHash(p.world, p.pitch, p.day), p.hash)
        << "world " << p.world << " pitch " << p.pitch << " day " << p.day << std::hex << " 0x"
        << tickHash(p.world, p.pitch, p.day);
}

}  // namespace
