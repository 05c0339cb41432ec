// The pane in pictures (cpp/scene/compose.h): a picture coarser than one CSS px a pixel (the buffer
// view, each output pixel pitch x pitch CSS px) shows the pane box-filtered, the average of the
// CSS px each output pixel covers, the pane's where it is inked and the layers below it elsewhere;
// at one CSS px a pixel each output pixel is the pane's pixel itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "scene/compose.h"
#include "scene/landscape.h"
#include "scene/seeds.h"

namespace {

using namespace nf::scene;

struct Fixture {
  Landscape s;
  PodList<uint8_t> below;  // layers 0..kPaneAbove, flattened at buffer resolution
  explicit Fixture(uint32_t world, int w, int h) : s(world) {
    s.setDayAndDusk(1, 0);
    s.setViewport({w, h, 0});
    s.setPath("/some/missing/page");
    s.setClock(4);
    s.renderAll();
    EXPECT_TRUE(flattenRect(s, 0, kPaneAbove, 0, 0, s.bufferWidth(), s.bufferHeight(), below));
  }
  // Nothing above the pane at buffer pixel k, and the layers below it opaque there.
  bool plain(size_t k) const {
    if (below[k + 3] != 255) return false;
    for (int l = kPaneAbove + 1; l < kLayerCount; ++l)
      if (s.pixels(static_cast<Layer>(l))[k + 3] != 0) return false;
    return true;
  }
};

void checkBufferView(uint32_t world, int w, int h) {
  Fixture f(world, w, h);
  const Landscape& s = f.s;
  const int pitch = s.pitch(), bw = s.bufferWidth();
  ASSERT_GT(pitch, 1);
  const Rect pane = s.paneBox();
  ASSERT_FALSE(pane.empty());
  const uint8_t* px = s.panePixels();
  const int pw = pane.i1 - pane.i0;
  const ComposeRect r = bufferViewRect(s, 1);
  const PodList<uint8_t> out = composite(s, r);
  ASSERT_EQ(out.size(), static_cast<size_t>(r.width) * r.height * 4);
  int checked = 0, edges = 0, bad = 0;
  for (int y = 0; y < r.height; ++y) {
    const int j = y + r.offY;  // buffer pixel; CSS rows [j pitch, (j + 1) pitch)
    for (int x = 0; x < r.width; ++x) {
      const int i = x + r.offX;
      const int u0 = std::max(i * pitch, pane.i0), u1 = std::min((i + 1) * pitch, pane.i1);
      const int v0 = std::max(j * pitch, pane.j0), v1 = std::min((j + 1) * pitch, pane.j1);
      if (u0 >= u1 || v0 >= v1) continue;
      const size_t k = (static_cast<size_t>(j) * bw + i) * 4;
      if (!f.plain(k)) continue;
      // Independently: the box filter is the mean over the pitch x pitch box of each CSS px's pane
      // pixel over the layers below (source-over, unrounded: (c a + (255 - a) below) / 255; a
      // keyline's fringe is translucent, the rest 0 or 255), rounded once to nearest.
      const int n = pitch * pitch;
      int inked = 0;
      long long sa = 0, sum[3] = {0, 0, 0};
      for (int v = v0; v < v1; ++v)
        for (int u = u0; u < u1; ++u) {
          const uint8_t* p = px + (static_cast<size_t>(v - pane.j0) * pw + (u - pane.i0)) * 4;
          if (p[3] == 0) continue;
          ++inked;
          sa += p[3];
          for (int c = 0; c < 3; ++c) sum[c] += p[c] * p[3];
        }
      const uint8_t* got = &out[(static_cast<size_t>(y) * r.width + x) * 4];
      uint8_t want[4] = {f.below[k], f.below[k + 1], f.below[k + 2], 255};
      const long long den = 255LL * n;
      if (inked > 0)
        for (int c = 0; c < 3; ++c)
          want[c] = static_cast<uint8_t>((2 * (sum[c] + (den - sa) * f.below[k + c]) + den) / (2 * den));
      ++checked;
      if (inked > 0 && inked < n) ++edges;
      if (std::memcmp(got, want, 4) != 0 && ++bad <= 5)
        ADD_FAILURE() << "world " << world << " output (" << x << ", " << y << "): got " << int(got[0]) << ","
                      << int(got[1]) << "," << int(got[2]) << "," << int(got[3]) << " want " << int(want[0]) << ","
                      << int(want[1]) << "," << int(want[2]) << " (" << inked << " of " << n << " inked)";
    }
  }
  EXPECT_EQ(bad, 0) << "world " << world;
  // The check reaches the tablet: most of the pane's output pixels, many of them the text's edges.
  const int area = ((pane.i1 - pane.i0) / pitch) * ((pane.j1 - pane.j0) / pitch);
  EXPECT_GT(checked, area / 2) << "world " << world;
  EXPECT_GT(edges, 40) << "world " << world;
  std::printf("world %u: %d output pixels checked, %d of them partly inked\n", world, checked, edges);
}

TEST(ScenePaneCompose, TheBufferViewBoxFiltersThePane) {
  checkBufferView(kDefaultWorldSeed, 1280, 800);
  checkBufferView(22, 1600, 1000);
}

TEST(ScenePaneCompose, OneCssPxAPixelShowsThePanesOwnPixels) {
  Fixture f(kDefaultWorldSeed, 1280, 800);
  const Landscape& s = f.s;
  const int pitch = s.pitch(), bw = s.bufferWidth();
  const Rect pane = s.paneBox();
  ASSERT_FALSE(pane.empty());
  const uint8_t* px = s.panePixels();
  const int pw = pane.i1 - pane.i0;
  const ComposeRect r = viewportRect(s, 1);
  ASSERT_EQ(r.step, pitch);
  const PodList<uint8_t> out = composite(s, r);
  int inked = 0, bad = 0;
  for (int v = pane.j0; v < pane.j1; ++v)
    for (int u = pane.i0; u < pane.i1; ++u) {
      const int x = u - r.offX, y = v - r.offY;
      if (x < 0 || y < 0 || x >= r.width || y >= r.height) continue;
      const size_t k = (static_cast<size_t>(v / pitch) * bw + u / pitch) * 4;
      const uint8_t* p = px + (static_cast<size_t>(v - pane.j0) * pw + (u - pane.i0)) * 4;
      if (p[3] != 255 || !f.plain(k)) continue;
      ++inked;
      if (std::memcmp(&out[(static_cast<size_t>(y) * r.width + x) * 4], p, 4) != 0) ++bad;
    }
  EXPECT_GT(inked, 150);
  EXPECT_EQ(bad, 0);
}

}  // namespace
