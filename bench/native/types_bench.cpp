// Native fills of each noise type on one 512 x 512 grid (x = i * 0.0173 + 0.37, y = j * 0.0173 +
// 0.29 in lattice units, seed 42: bench/types.mjs's grid), one thread. bench/native.mjs runs these
// once per engine (NOISEFIELD_ISA=scalar, sse2, avx2: the same kernels built three ways) for the
// table beside libnoise and the FastNoiseLite / FastNoise2 figures.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/landscape_fill.h"
#include "noise/schema.h"

namespace {

constexpr int kW = 512, kH = 512;

nf::GridSpec grid() {
  nf::GridSpec g;
  g.width = kW;
  g.height = kH;
  g.originX = 0.37;
  g.originY = 0.29;
  g.stepX = g.stepY = 0.0173;
  return g;
}

void counters(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * kW * kH);
  state.counters["ns/sample"] = benchmark::Counter(static_cast<double>(kW) * kH,
                                                   benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.SetLabel(nf::laneBackend());
}

void BM_Type(benchmark::State& state, const char* query) {
  nf::FieldConfig c;
  if (!nf::fromQuery(std::string(query) + "&s=42&sc=1", c).empty()) state.SkipWithError("bad query");
  const nf::Field f(c);
  const nf::GridSpec g = grid();
  std::vector<float> out(static_cast<size_t>(g.samples()));
  for (auto _ : state) benchmark::DoNotOptimize(f.fill(g, out.data()));
  counters(state);
}
// The 404 page's nebula (a two-level warp of value fBm-3), as the page fills it.
void BM_TypeNebula(benchmark::State& state) {
  const nf::GridSpec g = grid();
  std::vector<float> out(static_cast<size_t>(g.samples()));
  for (auto _ : state) benchmark::DoNotOptimize(nf::fillLandscape(nf::LandscapeKind::Nebula, g, 0, 3, out.data()));
  counters(state);
}

// fBm-4: lacunarity 2.03, gain 0.5 (bench/types.mjs).
#define NF_FBM4 "&fr=fbm&o=4&l=2.03&g=0.5"
BENCHMARK_CAPTURE(BM_Type, value, "t=value&fd=cubic&fr=none");
BENCHMARK_CAPTURE(BM_Type, value_fbm4, "t=value&fd=cubic" NF_FBM4);
BENCHMARK_CAPTURE(BM_Type, gradient, "t=gradient&fd=quintic&fr=none");
BENCHMARK_CAPTURE(BM_Type, gradient_fbm4, "t=gradient&fd=quintic" NF_FBM4);
BENCHMARK_CAPTURE(BM_Type, simplex, "t=simplex&fr=none");
BENCHMARK_CAPTURE(BM_Type, simplex_fbm4, "t=simplex" NF_FBM4);
BENCHMARK_CAPTURE(BM_Type, opensimplex2, "t=opensimplex2&fr=none");
BENCHMARK_CAPTURE(BM_Type, opensimplex2_3d, "t=opensimplex2&fr=none&d=3&z=0.41");
BENCHMARK_CAPTURE(BM_Type, cellular, "t=cellular&fr=none&cd=euclidean&cr=f1");
BENCHMARK_CAPTURE(BM_Type, cellular_3d, "t=cellular&fr=none&cd=euclidean&cr=f1&d=3&z=0.41");
BENCHMARK(BM_TypeNebula);

}  // namespace
