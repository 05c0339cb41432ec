// Native peers side by side (bench native): noisefield's Field fills beside libnoise (Debian's
// libnoise-dev, the classic C++ library) on the types both have, on the same 512 x 512 grid
// (x = i * 0.0173 + 0.37, y = j * 0.0173 + 0.29 in lattice units, as bench/types.mjs), one thread.
// libnoise is 3-D only: its modules sample GetValue(x, y, z0); ours run 2-D and 3-D (the slice z0).
// Pairs: gradient (quintic: Perlin 2002) vs Perlin at QUALITY_BEST (quintic), one octave and
// fBm-4 (lacunarity 2.03, gain / persistence 0.5); ridged fBm-4 vs RidgedMulti (4 octaves);
// cellular cell value vs Voronoi (cell value, no distance). Not the same functions: the same kind
// of work a user picks one library or the other for.
#include <benchmark/benchmark.h>
#include <libnoise/noise.h>

#include <string>
#include <vector>

#include "noise/field.h"
#include "noise/schema.h"

namespace {

constexpr int kW = 512, kH = 512;
constexpr double kStep = 0.0173, kX0 = 0.37, kY0 = 0.29, kZ0 = 0.41;

void counters(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * kW * kH);
  state.counters["ns/sample"] = benchmark::Counter(static_cast<double>(kW) * kH,
                                                   benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void ours(benchmark::State& state, const char* query) {
  nf::FieldConfig c;
  if (!nf::fromQuery(std::string(query) + "&s=42", c).empty()) state.SkipWithError("bad query");
  const nf::Field f(c);
  nf::GridSpec g;
  g.width = kW;
  g.height = kH;
  g.originX = kX0;
  g.originY = kY0;
  g.stepX = g.stepY = kStep;
  std::vector<float> out(static_cast<size_t>(g.samples()));
  for (auto _ : state) benchmark::DoNotOptimize(f.fill(g, out.data()));
  counters(state);
}

void theirs(benchmark::State& state, const noise::module::Module& m) {
  std::vector<float> out(static_cast<size_t>(kW) * kH);
  for (auto _ : state) {
    for (int j = 0; j < kH; ++j) {
      const double y = j * kStep + kY0;
      for (int i = 0; i < kW; ++i) out[static_cast<size_t>(j) * kW + i] = static_cast<float>(m.GetValue(i * kStep + kX0, y, kZ0));
    }
    benchmark::DoNotOptimize(out.data());
  }
  counters(state);
}

template <class M>
M configured(int octaves) {
  M m;
  m.SetSeed(42);
  m.SetFrequency(1);
  m.SetOctaveCount(octaves);
  m.SetLacunarity(2.03);
  m.SetNoiseQuality(noise::QUALITY_BEST);
  return m;
}

void BM_Ours(benchmark::State& s, const char* q) { ours(s, q); }
void BM_Libnoise_Perlin1(benchmark::State& s) {
  noise::module::Perlin m = configured<noise::module::Perlin>(1);
  theirs(s, m);
}
void BM_Libnoise_Perlin4(benchmark::State& s) {
  noise::module::Perlin m = configured<noise::module::Perlin>(4);
  m.SetPersistence(0.5);
  theirs(s, m);
}
void BM_Libnoise_RidgedMulti4(benchmark::State& s) {
  noise::module::RidgedMulti m = configured<noise::module::RidgedMulti>(4);
  theirs(s, m);
}
void BM_Libnoise_Voronoi(benchmark::State& s) {
  noise::module::Voronoi m;
  m.SetSeed(42);
  m.SetFrequency(1);
  m.EnableDistance(false);
  theirs(s, m);
}

BENCHMARK_CAPTURE(BM_Ours, gradient, "t=gradient&fd=quintic&fr=none");
BENCHMARK_CAPTURE(BM_Ours, gradient_3d, "t=gradient&fd=quintic&fr=none&d=3&z=0.41");
BENCHMARK(BM_Libnoise_Perlin1);
BENCHMARK_CAPTURE(BM_Ours, gradient_fbm4, "t=gradient&fd=quintic&o=4&l=2.03&g=0.5");
BENCHMARK_CAPTURE(BM_Ours, gradient_3d_fbm4, "t=gradient&fd=quintic&o=4&l=2.03&g=0.5&d=3&z=0.41");
BENCHMARK(BM_Libnoise_Perlin4);
BENCHMARK_CAPTURE(BM_Ours, gradient_ridged4, "t=gradient&fd=quintic&fr=ridged&o=4&l=2.03&g=0.5");
BENCHMARK(BM_Libnoise_RidgedMulti4);
BENCHMARK_CAPTURE(BM_Ours, cellular_cell, "t=cellular&fr=none&cr=cell");
BENCHMARK_CAPTURE(BM_Ours, cellular_3d_cell, "t=cellular&fr=none&cr=cell&d=3&z=0.41");
BENCHMARK(BM_Libnoise_Voronoi);

}  // namespace
BENCHMARK_MAIN();
