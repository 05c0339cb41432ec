// Every tick kind on its cadence (sky 8/s, rift 20/s, field, near and canopy 10/s each) at any frame
// rate that leaves room for them, with jittered frame times as a browser's requestAnimationFrame
// gives them: ticks painted over a run of frames = the run's duration x the rate, to within one (the
// one a sky tick still in progress at the end: it shows two frames after it begins).
#include <gtest/gtest.h>

#include <cmath>

#include "scene/landscape.h"

namespace {

using namespace nf::scene;

struct Rate {
  Layer layer;
  double perSecond;
};
const Rate kRates[] = {{kSky, 8}, {kRift, 20}, {kHill, 10}, {kNear, 10}, {kCanopy, 10}};

// Frames of about 1/fps s (alternately `jitter` s shorter and longer) for `seconds`: -> ticks painted per layer.
void run(double fps, double jitter, double seconds, int (&ticks)[kLayerCount], double& clock) {
  Landscape s;
  s.setViewport({320, 200, 5});
  s.advance(0);  // the repaint's report
  const double t0 = s.clock();
  const int frames = static_cast<int>(std::lround(seconds * fps));
  for (int f = 0; f < frames; ++f) {
    const uint32_t m = s.advance(1 / fps + (f % 2 ? jitter : -jitter));
    for (int l = 0; l < kLayerCount; ++l) ticks[l] += (m >> l) & 1u;
  }
  clock = s.clock() - t0;
}

TEST(SceneCadence, EveryKindOnItsCadence) {
  for (double fps : {60.0, 50.0, 40.0, 144.0}) {
    for (double jitter : {0.0, 0.0004, 0.002}) {
      int ticks[kLayerCount] = {};
      double secs = 0;
      run(fps, jitter, 20, ticks, secs);
      for (const Rate& r : kRates)
        EXPECT_NEAR(ticks[r.layer], secs * r.perSecond, 1.001)
            << "layer " << r.layer << " at " << fps << " fps, jitter " << jitter;
    }
  }
}

// At 30 frames a second the three 10/s jobs (at most one a frame) take every frame and still all come.
TEST(SceneCadence, JobsFillEveryFrameAtThirtyFps) {
  int ticks[kLayerCount] = {};
  double secs = 0;
  run(30, 0.0003, 20, ticks, secs);
  for (const Rate& r : kRates) EXPECT_NEAR(ticks[r.layer], secs * r.perSecond, 2.0) << "layer " << r.layer;
}

// Frames as long as the rift's period (dt is capped there, 50 ms) each paint a rift tick, and the
// 60 Hz frames after them go back to one in three.
TEST(SceneCadence, SlowFramesKeepTheRiftCadence) {
  Landscape s;
  s.setViewport({320, 200, 5});
  s.advance(0);
  for (int f = 0; f < 60; ++f) s.advance(1.0 / 60);
  int rift = 0;
  for (int f = 0; f < 4; ++f) rift += (s.advance(0.05) >> kRift) & 1u;  // four 50 ms frames: 4 rift ticks due
  EXPECT_EQ(rift, 4);
  int after = 0;
  for (int f = 0; f < 3; ++f) after += (s.advance(1.0 / 60) >> kRift) & 1u;
  EXPECT_EQ(after, 1);
}

}  // namespace
