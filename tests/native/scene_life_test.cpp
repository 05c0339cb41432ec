// The ruin's life beside the walker (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 4.1, 5.2,
// 5.3, 1.8): each element appears, moves, rebuilds bit for bit at a frozen moment, and stops for
// life=off or reduced motion as the docs say.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

std::vector<uint8_t> layer(const Landscape& s, Layer l) {
  const uint8_t* p = s.pixels(l);
  return std::vector<uint8_t>(p, p + static_cast<size_t>(s.bufferWidth()) * s.bufferHeight() * 4);
}

// Pixels that differ between two layers.
int differing(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  int n = 0;
  for (size_t k = 0; k < a.size(); k += 4)
    n += a[k] != b[k] || a[k + 1] != b[k + 1] || a[k + 2] != b[k + 2] || a[k + 3] != b[k + 3];
  return n;
}

std::vector<uint8_t> frozen(double t, Layer l, int pitch = 0, bool motion = true, uint32_t world = kDefaultWorldSeed,
                            PortalMode mode = PortalMode::Idle) {
  Landscape s(world);
  s.setMotion(motion);
  s.setPortalMode(mode);
  s.setViewport({1280, 800, pitch});
  s.setClock(t);
  s.renderAll();
  return layer(s, l);
}

// Ivy (4.1): bare at the reveal, drawn stem frame by stem frame, grown (the ruin's own paint) once
// the last leaf has popped, and grown at once under reduced motion.
TEST(SceneLife, IvyDrawsItself) {
  for (int pitch : {0, 2}) {
    // Reduced motion shows the ivy grown at any moment: the reference, the hands being the same.
    const int bare = differing(frozen(0, kGate, pitch), frozen(0, kGate, pitch, false));
    EXPECT_GT(bare, 100) << "pitch " << pitch << ": the ivy is the difference";
    int last = bare;
    for (double t : {0.6, 1.2, 1.8, 2.4, 3.0, 3.6}) {
      const int left = differing(frozen(t, kGate, pitch), frozen(t, kGate, pitch, false));
      EXPECT_LT(left, last) << "pitch " << pitch << ": more ivy at t " << t;
      last = left;
    }
    for (double t : {3.8, 6.5}) EXPECT_EQ(frozen(t, kGate, pitch), frozen(t, kGate, pitch, false)) << "grown at " << t;
  }
}

// The live loop's repaints of the growing ivy leave no trace: after it, a render equals a fresh
// frozen moment (the hands' base under the ivy kept right).
TEST(SceneLife, IvyLiveEqualsFrozen) {
  Landscape s;
  s.setViewport({1280, 800, 2});
  s.setClock(0);
  s.renderAll();
  for (int f = 0; f < 60 * 5; ++f) s.advance(1.0 / 60);
  s.renderAll();
  EXPECT_EQ(layer(s, kGate), frozen(s.clock(), kGate, 2));
}

}  // namespace

namespace {

int opaque(const std::vector<uint8_t>& a) {
  int n = 0;
  for (size_t k = 3; k < a.size(); k += 4) n += a[k] == 255;
  return n;
}

// Fireflies (5.2): in the fx layer in every light, moving, rebuilt bit for bit at a frozen moment,
// gone with life=off, still at their starting places under reduced motion, drawn toward the pointer.
TEST(SceneLife, Fireflies) {
  for (double day : {1.0, 0.0}) {
    Landscape s;
    s.setDayAndDusk(day, 0);
    s.setViewport({1280, 800, 0});
    s.setClock(1.5);  // before the first comet
    s.renderAll();
    EXPECT_GT(opaque(layer(s, kFx)), 20) << "day " << day;
  }
  EXPECT_EQ(frozen(1.5, kFx), frozen(1.5, kFx)) << "a frozen moment rebuilds";
  EXPECT_GT(differing(frozen(1.5, kFx), frozen(2.0, kFx)), 10) << "they move and blink";
  {
    Landscape s;
    s.setLife(false);
    s.setViewport({1280, 800, 0});
    s.setClock(1.5);
    s.renderAll();
    EXPECT_EQ(opaque(layer(s, kFx)), 0) << "life=off: none";
  }
  EXPECT_EQ(frozen(1.5, kFx, 0, false), frozen(9.0, kFx, 0, false)) << "reduced motion: still";
  EXPECT_NE(frozen(1.5, kFx, 0, false), frozen(0, kFx)) << "still: full opacity";
  // Another world, other flies.
  EXPECT_NE(frozen(1.5, kFx, 0, true, 405), frozen(1.5, kFx));

  // The live loop takes the frozen moment's fixed steps: with no pointer it reaches the same state.
  Landscape live;
  live.setViewport({1280, 800, 0});
  live.setClock(0);
  for (int f = 0; f < 90; ++f) live.advance(1.0 / 60);
  Landscape still;
  still.setClock(live.clock());
  for (int n = 0; n < kFireflies; ++n) {
    EXPECT_EQ(live.fireflies().f[n].x, still.fireflies().f[n].x);
    EXPECT_EQ(live.fireflies().f[n].y, still.fireflies().f[n].y);
  }
  // A pointer among them draws the near ones in.
  Landscape drawn;
  drawn.setViewport({1280, 800, 0});
  const Firefly f0 = drawn.fireflies().f[0];
  drawn.setPointer(f0.x + 150, f0.y, true);
  for (int f = 0; f < 60; ++f) drawn.advance(1.0 / 60);
  Landscape alone;
  alone.setViewport({1280, 800, 0});
  for (int f = 0; f < 60; ++f) alone.advance(1.0 / 60);
  EXPECT_GT(drawn.fireflies().f[0].x - alone.fireflies().f[0].x, 25) << "34 units/s toward the pointer for a second";
}

// Comets (5.3): the first launched 2.5 s after the start, in the fx layer inside the opening only,
// never over the gate layer's pixels, the rift's own pixels unchanged; more and faster when hot.
TEST(SceneLife, Comets) {
  Landscape s;
  s.setViewport({1280, 800, 2});
  s.setClock(2.4);
  EXPECT_EQ(s.comets().count, 0);
  s.setClock(3.0);
  EXPECT_EQ(s.comets().count, 1) << "launched at 2.5 s";
  // Idle, most escape outside the ring (the circular speed at launch is about 147 units/s); hot, the
  // portal's inflow drags them in.
  s.setPortalMode(PortalMode::Hot);
  s.setClock(9.0);
  s.setLife(false);  // no fireflies: the fx layer holds the comets alone
  s.renderAll();
  const auto fx = layer(s, kFx), gate = layer(s, kGate);
  const int n = opaque(fx);
  EXPECT_GT(n, 3);
  int overGate = 0, outside = 0;
  const Grid& g = s.grid();
  for (int j = 0; j < g.bh; ++j)
    for (int i = 0; i < g.bw; ++i) {
      const size_t k = (static_cast<size_t>(j) * g.bw + i) * 4;
      if (fx[k + 3] != 255) continue;
      overGate += gate[k + 3] == 255;
      outside += std::hypot(g.sx[i] - kGateX, g.sy[j] - kGateY) > kGateR + 70;
    }
  EXPECT_EQ(overGate, 0) << "under the hands and the stones";
  EXPECT_EQ(outside, 0) << "only in the opening and its leak";
  EXPECT_EQ(layer(s, kRift), frozen(9.0, kRift, 2, true, kDefaultWorldSeed, PortalMode::Hot)) << "life=off: the same rift";
  // Hot: launches every 0.5..1.3 s instead of 3..8 s.
  int idle = 0, hot = 0;
  for (PortalMode m : {PortalMode::Idle, PortalMode::Hot}) {
    Landscape c;
    c.setPortalMode(m);
    c.setClock(0);
    int launched = 0, before = 0;
    for (int f = 0; f < 60 * 20; ++f) {
      c.advance(1.0 / 60);
      launched += c.comets().count > before;
      before = c.comets().count;
    }
    (m == PortalMode::Idle ? idle : hot) = launched;
  }
  EXPECT_GT(hot, idle + 5) << idle << " idle, " << hot << " hot";
  EXPECT_EQ(opaque(frozen(3.0, kFx, 2, false)), opaque(frozen(1.0, kFx, 2, false))) << "reduced motion: no comets";
}

// Light spill (1.8): over the treads while the portal is hot, in four steps over 0.5 s, back when
// it cools; the rest of the ruin untouched.
TEST(SceneLife, LightSpill) {
  const auto idle = frozen(6.5, kGate, 0), hot = frozen(6.5, kGate, 0, true, kDefaultWorldSeed, PortalMode::Hot);
  Landscape s;
  s.setViewport({1280, 800, 0});
  s.setClock(6.5);
  s.renderAll();
  const Rect box = spillBox(s.grid()), hands = handsBox(s.grid());
  int inside = 0, outside = 0;
  for (int j = 0; j < s.bufferHeight(); ++j)
    for (int i = 0; i < s.bufferWidth(); ++i) {
      const size_t k = (static_cast<size_t>(j) * s.bufferWidth() + i) * 4;
      const bool d = !std::equal(idle.begin() + k, idle.begin() + k + 4, hot.begin() + k);
      const bool in = i >= box.i0 && i < box.i1 && j >= box.j0 && j < box.j1;
      const bool inHands = i >= hands.i0 && i < hands.i1 && j >= hands.j0 && j < hands.j1;
      (in ? inside : outside) += d && !inHands;
    }
  EXPECT_GT(inside, 500);
  EXPECT_EQ(outside, 0);
  // Live: the level steps up over half a second, then back down.
  s.setPortalMode(PortalMode::Hot);
  std::vector<int> seen;
  auto spilled = [&] { return differing(layer(s, kGate), idle); };
  for (int f = 0; f < 45; ++f) {
    s.advance(1.0 / 60);
    if (f % 8 == 7) seen.push_back(spilled());
  }
  for (size_t k = 1; k < 4; ++k) EXPECT_GT(seen[k], 0);
  s.setPortalMode(PortalMode::Idle);
  for (int f = 0; f < 60; ++f) s.advance(1.0 / 60);
  s.setClock(s.clock());
  s.renderAll();
  EXPECT_EQ(layer(s, kGate), frozen(s.clock(), kGate, 0)) << "cooled: the ruin's own pixels";
}

}  // namespace
