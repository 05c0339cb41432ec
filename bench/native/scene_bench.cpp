// The landscape's ticks natively, at 1920x1080 and pitch 5, 2 and 1: the sky (stroke walking
// through the flow field) and the canopy (wind fBm per leaf pixel) on a clock that moves between
// iterations, a whole renderAll(), a resize (the paint-once work plus renderAll) and the stepped
// day change and resize. A quick anchor
// for tick work without a browser; world 404, day 0.6.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>

#include "scene/landscape.h"

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
