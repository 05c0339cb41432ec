// The buffer budget of setViewport (README "Errors"): a pitch whose buffers would exceed
// kMaxBufferPixels is raised to the smallest pitch within it; sizes within it keep their pitch.
#include <gtest/gtest.h>

#include "scene/grid.h"
#include "scene/landscape.h"

using nf::scene::kMaxBufferPixels;
using nf::scene::makeGrid;

TEST(ViewportBudget, APitchOverTheBudgetIsRaisedToTheSmallestThatFits) {
  struct Case {
    int w, h, pitch, expected;
  } cases[] = {{7680, 4320, 1, 2}, {6000, 6000, 1, 2}, {16384, 16384, 1, 6}, {16384, 16384, 0, 6},
               {1920, 1080, 1, 1}, {3840, 2160, 1, 1}, {1280, 800, 0, 4}, {7680, 4320, 3, 3}};
  // The buffer pixels of a pitch before any raise.
  auto pixelsAt = [](int w, int h, int p) {
    const long long cw = w + 2 * nf::scene::kInset, ch = h + 2 * nf::scene::kInset;
    return ((cw + p - 1) / p) * ((ch + p - 1) / p);
  };
  for (const Case& c : cases) {
    const nf::scene::Grid g = makeGrid(c.w, c.h, c.pitch);
    EXPECT_EQ(g.pitch, c.expected) << c.w << "x" << c.h << " at " << c.pitch;
    EXPECT_LE(static_cast<long long>(g.bw) * g.bh, kMaxBufferPixels);
    if (g.pitch != c.pitch && c.pitch > 0) {
      EXPECT_GT(pixelsAt(c.w, c.h, g.pitch - 1), kMaxBufferPixels);
    }
  }
}

TEST(ViewportBudget, An8KScreenAtPitchOnePaints) {
  nf::scene::Landscape s(404);
  ASSERT_TRUE(s.setViewport({7680, 4320, 1}));
  EXPECT_EQ(s.pitch(), 2);
  s.advance(0.1);
  const uint8_t* land = s.pixels(nf::scene::kLand);
  ASSERT_NE(land, nullptr);
  bool any = false;
  for (long long i = 3; i < static_cast<long long>(s.bufferWidth()) * s.bufferHeight() * 4 && !any; i += 4) any = land[i] != 0;
  EXPECT_TRUE(any);
}
