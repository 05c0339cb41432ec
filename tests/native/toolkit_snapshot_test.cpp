// Snapshots: every noise type, fractal and warp at small, mid, large and huge coordinates, bit for
// bit (hex floats). Any change to a kernel's arithmetic shows here, whatever the properties say.
// tests/wasm/toolkit_snapshot.test.mjs holds the same values for the wasm build.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "noise/field.h"
#include "noise/schema.h"

namespace {

struct Snapshot {
  const char* query;
  double values[5];
};

// At (0.5, 0.25), (-7.75, 3.125), (1234.5, -987.25), (1e6 + 0.5, -1e6 - 0.25), (3.1e9, -2.7e9).
constexpr double kPoints[5][2] = {{0.5, 0.25}, {-7.75, 3.125}, {1234.5, -987.25}, {1e6 + 0.5, -1e6 - 0.25}, {3.1e9, -2.7e9}};
const Snapshot kSnapshots[] = {
    {"", {0x1.18147a9588d0ep-1, 0x1.b26234cd3703ap-1, 0x1.c82239fc98b3ep-2, 0x1.70557de8802c5p-2, 0x1.228efb3cd61p-1}},
    {"fd=quintic&h=tutorial&o=5", {0x1.eb2dabf033154p-2, 0x1.4ce596ac9c56ap-1, 0x1.f17665e0f895dp-2, 0x1.d819021c81c0cp-3, 0x1.1c385bfcc62a8p-2}},
    {"t=gradient&o=4&sc=8", {0x1.06b1e82db760cp-1, 0x1.121f4885aa987p-1, 0x1.43c79f6360444p-1, 0x1.1dd765f2878dp-1, 0x1.090d0a0a4b55cp-1}},
    {"t=gradient&fd=cubic&fr=ridged", {0x1.537393d88b21bp-1, 0x1.a915c6ab8f61dp-1, 0x1.60cf762626491p-1, 0x1.c98b1aa7e847p-2, 0x1.fffff311e0ea1p-1}},
    {"t=simplex&fr=none", {0x1.3223be6f7a494p-3, 0x1.d884e471fd7f9p-1, 0x1.c5a4d71cd5115p-1, 0x1.ea227d81ad7e6p-1, 0x1p-1}},
    {"t=simplex&d=3&z=0.37&o=3", {0x1.3b3a90a64fe6dp-2, 0x1.9fe050111fc2p-1, 0x1.4d9d5345ffabbp-1, 0x1.47eea791a2b2ap-2, 0x1.d3a806ab9c7b2p-2}},
    {"t=simplex&px=4&py=3&sc=8", {0x1.034fde8ca158ap-1, 0x1.84bf03f48c7f6p-1, 0x1.eca0ae4c49aafp-2, 0x1.ea0ce82c47d28p-2, 0x1.17ce8fdfb0ec4p-1}},
    {"t=cellular&fr=none", {0x1.8b4cccd58385dp-3, 0x1.2d680391fb20dp-2, 0x1.93d45bff7ca7fp-3, 0x1.a159c1a17d2afp-2, 0x1.c009cc608281dp-3}},
    {"t=cellular&cd=manhattan&cr=f2-f1&o=2", {0x1.01e21b15f0513p-2, 0x1.c68f407f6c658p-3, 0x1.82fa273b36eb4p-2, 0x1.1000eaae45307p-2, 0x1.44edaf6298375p-3}},
    {"t=cellular&cr=cell&j=0.5", {0x1.07073ede49249p-2, 0x1.ae1e2efa49249p-2, 0x1.a68d82abb6db7p-1, 0x1.5b9bb2636db6ep-2, 0x1.3187214892492p-2}},
    {"fr=billow&o=6&l=2.5&g=0.6", {0x1.45de4cf200513p-2, 0x1.0792ac8c18076p-1, 0x1.d7ec02dffa3e4p-2, 0x1.ffcd6dddfe335p-2, 0x1.ea35bb8d16d2ap-3}},
    {"wl=2&w=1.5&w2=0.8&sc=12", {0x1.fbd9133642368p-2, 0x1.d75f2a138f6b9p-2, 0x1.4cac8c3964a85p-1, 0x1.e2f9c15c0994dp-2, 0x1.b3643e57c058ap-2}},
    {"t=value&d=3&z=-2.5&wl=1&sc=5", {0x1.81b209309ea0fp-2, 0x1.65dffe68f664ep-2, 0x1.92bd65f82f737p-2, 0x1.2cf419f67a527p-2, 0x1.58db18bccd8b6p-1}},
    {"s=227&wl=2&wc=0&w=4&wy=211&w2=3.5&vy=223", {0x1.0e5e4b509a50dp-3, 0x1.a5e5c1796101dp-2, 0x1.e152de2a35e77p-2, 0x1.5f4a97a2aaaf8p-2, 0x1.09433dfc8e9d5p-1}},
    // Added with OpenSimplex2 and 3-D cellular (issue 10): new rows, no earlier row changed.
    {"t=opensimplex2&fr=none", {0x1.4f2a676129dap-3, 0x1.ecdc801b30134p-1, 0x1.8d65b18134f62p-1, 0x1.eb72520c87fe4p-1, 0x1.956934d220a6ap-2}},
    {"t=opensimplex2&d=3&z=0.37&o=3", {0x1.e1d7cbaf25ebdp-3, 0x1.27334d15c233p-2, 0x1.367bf6567d54dp-2, 0x1.34cf234e7c4c6p-1, 0x1.e73a5d36fd728p-2}},
    {"t=cellular&d=3&z=0.3&cr=f2&cd=manhattan", {0x1.11acb99068e16p-1, 0x1.fa95573944908p-2, 0x1.2d6d3dc45d9b9p-1, 0x1.0ffef292ff2ebp-1, 0x1.301c6689c5341p-1}},
};

TEST(ToolkitSnapshot, EveryTypeAtSmallLargeAndHugeCoordinates) {
  for (const Snapshot& s : kSnapshots) {
    nf::FieldConfig c;
    ASSERT_EQ(nf::fromQuery(s.query, c), "") << s.query;
    const nf::Field f(c);
    for (int k = 0; k < 5; ++k) {
      const double got = f.sample(kPoints[k][0], kPoints[k][1]);
      EXPECT_EQ(std::memcmp(&got, &s.values[k], sizeof got), 0)
          << s.query << " at (" << kPoints[k][0] << ", " << kPoints[k][1] << "): " << got << " vs " << s.values[k];
    }
  }
}

}  // namespace
