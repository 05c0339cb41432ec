// Helpers shared by the toolkit tests, so that every suite builds configurations and compares
// samples the same way.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <utility>
#include <vector>

#include "noise/grid.h"
#include "noise/schema.h"

namespace nftest {

// Bit equality, as the library's contract is stated: == would let -0.0 pass for 0.0.
inline bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A validated config from key/value text pairs (any range of pairs whose parts stream and convert to
// string_view); a rejected pair or an invalid result fails the calling test.
template <class KVs>
nf::FieldConfig cfgOf(const KVs& kv) {
  nf::FieldConfig c;
  for (const auto& [k, v] : kv) EXPECT_EQ(c.setEnum(k, v), "") << k << "=" << v;
  EXPECT_EQ(c.validate(), "");
  return c;
}
inline nf::FieldConfig cfg(std::initializer_list<std::pair<const char*, const char*>> kv) { return cfgOf(kv); }

// The names of the noise types (every row of NF_NOISE_TYPES), or of those with a capability flag
// set, so that type-generic tests cover a new type without a list to extend.
inline std::vector<const char*> typeNames(bool nf::TypeCaps::*flag = nullptr) {
  std::vector<const char*> r;
  for (const nf::TypeCaps& t : nf::kTypeCaps)
    if (!flag || t.*flag) r.push_back(t.name);
  return r;
}

// A grid of width x height samples from (originX, originY), stepX and stepY apart (one step for
// both unless two are given), its offsets 0: the tests' grids in one line.
inline nf::GridSpec grid(int width, int height, double originX, double originY, double stepX, double stepY) {
  nf::GridSpec g;
  g.width = width;
  g.height = height;
  g.originX = originX;
  g.originY = originY;
  g.stepX = stepX;
  g.stepY = stepY;
  return g;
}
inline nf::GridSpec grid(int width, int height, double originX, double originY, double step = 1) {
  return grid(width, height, originX, originY, step, step);
}

// The window of `big` that starts at its sample (offsetX, offsetY), as a grid of its own.
inline nf::GridSpec tileOf(const nf::GridSpec& big, int width, int height, int64_t offsetX, int64_t offsetY) {
  nf::GridSpec t = big;
  t.width = width;
  t.height = height;
  t.offsetX = offsetX;
  t.offsetY = offsetY;
  return t;
}

// `part` (filled on `tile`) holds, bit for bit, the samples of `all` (filled on `big`) that the
// tile's offsets point at: an offset tile must be the same field, not a shifted re-evaluation.
inline ::testing::AssertionResult tileEqualsRegion(const std::vector<float>& part, const nf::GridSpec& tile,
                                                   const std::vector<float>& all, const nf::GridSpec& big) {
  for (int j = 0; j < tile.height; ++j)
    for (int i = 0; i < tile.width; ++i) {
      const int64_t bj = j + tile.offsetY - big.offsetY, bi = i + tile.offsetX - big.offsetX;
      if (!sameBits(part[static_cast<size_t>(j) * tile.width + i], all[static_cast<size_t>(bj * big.width + bi)]))
        return ::testing::AssertionFailure() << "tile sample " << i << "," << j;
    }
  return ::testing::AssertionSuccess();
}

}  // namespace nftest
