// The landscape's per-tick paints natively, at 1920x1080 and pitch 5, 2 and 1: the sky (stroke
// walking through the flow field) and the canopy (wind fBm per leaf pixel), with the same inputs the
// scene gives them, plus a whole renderAll(). A quick anchor for tick work without a browser.
#include <benchmark/benchmark.h>

#include "scene/island.h"
#include "scene/landscape.h"
#include "scene/ridges.h"
#include "scene/sky.h"
#include "scene/trees.h"

namespace {

using namespace nf::scene;

struct SceneParts {
  Seeds seeds{kDefaultWorldSeed};
  Grid grid;
  Palette pal;
  RidgeTables ridges;
  Meadow meadow;
  CanopyCache canopy;
  Image skyBase, out;
  FlowField flow;
  Air air;

  explicit SceneParts(int pitch) {
    grid = makeGrid(1920, 1080, pitch);
    pal = makePalette(0.6, 0);
    makeRidgeTables(ridges, grid, seeds);
    makeMeadow(meadow, grid, seeds);
    skyBase.resize(grid.bw, grid.bh);
    out.resize(grid.bw, grid.bh);
    paintSkyBase(skyBase, grid, pal, ridges.skylineMax + 30, kSunR);
    makeCanopy(canopy, grid, pal, seeds, meadow.top);
    air.drift = 123;
    air.time = 12.3;
  }
};

void BM_SkyTick(benchmark::State& state) {
  SceneParts s(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    s.air.drift += 10.0 / 8;
    s.air.time += 1.0 / 8;
    paintSky(s.out, s.skyBase, s.grid, s.pal, s.air, s.ridges, s.seeds.cloud, s.flow);
    benchmark::DoNotOptimize(s.out.p.data());
  }
}

void BM_CanopyTick(benchmark::State& state) {
  SceneParts s(static_cast<int>(state.range(0)));
  double clock = 12.3;
  for (auto _ : state) {
    clock += 0.1;
    paintCanopy(s.out, s.grid, s.pal, s.seeds, s.canopy, 0.05 * clock, clock);
    benchmark::DoNotOptimize(s.out.p.data());
  }
}

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
    benchmark::DoNotOptimize(scene.pixels(kSky));
  }
}

// Pitch 1 is slow enough to need 2 s per repetition for a stable median.
#define NF_PITCHES(bm)                                        \
  BENCHMARK(bm)->Arg(5)->Arg(2)->Unit(benchmark::kMillisecond); \
  BENCHMARK(bm)->Arg(1)->MinTime(2)->Unit(benchmark::kMillisecond)
NF_PITCHES(BM_SkyTick);
NF_PITCHES(BM_CanopyTick);
NF_PITCHES(BM_RenderAll);
NF_PITCHES(BM_Viewport);

}  // namespace
