// The ruin's life beside the walker (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 4.1, 5.2,
// 5.3, 1.8): each element appears, moves, rebuilds bit for bit at a frozen moment, and stops for
// life=off or reduced motion as the docs say.
#include <gtest/gtest.h>

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
