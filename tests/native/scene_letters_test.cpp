// The tablet's letters (cpp/scene/letters.h; shared/spec/ruin-and-life.md 3.3-3.7): the crumbling
// schedule, the fall into the water, the splash, the recarve, the pointer, life and reduced motion
// off, and a frozen moment equal to the live loop at the same clock. The pins at the end are held
// by tests/wasm/letters.test.mjs to the wasm build, recipe for recipe.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <cstdint>
#include <vector>

#include "noise/random.h"
#include "scene/landscape.h"
#include "scene/seeds.h"

namespace {

using namespace nf::scene;

constexpr const char* kPath = "/some/missing/page";

uint64_t fnv1a64(const uint8_t* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < n; ++k) h = (h ^ p[k]) * 0x100000001b3ull;
  return h;
}

struct Scene {
  Landscape s;
  explicit Scene(uint32_t world = kDefaultWorldSeed, int w = 1280, int h = 800, int pitch = 0) : s(world) {
    s.setDayAndDusk(1, 0);
    s.setViewport({w, h, pitch});
    s.setPath(kPath);
  }
  void at(double t) {
    s.setClock(t);
    s.renderAll();
  }
  std::vector<uint8_t> layer(Layer l) const {
    const uint8_t* p = s.pixels(l);
    return std::vector<uint8_t>(p, p + static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4);
  }
  uint64_t hash(Layer l) const { return fnv1a64(s.pixels(l), static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4); }
};

int carvedCount(const Letters& L) {
  int n = 0;
  for (int k = L.first; k < L.first + L.shown; ++k) n += L.carved[k] ? 1 : 0;
  return n;
}

// The pane's pixels (the carved line and the flight).
std::vector<uint8_t> panePixels(const Scene& sc) {
  const Rect b = sc.s.paneBox();
  const uint8_t* p = sc.s.panePixels();
  if (!p) return {};
  return std::vector<uint8_t>(p, p + static_cast<size_t>(b.i1 - b.i0) * (b.j1 - b.j0) * 4);
}

// The carved line alone as the pane paints it for the scene's letters now (without what falls), over
// the ruin's keylines.
std::vector<uint8_t> linePixels(const Scene& sc) {
  Image gate;
  gate.resize(sc.s.bufferWidth(), sc.s.bufferHeight());
  std::memcpy(gate.p.data(), sc.s.pixels(kGate), gate.p.size() * 4);
  Pane pane;
  setupPane(pane, sc.s.grid(), carvingOf(kPath), sc.s.ruinIds(), makeRuinLook(sc.s.worldSeed()), sc.s.palette());
  Letters L = sc.s.letters();
  L.fallingCount = L.dropCount = 0;
  paintPane(pane, gate, makeRuinLook(sc.s.worldSeed()), L, sc.s.palette()[kRuinInkC]);
  const uint8_t* p = reinterpret_cast<const uint8_t*>(pane.img.p.data());
  return std::vector<uint8_t>(p, p + pane.img.p.size() * 4);
}

// The times of the crumbles in the first hour's first round, stepping the frozen state.
struct Round {
  std::vector<double> crumbles;
  std::vector<int> slots;
  double empty = -1;
};
Round firstRound(Scene& sc) {
  Round r;
  std::vector<bool> was(kMaxTabletGlyphs, true);
  for (int step = 0; step < 60 * 60; ++step) {
    const double t = step * kLifeStep;
    sc.s.setClock(t);
    const Letters& L = sc.s.letters();
    for (int k = L.first; k < L.first + L.shown; ++k) {
      if (was[k] && !L.carved[k] && !L.blank[k]) {
        r.crumbles.push_back(t);
        r.slots.push_back(k);
      }
      was[k] = L.carved[k] || L.blank[k];
    }
    if (carvedCount(L) == 0) {
      r.empty = t;
      break;
    }
  }
  return r;
}

TEST(SceneLetters, TheScheduleCrumblesOneGlyphAtATime) {
  Scene sc;
  sc.s.setClock(4.19);
  const Letters& L = sc.s.letters();
  ASSERT_GT(L.shown, 1);
  EXPECT_EQ(carvedCount(L), L.shown) << "nothing has gone before 4.2 s";
  Round r = firstRound(sc);
  ASSERT_EQ(static_cast<int>(r.crumbles.size()), L.shown) << "every glyph, once";
  EXPECT_NEAR(r.crumbles[0], 4.2, 1e-9);
  // The crumble stream (layerSeed(4045), world 404: the constant): which glyph among those carved,
  // then the next delay, 1.3 + 2.2 r s (on the 1/60 s steps).
  nf::Mulberry32 crumble(4045);
  std::vector<int> carved;
  for (int k = L.first; k < L.first + L.shown; ++k) carved.push_back(k);
  for (size_t n = 0; n < r.crumbles.size(); ++n) {
    const int pick = static_cast<int>(std::floor(crumble.next() * carved.size()));
    EXPECT_EQ(r.slots[n], carved[pick]) << "crumble " << n;
    carved.erase(carved.begin() + pick);
    const double delay = 1.3 + 2.2 * crumble.next();
    if (n + 1 < r.crumbles.size()) {
      const double gap = r.crumbles[n + 1] - r.crumbles[n];
      EXPECT_GE(gap, delay - 1e-9);
      EXPECT_LT(gap, delay + kLifeStep + 1e-9);
    }
  }
  // Recarved 3.6 s after the last went; crumbling again 5.2 s after that.
  sc.s.setClock(r.empty + 3.6 - 0.05);
  EXPECT_EQ(carvedCount(sc.s.letters()), 0);
  sc.s.setClock(r.empty + 3.6 + 0.05);
  EXPECT_EQ(carvedCount(sc.s.letters()), L.shown);
  sc.s.setClock(r.empty + 3.6 + 5.2 - 0.05);
  EXPECT_EQ(carvedCount(sc.s.letters()), L.shown);
  sc.s.setClock(r.empty + 3.6 + 5.2 + 0.05);
  EXPECT_EQ(carvedCount(sc.s.letters()), L.shown - 1);
}

TEST(SceneLetters, ALetterFallsIntoTheWaterAndSplashes) {
  Scene sc(kDefaultWorldSeed, 1920, 1080, 2);
  double landed = -1, floor = 0;
  for (double t = 4.2; t < 6; t += kLifeStep) {
    sc.s.setClock(t);
    const Letters& L = sc.s.letters();
    ASSERT_EQ(L.fallingCount, 1) << t;
    if (L.falling[0].landed >= 0) {
      landed = t;
      floor = L.falling[0].floor;
      EXPECT_EQ(L.splashCount, 1) << "a splash where it landed";
      EXPECT_EQ(L.dropCount, 4) << "four droplets";
      EXPECT_DOUBLE_EQ(L.splashes[0].y, floor);
      break;
    }
    EXPECT_LT(L.falling[0].y, L.falling[0].floor);
  }
  ASSERT_GT(landed, 4.3);
  EXPECT_GE(floor, 884);
  EXPECT_LT(floor, 924);
  EXPECT_GT(floor, kWater) << "in the water";

  // Against the same moments with the letters still (reduced motion): the pane differs while the
  // letter falls, and the near layer in the water, away from the columns where it reflects the
  // tablet, while its rings widen; the same again once they are gone.
  Scene still(kDefaultWorldSeed, 1920, 1080, 2);
  still.s.setMotion(false);
  const Letters& L0 = sc.s.letters();
  int slot = -1;
  for (int k = L0.first; k < L0.first + L0.shown; ++k)
    if (!L0.carved[k]) slot = k;
  ASSERT_GE(slot, 0);
  const Grid& g = sc.s.grid();
  const int ghost0 = g.col(L0.cx[slot] - 3 * L0.unit) - 4, ghost1 = g.col(L0.cx[slot] + 3 * L0.unit) + 4;
  auto paneDiffers = [&](double t) {
    sc.at(t);
    still.at(t);
    return panePixels(sc) != panePixels(still);
  };
  auto differ = [&](double t, bool inWater) {
    sc.at(t);
    still.at(t);
    const std::vector<uint8_t> a = sc.layer(kNear), b = still.layer(kNear);
    int n = 0;
    for (int j = 0; j < g.bh; ++j)
      for (int i = 0; i < g.bw; ++i) {
        if (inWater ? (g.sy[j] <= kWater || (i >= ghost0 && i <= ghost1)) : g.sy[j] >= kWater) continue;
        const size_t q = (static_cast<size_t>(j) * g.bw + i) * 4;
        n += a[q] != b[q] || a[q + 1] != b[q + 1] || a[q + 2] != b[q + 2] || a[q + 3] != b[q + 3];
      }
    return n;
  };
  EXPECT_TRUE(paneDiffers(4.45)) << "the letter over the strand";
  EXPECT_EQ(differ(4.45, false), 0) << "the near layer draws no letters";
  EXPECT_GT(differ(landed + 0.9, true), 0) << "the rings";
  // Gone: the first moment after its landing with nothing in flight (before the next crumble).
  double gone = landed;
  for (;; gone += kLifeStep) {
    sc.s.setClock(gone);
    const Letters& L = sc.s.letters();
    ASSERT_EQ(carvedCount(L), L.shown - 1) << "the next crumble came before the splash was over";
    if (L.fallingCount + L.dropCount + L.splashCount == 0) break;
  }
  EXPECT_GT(gone, landed + 1.48);
  EXPECT_EQ(differ(gone, true), 0) << "the splash is gone";
  EXPECT_EQ(differ(gone, false), 0);
  EXPECT_TRUE(paneDiffers(gone)) << "its ghost";
  EXPECT_EQ(linePixels(sc), panePixels(sc)) << "nothing but the line (and the keylines) on the pane";
}

TEST(SceneLetters, TheRecarvedTabletIsThePaintedOneBitForBit) {
  Scene sc;
  sc.at(3);
  const std::vector<uint8_t> carved = linePixels(sc);
  sc.at(4.3);
  EXPECT_EQ(linePixels(sc), carved) << "the first 0.2 s of the fade show the glyph whole";
  sc.at(4.9);
  const std::vector<uint8_t> ghost = linePixels(sc);
  EXPECT_NE(ghost, carved);
  Round r = firstRound(sc);
  ASSERT_GT(r.empty, 0);
  sc.at(r.empty + 3);
  EXPECT_NE(linePixels(sc), carved) << "every glyph a ghost";
  const int shown = sc.s.letters().shown;
  sc.at(r.empty + 3.6 + 0.07 * shown + 0.61);
  EXPECT_EQ(linePixels(sc), carved) << "carved again";
}

TEST(SceneLetters, ThePointerKnocksAGlyphOff) {
  Scene sc;
  sc.s.setClock(1);
  const Letters& L = sc.s.letters();
  const int k = L.first + L.shown / 2;
  ASSERT_TRUE(L.carved[k]);
  // A move from 10 units to the left: a push of 12 x 10 units/s, with the jitter of +-30.
  sc.s.setPointer(0, 0, true, L.cx[k] - 40, L.cy[k] - 40);
  sc.s.setPointer(0, 0, true, L.cx[k] - 10, L.cy[k] - 40);
  EXPECT_EQ(carvedCount(L), L.shown) << "out of reach";
  sc.s.setPointer(0, 0, true, L.cx[k], L.cy[k]);
  EXPECT_FALSE(L.carved[k]);
  ASSERT_GE(L.fallingCount, 1);
  const FallingLetter& f = L.falling[L.fallingCount - 1];
  EXPECT_GE(f.vx, 120 - 30);
  EXPECT_LE(f.vx, 120 + 30);
  // It is drawn on the next frame, on the pane, and the share link's moment knows nothing of it.
  const std::vector<uint8_t> before = panePixels(sc);
  EXPECT_NE(sc.s.advance(1.0 / 60) & kPaneBit, 0u);
  const Rect r = sc.s.changedRect(kPaneLayer);
  EXPECT_FALSE(r.empty());
  EXPECT_NE(panePixels(sc), before);
  sc.s.setClock(sc.s.clock());
  EXPECT_TRUE(sc.s.letters().carved[k]);
  // Reduced motion or life off: the pointer knocks nothing off.
  for (int mode = 0; mode < 2; ++mode) {
    Scene off;
    if (mode) off.s.setLife(false);
    else off.s.setMotion(false);
    off.s.setClock(1);
    const Letters& M = off.s.letters();
    off.s.setPointer(0, 0, true, M.cx[k], M.cy[k]);
    EXPECT_EQ(carvedCount(M), M.shown);
  }
}

TEST(SceneLetters, LifeOffAndReducedMotionKeepThePathIntact) {
  Scene sc;
  sc.at(3);
  const std::vector<uint8_t> carved = linePixels(sc);
  for (int mode = 0; mode < 2; ++mode) {
    Scene off;
    if (mode) off.s.setLife(false);
    else off.s.setMotion(false);
    for (double t : {4.7, 6.5, 30.0}) {
      off.at(t);
      EXPECT_EQ(linePixels(off), carved) << (mode ? "life off" : "motion off") << " at " << t;
      EXPECT_EQ(off.s.letters().fallingCount, 0);
    }
  }
  // Turning life off mid-fall carves the tablet again and takes the falling letter away.
  Scene live;
  live.at(4.6);
  ASSERT_EQ(live.s.letters().fallingCount, 1);
  live.s.setLife(false);
  EXPECT_EQ(linePixels(live), carved);
  Scene offAt;
  offAt.s.setLife(false);
  offAt.at(4.6);
  EXPECT_EQ(live.layer(kNear), offAt.layer(kNear));
  EXPECT_EQ(panePixels(live), panePixels(offAt));
}

// The pane (the carved line, what falls, the ruin's keylines and their half-strength fringe) is put
// on a canvas of its own, which browsers store premultiplied in 8 bits and round differently: every
// translucent pixel of it must be one that storage holds exactly (c * a / 255 whole), so Chromium,
// Firefox and WebKit show the pixels the CLI composites.
TEST(SceneLetters, ThePanesTranslucentPixelsArePremultiplyStable) {
  for (double day : {1.0, 0.0})
    for (int pitch : {0, 2, 5}) {
      Scene sc(kDefaultWorldSeed, 1280, 800, pitch);
      sc.s.setDayAndDusk(day, 0);
      int translucent = 0;
      for (double t : {0.0, 4.45, 6.5}) {
        sc.at(t);
        const std::vector<uint8_t> px = panePixels(sc);
        ASSERT_FALSE(px.empty());
        for (size_t k = 0; k < px.size(); k += 4) {
          const int a = px[k + 3];
          if (a == 0 || a == 255) continue;
          ++translucent;
          for (int c = 0; c < 3; ++c)
            ASSERT_EQ(px[k + c] * a % 255, 0) << "day " << day << ", pitch " << pitch << ", t " << t << ": pane pixel "
                                              << k / 4 << " channel " << c << " = " << int(px[k + c]) << " at alpha " << a;
        }
      }
      EXPECT_GT(translucent, 0) << "the keylines' fringe is translucent (day " << day << ", pitch " << pitch << ")";
    }
}

TEST(SceneLetters, TheLiveLoopReachesTheFrozenMoment) {
  // Frames at 60 Hz until a letter falls after 6 s: the letters' state and the tablet equal
  // setClock's at the same clock.
  Scene live;
  live.s.setClock(0);
  for (int f = 0; f < 20 * 60; ++f) {
    live.s.advance(1.0 / 60);
    if (live.s.clock() > 6 && live.s.letters().fallingCount > 0 && live.s.letters().falling[0].landed < 0) break;
  }
  Scene frozen;
  frozen.s.setClock(live.s.clock());
  const Letters& a = live.s.letters();
  const Letters& b = frozen.s.letters();
  ASSERT_EQ(a.step, b.step);
  ASSERT_EQ(a.fallingCount, b.fallingCount);
  ASSERT_GT(a.fallingCount + a.dropCount + a.splashCount, 0) << "something in flight at 9 s";
  for (int n = 0; n < a.fallingCount; ++n) {
    EXPECT_EQ(a.falling[n].x, b.falling[n].x);
    EXPECT_EQ(a.falling[n].y, b.falling[n].y);
    EXPECT_EQ(a.falling[n].angle, b.falling[n].angle);
  }
  for (int k = 0; k < kMaxTabletGlyphs; ++k) EXPECT_EQ(a.carved[k], b.carved[k]);
  frozen.s.renderAll();
  EXPECT_EQ(panePixels(live), panePixels(frozen));
}

// Frames with letters: gate, near and pane hashes at 1280 x 800 (default pitch) and 1920 x 1080
// px 2, and another world. (Re-pinned with the pane: the gate layer's tablet is bare, its line and
// the falling letters the pane's, so the near layer reflects a bare tablet and carries no letters.
// Gate and pane re-pinned again with the ruin's keylines on the pane; the near layer's reflection of
// them is unchanged.) tests/wasm/letters.test.mjs holds the wasm build to the same.
struct Pin {
  uint32_t world;
  int w, h, pitch;
  double t;
  uint64_t gate, near, pane;
};
const Pin kPins[] = {
    {404, 1280, 800, 0, 4.7, 0xe2cc2a48d9516adfull, 0xb63f0acd03162676ull, 0xbf15b7775c5aa0e7ull},
    {404, 1280, 800, 0, 6.5, 0x51936933e376ae68ull, 0x444e694721276153ull, 0xa72210a13fa5a9a0ull},
    {404, 1920, 1080, 2, 5.1, 0x5ea6447d880f6f2cull, 0x3347d694dfcb4fcaull, 0x97d5b9a3d3bac20cull},
    {404, 1920, 1080, 2, 6.5, 0xdb6e47acd53dd8bfull, 0x43b4edfc586e6ea4ull, 0xfd2ef50631d8292full},
    {405, 1280, 800, 3, 9.25, 0x56aafa9458e47dceull, 0x6b2b6ea9fa58f34aull, 0x93dcceee27bb1507ull},
};

TEST(SceneLetters, FramesAsRecorded) {
  for (const Pin& p : kPins) {
    for (int run = 0; run < 2; ++run) {
      Scene sc(p.world, p.w, p.h, p.pitch);
      sc.at(p.t);
      EXPECT_EQ(sc.hash(kGate), p.gate) << std::hex << "0x" << sc.hash(kGate) << "ull world " << std::dec << p.world << " t " << p.t;
      EXPECT_EQ(sc.hash(kNear), p.near) << std::hex << "0x" << sc.hash(kNear) << "ull world " << std::dec << p.world << " t " << p.t;
      const std::vector<uint8_t> pane = panePixels(sc);
      const uint64_t ph = fnv1a64(pane.data(), pane.size());
      EXPECT_EQ(ph, p.pane) << std::hex << "0x" << ph << "ull (pane) world " << std::dec << p.world << " t " << p.t;
    }
  }
}

// The live loop with the pointer sweeping the tablet from left to right (near-layer units) while
// the schedule runs: the same input sequence, the same pixels (and in wasm: tests/wasm/letters.test.mjs).
uint64_t sweepHash() {
  Scene sc(kDefaultWorldSeed, 1280, 800, 2);
  sc.s.setClock(3.5);
  sc.s.renderAll();
  uint64_t h = 0;
  for (int f = 0; f < 150; ++f) {
    if (f >= 30 && f < 70) sc.s.setPointer(100, 100, true, 690 + (f - 30) * 6, 788 - (f - 30) * 0.3);
    if (f == 70) sc.s.setPointer(0, 0, false);
    sc.s.advance(1.0 / 60);
    if (f % 25 == 24) {
      const std::vector<uint8_t> pane = panePixels(sc);
      h = h * 31 + sc.hash(kGate) * 7 + sc.hash(kNear) + fnv1a64(pane.data(), pane.size()) * 3;
    }
  }
  return h;
}

TEST(SceneLetters, ASweepAsRecorded) {
  const uint64_t a = sweepHash();
  EXPECT_EQ(a, sweepHash()) << "two runs";
  EXPECT_EQ(a, 0x63179955b714a8adull) << std::hex << "0x" << a;
}

}  // namespace
