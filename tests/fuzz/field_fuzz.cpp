// libFuzzer target: field config -> compile -> sample / fill / colour fill, and the landscape
// primitives. The input is a query (any text: parsed leniently, so every input gives a valid
// config) followed by coordinates and a grid. Properties (README "Determinism and coordinate
// range"): every sample is in [0, 1] and never NaN, for any coordinate; a fill equals the samples
// taken one by one, bit for bit; colour fills see no NaN; the landscape primitives are in [0, 1)
// and their fills equal them.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "noise/fbm.h"
#include "noise/field.h"
#include "noise/landscape_fill.h"
#include "noise/schema.h"

namespace {

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Any double, the awkward ones (overflowing octaves, non-finite) often.
double coordinate(FuzzedDataProvider& in) {
  constexpr double kSpecial[] = {0.0, -0.0, 0.5, 1e308, -1e308, 1.7976931348623157e308, 1e300, 1e295, 3.1e9,
                                 2147483648.0, -2147483649.5, 4294967296.0, 1e-308,
                                 std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN()};
  const int pick = in.ConsumeIntegralInRange<int>(0, 2);
  if (pick == 0) return kSpecial[in.ConsumeIntegralInRange<size_t>(0, sizeof kSpecial / sizeof kSpecial[0] - 1)];
  if (pick == 1) return in.ConsumeFloatingPointInRange<double>(-1e4, 1e4);
  return in.ConsumeFloatingPoint<double>();
}

void checkSample(double v, const char* what, double x, double y) {
  NF_FUZZ_CHECK(v >= 0 && v <= 1, "%s at (%.17g, %.17g) = %.17g", what, x, y, v);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const std::string query = in.ConsumeRandomLengthString(200);
  nf::FieldConfig c;
  nf::fromQueryLenient(query, c);
  const nf::Field field(c);

  const double x = coordinate(in), y = coordinate(in), z = coordinate(in);
  checkSample(field.sample(x, y), "sample", x, y);
  checkSample(field.sample(x, y, z), "sample3", x, y);
  checkSample(field.moisture(x, y), "moisture", x, y);
  double gx, gy;
  checkSample(field.sampleGrad(x, y, &gx, &gy), "sampleGrad", x, y);
  NF_FUZZ_CHECK(std::isfinite(gx) && std::isfinite(gy), "gradient at (%.17g, %.17g)", x, y);
  const uint32_t seed = in.ConsumeIntegral<uint32_t>();
  const int octaves = in.ConsumeIntegralInRange<int>(nf::kMinOctaves, nf::kMaxOctaves);
  const double lv = nf::valueNoise(x, y, seed), lf = nf::fbm(x, y, seed, octaves), ln = nf::nebula(x, y);
  NF_FUZZ_CHECK(lv >= 0 && lv < 1 && lf >= 0 && lf < 1 && ln >= 0 && ln < 1, "landscape at (%.17g, %.17g)", x, y);

  nf::GridSpec g;
  g.width = in.ConsumeIntegralInRange<int>(1, 9);
  g.height = in.ConsumeIntegralInRange<int>(1, 4);
  g.originX = x;
  g.originY = y;
  g.stepX = in.ConsumeBool() ? in.ConsumeFloatingPointInRange<double>(-2, 2) : coordinate(in);
  g.stepY = in.ConsumeBool() ? g.stepX : coordinate(in);
  g.offsetX = in.ConsumeIntegralInRange<int64_t>(-1000, 1000);
  g.offsetY = in.ConsumeIntegralInRange<int64_t>(-1000, 1000);
  if (!nf::validateGrid(g).empty()) return 0;

  const size_t n = static_cast<size_t>(g.samples());
  std::vector<float> out(n);
  const nf::FillStats st = field.fill(g, out.data());
  NF_FUZZ_CHECK(std::isfinite(st.mean) && st.min >= 0 && st.max <= 1, "fill stats %s", query.c_str());
  for (int j = 0; j < g.height; ++j)
    for (int i = 0; i < g.width; ++i) {
      const double sx = g.sampleX(i), sy = g.sampleY(j);
      const float want = static_cast<float>(field.sample(sx, sy));
      NF_FUZZ_CHECK(sameBits(out[static_cast<size_t>(j) * g.width + i], want), "fill != sample at (%.17g, %.17g) for %s",
                    sx, sy, nf::toQuery(c).c_str());
    }

  const nf::View view = static_cast<nf::View>(in.ConsumeIntegralInRange<int>(0, 4));
  std::vector<uint8_t> rgba(n * 4);
  std::vector<float> heights(n);
  nf::FillStats cs;
  field.fillColor(view, g, rgba.data(), heights.data(), &cs);
  for (size_t k = 0; k < n; ++k) NF_FUZZ_CHECK(sameBits(heights[k], out[k]), "colour fill height %zu", k);
  const nf::ColorFillSummary sum = field.colorSummary(view, g, heights.data(), rgba.data(), 16);
  uint64_t total = 0;
  for (uint32_t h : sum.histogram) total += h;
  NF_FUZZ_CHECK(total == n, "histogram holds %llu of %zu samples", static_cast<unsigned long long>(total), n);

  const nf::LandscapeKind kind = static_cast<nf::LandscapeKind>(in.ConsumeIntegralInRange<int>(0, 2));
  nf::fillLandscape(kind, g, seed, octaves, out.data());
  for (int j = 0; j < g.height; ++j)
    for (int i = 0; i < g.width; ++i) {
      const double sx = g.sampleX(i), sy = g.sampleY(j);
      const double s = kind == nf::LandscapeKind::Value ? nf::valueNoise(sx, sy, seed)
                       : kind == nf::LandscapeKind::Fbm ? nf::fbm(sx, sy, seed, octaves)
                                                        : nf::nebula(sx, sy);
      NF_FUZZ_CHECK(sameBits(out[static_cast<size_t>(j) * g.width + i], static_cast<float>(s)),
                    "landscape fill != scalar at (%.17g, %.17g)", sx, sy);
    }
  return 0;
}
