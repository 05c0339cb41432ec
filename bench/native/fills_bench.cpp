// Native fills with Google Benchmark: the same sources as the wasm module, for a native anchor.
#include <benchmark/benchmark.h>

#include <vector>

#include "noise/landscape_fill.h"

namespace {

void fill(benchmark::State& state, nf::LandscapeKind kind, int octaves) {
  nf::GridSpec g;
  g.width = static_cast<int>(state.range(0));
  g.height = static_cast<int>(state.range(1));
  g.stepX = g.stepY = 0.01;
  std::vector<float> out(static_cast<size_t>(g.samples()));
  for (auto _ : state) {
    const nf::FillStats s = nf::fillLandscape(kind, g, 0, octaves, out.data());
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations() * g.samples());
  state.counters["ns/sample"] = benchmark::Counter(
      static_cast<double>(g.samples()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Fbm3(benchmark::State& s) { fill(s, nf::LandscapeKind::Fbm, 3); }
void BM_Fbm4(benchmark::State& s) { fill(s, nf::LandscapeKind::Fbm, 4); }
void BM_Nebula(benchmark::State& s) { fill(s, nf::LandscapeKind::Nebula, 3); }

// A 1080p nebula fill takes about 0.1 s: 2 s per repetition gives it a dozen iterations or more.
BENCHMARK(BM_Fbm3)->Args({384, 216})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fbm3)->Args({1920, 1080})->MinTime(2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fbm4)->Args({384, 216})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fbm4)->Args({1920, 1080})->MinTime(2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Nebula)->Args({384, 216})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Nebula)->Args({1920, 1080})->MinTime(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
