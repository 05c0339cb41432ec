// A program built on noisefield::core, as a user writes one (tests/consumer: built the three ways
// of README "Use from C++", with -O3 -march=native). For each field query given (the query of a
// share link), a 256 x 256 heightmap in floats (Field::fill) and as many double samples
// (Field::sample) between its pixels; then the landscape's fbm and nebula, inline functions of the
// headers and so compiled with this program's flags, at the same points. All raw to stdout:
// consumer.test.mjs compares every value with the wasm module's, bit for bit.
#include <cstdio>
#include <string>
#include <vector>

#include "noise/fbm.h"
#include "noise/field.h"

constexpr int kSide = 256;
constexpr double kX0 = -100.25, kY0 = -60.5, kStep = 0.75;

// Between the pixels, so the samples are not the fill's own points.
double sampleX(int i) { return kX0 + (i + 0.3) * kStep; }
double sampleY(int j) { return kY0 + (j + 0.7) * kStep; }

template <class T>
void put(const std::vector<T>& v) {
  std::fwrite(v.data(), sizeof(T), v.size(), stdout);
}

int main(int argc, char** argv) {
  std::vector<float> heights(kSide * kSide);
  std::vector<double> samples(kSide * kSide);
  for (int a = 1; a < argc; ++a) {
    nf::FieldConfig config;
    nf::Field field;
    std::string error = nf::fromQuery(argv[a], config);
    if (error.empty()) error = nf::Field::create(config, &field);
    if (!error.empty()) {
      std::fprintf(stderr, "%s: %s\n", argv[a], error.c_str());
      return 1;
    }
    nf::GridSpec grid;
    grid.width = grid.height = kSide;
    grid.originX = kX0;
    grid.originY = kY0;
    grid.stepX = grid.stepY = kStep;
    field.fill(grid, heights.data());
    for (int j = 0; j < kSide; ++j)
      for (int i = 0; i < kSide; ++i) samples[j * kSide + i] = field.sample(sampleX(i), sampleY(j));
    put(heights);
    put(samples);
  }
  for (int j = 0; j < kSide; ++j)
    for (int i = 0; i < kSide; ++i) samples[j * kSide + i] = nf::fbm(sampleX(i) / 16, sampleY(j) / 16, 211, 5);
  put(samples);
  for (int j = 0; j < kSide; ++j)
    for (int i = 0; i < kSide; ++i) samples[j * kSide + i] = nf::nebula(sampleX(i) / 64, sampleY(j) / 64);
  put(samples);
  return 0;
}
