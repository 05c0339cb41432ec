// A fill's statistics taken in lanes (Engine::storeFloatRow, detail/row_stats.h) against the serial
// StatsAccumulator::storeRow, bit for bit, on every engine this build and CPU have: the stored
// floats, min, max and mean, over rows built to catch each way the lanes could differ (the order
// of the sum where it rounds, +0 / -0 ties, values that overflow a float, NaN, tails of 1-7).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "noise/detail/row_source.h"
#include "noise/field.h"
#include "noise/grid.h"
#include "toolkit_support.h"

namespace {

using nftest::sameBits;

std::vector<const nf::Engine*> engines() {
  std::vector<const nf::Engine*> r;
#if defined(NF_ENGINES_X86)
  r.push_back(&nf::kEngineScalar);
  r.push_back(&nf::kEngineSse2);
#if defined(NF_ENGINE_AVX2)
  if (__builtin_cpu_supports("avx2")) r.push_back(&nf::kEngineAvx2);
#endif
#else
  r.push_back(&nf::kEngineDefault);
#endif
  return r;
}

bool sameStats(const nf::FillStats& a, const nf::FillStats& b) {
  return sameBits(a.min, b.min) && sameBits(a.max, b.max) && sameBits(a.mean, b.mean);
}
std::string show(const nf::FillStats& s) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "min %a max %a mean %a", s.min, s.max, s.mean);
  return buf;
}

// Rows (each padded as the row samplers pad them) added one after another to one accumulator by
// the engine and by the serial reference; every stored float and the statistics after every row
// must agree.
void expectSameAsSerial(const nf::Engine& e, const std::vector<std::vector<double>>& rows, const std::string& what) {
  nf::StatsAccumulator lanes, serial;
  for (size_t r = 0; r < rows.size(); ++r) {
    const std::vector<double>& row = rows[r];
    const int n = static_cast<int>(row.size());
    std::vector<double> h(row);
    h.resize(static_cast<size_t>((n + 3) / 4 * 4) + 4, 0.25);
    // One float of room past the row on each side, to catch a store outside it.
    std::vector<float> a(static_cast<size_t>(n) + 2, -7.0f), b(static_cast<size_t>(n) + 2, -7.0f);
    e.storeFloatRow(h.data(), n, a.data() + 1, &lanes);
    serial.storeRow(h.data(), n, b.data() + 1);
    for (int i = 0; i < n + 2; ++i)
      ASSERT_TRUE(sameBits(a[static_cast<size_t>(i)], b[static_cast<size_t>(i)]))
          << e.name << " " << what << ": row " << r << " float " << i - 1 << " of " << n;
    ASSERT_TRUE(sameStats(lanes.result(), serial.result()))
        << e.name << " " << what << ": after row " << r << " (width " << n << ")\n  lanes  " << show(lanes.result())
        << "\n  serial " << show(serial.result());
  }
}

std::vector<std::vector<double>> uniformRows(uint32_t seed, int rows, int width, double lo, double hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<std::vector<double>> r(static_cast<size_t>(rows));
  for (auto& row : r) {
    row.resize(static_cast<size_t>(width));
    for (double& v : row) v = u(rng);
  }
  return r;
}

}  // namespace

TEST(ToolkitFillStats, EnginesAreTested) {
  const auto es = engines();
  ASSERT_FALSE(es.empty());
#if defined(NF_ENGINES_X86)
  EXPECT_GE(es.size(), 2u);  // scalar and SSE2 at least
#endif
}

// Noise-like rows: values in [0, 1], in [-1, 1], widths with every tail, up to a 1080p fill's row
// count so that the running sum grows past the range where small values add exactly.
TEST(ToolkitFillStats, NoiseRowsMatchSerial) {
  for (const nf::Engine* e : engines()) {
    for (int width : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 513}) {
      expectSameAsSerial(*e, uniformRows(7 + width, 40, width, 0, 1), "unit width " + std::to_string(width));
      expectSameAsSerial(*e, uniformRows(9 + width, 40, width, -1, 1), "signed width " + std::to_string(width));
    }
    expectSameAsSerial(*e, uniformRows(11, 1080, 1920, 0, 1), "1920x1080 unit");
    expectSameAsSerial(*e, uniformRows(12, 300, 1920, 0.2, 0.8), "1920x300 mid");
  }
}

// Rows whose serial sum rounds: a large running sum, then small values of many magnitudes. Summed
// in any other order these give other bits (checked below: the case is one that can fail).
TEST(ToolkitFillStats, RoundingSumsKeepTheSerialOrder) {
  std::vector<std::vector<double>> rows;
  rows.push_back(std::vector<double>(64, 3.0e7));  // running sum ~2^31: 2^-22 is its ulp
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(0, 1);
  for (int r = 0; r < 20; ++r) {
    std::vector<double> row(37);
    for (double& v : row) v = u(rng) * std::ldexp(1.0, -static_cast<int>(u(rng) * 30));
    rows.push_back(row);
  }
  // The case can fail: the serial sum of the floats differs from the same values summed four
  // lanes apart (what a lane loop without the exactness test would give).
  {
    double serial = 0, lane[4] = {0, 0, 0, 0};
    for (const auto& row : rows)
      for (size_t i = 0; i < row.size(); ++i) {
        const double v = static_cast<float>(row[i]);
        serial += v;
        lane[i % 4] += v;
      }
    ASSERT_NE(serial, (lane[0] + lane[1]) + (lane[2] + lane[3]));
  }
  for (const nf::Engine* e : engines()) expectSameAsSerial(*e, rows, "rounding sums");
}

// +0 and -0: equal, so the first one met is the minimum (or maximum) addRow keeps.
TEST(ToolkitFillStats, SignedZerosKeepTheFirstMet) {
  const double z = 0.0, nz = -0.0;
  const std::vector<std::vector<std::vector<double>>> cases = {
      {{0.5, nz, 0.25, z, 0.75, z, nz, 0.5, 0.1}},
      {{0.5, z, 0.25, nz, 0.75, nz, z, 0.5, 0.1}},
      {{-0.5, nz, -0.25, z, -0.75, z, nz, -0.5}},
      {{-0.5, z, -0.25, nz, -0.75, nz, z, -0.5}},
      {{z, z, z, nz, nz, nz, nz, z}, {nz, nz, nz, nz}},
      {{nz, z, nz, z, nz}, {z, nz, 0.3}, {-0.3, nz}},
      {{0.1, 0.2, 0.3, 0.4, nz, z, z, z}},
      {{0.1, 0.2, 0.3, 0.4, z, nz, nz, nz}},
      // The first zero met in a later lane or accumulator than the one a lane order reads first.
      {{0.5, nz, z, 0.5}},
      {{0.5, z, nz, 0.5}},
      {{-0.5, nz, z, -0.5}},
      {{-0.5, z, nz, -0.5}},
      {{0.5, 0.5, 0.5, 0.5, 0.5, nz, 0.5, 0.5, z, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
      {{0.5, 0.5, 0.5, 0.5, 0.5, z, 0.5, 0.5, nz, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
      {{-0.5, -0.5, -0.5, -0.5, -0.5, nz, -0.5, -0.5, z, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5}},
      {{-0.5, -0.5, -0.5, -0.5, -0.5, z, -0.5, -0.5, nz, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5}},
  };
  for (const nf::Engine* e : engines())
    for (size_t c = 0; c < cases.size(); ++c) expectSameAsSerial(*e, cases[c], "zeros case " + std::to_string(c));
}

// Values a float cannot hold (rounded to infinity), NaN, float subnormals and tiny doubles.
TEST(ToolkitFillStats, ExtremeValuesMatchSerial) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::vector<std::vector<double>>> cases = {
      {{0.5, 1e39, 0.25, 0.1, 0.2, 0.3, 0.4, 0.6}},
      {{0.5, -1e39, 0.25, 0.1, 0.2}, {0.5, 0.5, 0.5, 0.5, 0.5}},
      {{0.5, nan, 0.25, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7}},
      {{nan, nan, nan, nan, nan, nan, nan, nan}},
      {{inf, -inf, 0.5, 0.5}},
      {{1e-40, 3e-42, 1e-45, 0.5, 0.25, 1e-38, 2e-39, 0.75}},
      {{1e-300, 1e-320, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}},
      {{static_cast<double>(FLT_MAX), static_cast<double>(FLT_MAX), 1.0, 2.0, 3.0}},
      {{3.4028235677973366e38, 0.5, 0.5, 0.5}},  // rounds to FLT_MAX, not to infinity
      {{1e30, -1e30, 1e30, -1e30, 1.0, 1e-7, 1e-7, 1e-7}},
  };
  for (const nf::Engine* e : engines())
    for (size_t c = 0; c < cases.size(); ++c) expectSameAsSerial(*e, cases[c], "extreme case " + std::to_string(c));
}

// The fills themselves (on this process's engine): fill(), fillColor() and fillBiomes() report the
// statistics of the floats they wrote, as the serial loop adds them.
TEST(ToolkitFillStats, FillsReportTheSerialStatistics) {
  const nf::GridSpec g = nftest::grid(203, 61, -3.1, 7.3, 0.37, 0.41);
  for (const char* type : nftest::typeNames()) {
    const nf::FieldConfig c = nftest::cfg({{"type", type}, {"octaves", "3"}});
    const nf::Field f(c);
    std::vector<float> out(static_cast<size_t>(g.samples()));
    const nf::FillStats got = f.fill(g, out.data());
    nf::StatsAccumulator serial;
    for (int j = 0; j < g.height; ++j) serial.addRow(out.data() + static_cast<size_t>(j) * g.width, g.width);
    EXPECT_TRUE(sameStats(got, serial.result())) << type << " on " << nf::laneBackend() << ": " << show(got) << " vs "
                                                 << show(serial.result());
    std::vector<uint8_t> rgba(static_cast<size_t>(g.samples()) * 4), ids(static_cast<size_t>(g.samples()));
    std::vector<float> scratch(static_cast<size_t>(g.samples()));
    for (nf::View v : {nf::View::Raw, nf::View::Relief}) {
      nf::FillStats colour;
      f.fillColor(v, g, rgba.data(), scratch.data(), &colour);
      nf::StatsAccumulator heights;  // the relief's heights are sampleGrad's: their own floats
      for (int j = 0; j < g.height; ++j) heights.addRow(scratch.data() + static_cast<size_t>(j) * g.width, g.width);
      EXPECT_TRUE(sameStats(colour, heights.result())) << type << " fillColor view " << static_cast<int>(v);
    }
    const nf::FillStats biomes = f.fillBiomes(g, ids.data(), scratch.data());
    EXPECT_TRUE(sameStats(biomes, got)) << type << " fillBiomes";
  }
}
