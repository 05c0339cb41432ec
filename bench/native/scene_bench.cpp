// The landscape's ticks natively, at 1920x1080 and pitch 5, 2 and 1: the sky (stroke walking
// through the flow field) and the canopy (wind fBm per leaf pixel) on a clock that moves between
// iterations, a whole renderAll(), a resize (the paint-once work plus renderAll) and the stepped
// day change and resize, and one second of the scene's frames and of the gate's ticks. A quick anchor
// for tick work without a browser; world 404, day 0.6.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>

#include "scene/landscape.h"
#include "scene/ruin.h"

namespace {

using nf::scene::Landscape;

void tick(benchmark::State& state, nf::scene::Layer layer) {
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
  double clock = 12.3;
  for (auto _ : state) {
    clock += 0.125;
    scene.setClock(clock);
    benchmark::DoNotOptimize(scene.paintTick(layer));
  }
}

void BM_SkyTick(benchmark::State& s) { tick(s, nf::scene::kSky); }
void BM_CanopyTick(benchmark::State& s) { tick(s, nf::scene::kCanopy); }
void BM_FieldTick(benchmark::State& s) { tick(s, nf::scene::kHill); }
void BM_NearTick(benchmark::State& s) { tick(s, nf::scene::kNear); }
void BM_RiftTick(benchmark::State& s) { tick(s, nf::scene::kRift); }

void BM_RenderAll(benchmark::State& state) {
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
  for (auto _ : state) benchmark::DoNotOptimize(scene.renderAll());
}

void BM_Viewport(benchmark::State& state) {  // the paint-once work of a resize, plus renderAll
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  for (auto _ : state) {
    scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
    benchmark::DoNotOptimize(scene.pixels(nf::scene::kSky));
  }
}

void BM_DayChange(benchmark::State& state) {  // setDayAndDusk: the paint-once layers again, plus renderAll
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
  bool flip = false;
  for (auto _ : state) {
    scene.setDayAndDusk((flip = !flip) ? 0.55 : 0.6, 0);
    benchmark::DoNotOptimize(scene.pixels(nf::scene::kSky));
  }
}

// Stepped repaints (setStepped): a day change or a resize one unit per step. The time is the whole
// repaint's; longest_step_ms is the longest single step, what a frame waits for at most.
void stepped(benchmark::State& state, bool resize) {
  const int pitch = static_cast<int>(state.range(0));
  Landscape scene;
  scene.setStepped(true);
  scene.setDayAndDusk(0.6, 0);
  scene.setViewport({1920, 1080, pitch});
  while (!scene.stepRepaint(1 << 30)) {
  }
  double longest = 0;
  long steps = 0;
  bool flip = false;
  for (auto _ : state) {
    flip = !flip;
    if (resize) scene.setViewport({flip ? 1900 : 1920, 1080, pitch});
    else scene.setDayAndDusk(flip ? 0.55 : 0.6, 0);
    for (bool done = false; !done; ++steps) {
      const auto t0 = std::chrono::steady_clock::now();
      done = scene.stepRepaint(1);
      longest = std::max(longest, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
  }
  state.counters["longest_step_ms"] = longest;
  state.counters["steps"] = static_cast<double>(steps) / static_cast<double>(state.iterations());
}
void BM_SteppedDayChange(benchmark::State& s) { stepped(s, false); }
void BM_SteppedViewport(benchmark::State& s) { stepped(s, true); }

// One second of the live scene: 60 frames of advance(1 / 60) (every tick due in them, as the page's
// loop), the portal idle (arg 1: 0) or hot (1: the hands race, the steps lit).
void BM_Second(benchmark::State& state) {
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  scene.setPortalMode(state.range(1) ? nf::scene::PortalMode::Hot : nf::scene::PortalMode::Idle);
  scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
  scene.setClock(12.3);
  scene.advance(0);
  for (auto _ : state)
    for (int f = 0; f < 60; ++f) benchmark::DoNotOptimize(scene.advance(1.0 / 60));
}

// One second of the gate's ticks (20, the rift's), as the live loop paints them: the hands racing
// (arg 2: 1, the portal hot: all three move each tick) or at the visitor's time (0: the second
// hand alone moves) over the ruin and the ivy growing (seconds 1 to 2 after the reveal, both
// creepers), each repainting what changed (arg 1: 1), or whole (0: the hands as a render paints
// them, the box copied from the ruin and every hand's reach worked out, and the creepers' boxes,
// each tick). hands_px_per_tick: the hands' pixels worked out (before this, every pixel of the box).
void BM_GateSecond(benchmark::State& state) {
  using namespace nf::scene;
  Landscape scene;
  scene.setDayAndDusk(0.6, 0);
  scene.setViewport({1920, 1080, static_cast<int>(state.range(0))});
  const bool partial = state.range(1) != 0;
  const Grid& g = scene.grid();
  const RuinLook look = makeRuinLook(kDefaultWorldSeed);
  RuinIds ids;
  ruinIdRows(ids, g, look, 0, 1);
  Image ruin;
  ruin.resize(g.bw, g.bh);
  paintRuinRows(ruin, g, scene.palette(), ids, look, 0, 1);
  const Rect box = handsBox(g);
  PodList<Px> base;
  for (int j = box.j0; j < box.j1; ++j)
    for (int i = box.i0; i < box.i1; ++i) base.push_back(ruin.p[static_cast<size_t>(j) * g.bw + i]);
  Image d = ruin;
  PodList<uint8_t> scratch;
  ClockState c;
  c.wall = 36000;
  double clock = 0;
  settleClock(c, clock);
  HandsPaint last;
  double ivyT[2] = {kIvyGrown, kIvyGrown};
  long pixels = 0;
  for (auto _ : state) {
    for (int k = 0; k < 20; ++k) {
      clock += 0.05;
      stepClock(c, clock, 0.05, static_cast<int>(state.range(2)));
      const double t = 1 + std::fmod(clock, 1.0);  // the ivy's second 1..2 again and again
      Rect ivy;
      for (int n = 0; n < 2; ++n) {
        const Ivy& v = look.ivy[n];
        const Rect r = partial ? ivyChangeBox(g, ids, v, ivyT[n], t) : ivyBox(g, ids, v);
        ivyT[n] = t;
        paintRuinIvy(d, g, scene.palette(), ids, look, r, t, scratch);
        ivy = ivy.unite(r);
      }
      if (!partial) last.valid = false;
      paintHands(d, g, scene.palette(), base, c, clock, last, ivy);
      pixels += last.computed;
    }
    benchmark::DoNotOptimize(d.p.data());
  }
  state.counters["hands_px_per_tick"] = static_cast<double>(pixels) / (20.0 * static_cast<double>(state.iterations()));
}

BENCHMARK(BM_Second)->ArgsProduct({{5, 2, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GateSecond)->ArgsProduct({{5, 2, 1}, {0, 1}, {1, 0}})->Unit(benchmark::kMillisecond);

// Pitch 1 is slow enough to need 2 s per repetition for a stable median.
#define NF_PITCHES(bm)                                        \
  BENCHMARK(bm)->Arg(5)->Arg(2)->Unit(benchmark::kMillisecond); \
  BENCHMARK(bm)->Arg(1)->MinTime(2)->Unit(benchmark::kMillisecond)
NF_PITCHES(BM_SkyTick);
NF_PITCHES(BM_CanopyTick);
NF_PITCHES(BM_FieldTick);
NF_PITCHES(BM_NearTick);
NF_PITCHES(BM_RiftTick);
NF_PITCHES(BM_RenderAll);
NF_PITCHES(BM_Viewport);
NF_PITCHES(BM_DayChange);
NF_PITCHES(BM_SteppedDayChange);
NF_PITCHES(BM_SteppedViewport);

}  // namespace
