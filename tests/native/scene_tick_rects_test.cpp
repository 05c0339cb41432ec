// A tick restores only the part of its layer the last tick painted (Image::used) and reports where
// it changed pixels (changedRect): no pixel outside the reported part may change, and the picture
// must be the one a tick painting over a fresh copy of its base gives (renderAll), with eddies,
// splashes on the bank's edge (their rings reach above the water) and the portal open, at fine and
// coarse pitches, in two worlds.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

std::vector<uint8_t> layer(const Landscape& s, Layer l) {
  const size_t n = static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4;
  return std::vector<uint8_t>(s.pixels(l), s.pixels(l) + n);
}

bool outside(const Rect& r, int i, int j) { return i < r.i0 || i >= r.i1 || j < r.j0 || j >= r.j1; }

TEST(SceneTickRects, OnlyTheReportedPartChangesAndPixelsAreTheFullPaints) {
  struct Case {
    uint32_t world;
    int pitch;
    double day;
  };
  for (const Case& c : {Case{404, 2, 0.6}, Case{405, 1, 0.2}, Case{404, 5, 0.1}}) {
    Landscape live(c.world), full(c.world);
    for (Landscape* s : {&live, &full}) {
      s->setDayAndDusk(c.day, 0);
      s->setPortalMode(PortalMode::Hot);
      s->setViewport({1280, 800, c.pitch});
      s->setClock(7.25);
      s->advance(0);
    }
    const int bw = live.bufferWidth();
    const double bank = kWater + live.gScenePerPixel() * 1.01;
    int checked = 0;
    for (int f = 0; f < 150; ++f) {
      for (Landscape* s : {&live, &full}) {
        s->setPointer(120 + f * 9.0, 180 + (f % 11) * 17.0, true);
        if (f % 25 == 3) s->splash(300 + f * 6.0, bank);  // a ring that reaches above the bank
      }
      std::vector<std::vector<uint8_t>> before;
      for (int l = 0; l < kLayerCount; ++l) before.push_back(layer(live, static_cast<Layer>(l)));
      const uint32_t m = live.advance(1.0 / 60);
      full.advance(1.0 / 60);
      for (int l = 0; l < kLayerCount; ++l) {
        const std::vector<uint8_t> after = layer(live, static_cast<Layer>(l));
        const Rect r = (m >> l) & 1u ? live.changedRect(static_cast<Layer>(l)) : Rect{};
        size_t stray = 0;
        for (size_t k = 0; k < after.size(); k += 4)
          if (std::memcmp(&after[k], &before[l][k], 4) != 0 &&
              outside(r, static_cast<int>(k / 4 % bw), static_cast<int>(k / 4 / bw)))
            ++stray;
        EXPECT_EQ(stray, 0u) << "layer " << l << " frame " << f << " pitch " << c.pitch;
      }
      if (f % 30 == 29) {  // every tick layer over what the live ticks left, against a full paint
        for (Layer l : {kSky, kHill, kRift, kNear, kCanopy}) live.paintTick(l);
        full.renderAll();
        for (int l = 0; l < kLayerCount; ++l)
          EXPECT_EQ(layer(live, static_cast<Layer>(l)), layer(full, static_cast<Layer>(l)))
              << "layer " << l << " frame " << f << " pitch " << c.pitch;
        ++checked;
      }
    }
    EXPECT_EQ(checked, 5);
  }
}

}  // namespace
