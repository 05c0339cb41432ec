// Snapshots: every noise type, fractal and warp at small, mid, large and huge coordinates, bit for
// bit (hex floats). Any change to a kernel's arithmetic shows here, whatever the properties say.
// tests/wasm/toolkit_snapshot.test.mjs holds the same values for the wasm build. Every row was
// regenerated once, on purpose, when Fields began finalising their seeds (tk::seedTerm, issue 24).
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
    {"", {0x1.243bfdb3be23ap-1, 0x1.296284c1c074fp-1, 0x1.544bfcbf59edap-2, 0x1.d66e8d6b807cap-2, 0x1.133ac9071a809p-1}},
    {"fd=quintic&h=tutorial&o=5", {0x1.eebe5daaf6bc4p-3, 0x1.4eb3675421914p-2, 0x1.3759894e8df8cp-1, 0x1.d9bc39cc8bf29p-2, 0x1.82846096e731fp-1}},
    {"t=gradient&o=4&sc=8", {0x1.098a662ab0509p-1, 0x1.8e1c7f8aef743p-2, 0x1.21e09766bba7dp-1, 0x1.f7758e376e14cp-2, 0x1.0608b23d76f91p-1}},
    {"t=gradient&fd=cubic&fr=ridged", {0x1.ab25d569255p-1, 0x1.676a5a235b66ep-1, 0x1.7717a37053a68p-1, 0x1.d350a06daba75p-1, 0x1.ffffe623cb677p-1}},
    {"t=simplex&fr=none", {0x1.1c53608f68fp-2, 0x1.f44eaa45bcf4ep-2, 0x1.f0c477c6146f4p-4, 0x1.13389d5d2b9ebp-1, 0x1.7402b7ee48244p-1}},
    {"t=simplex&d=3&z=0.37&o=3", {0x1.384f92d4ab068p-1, 0x1.2baf57e3a8efp-1, 0x1.195335521338ap-1, 0x1.9a71ea5bd6abep-2, 0x1.c3e52d001af37p-2}},
    {"t=simplex&px=4&py=3&sc=8", {0x1.0b2e8a3e6f529p-1, 0x1.116a7ce25291cp-1, 0x1.bb5e578adc715p-2, 0x1.d665088cbff15p-2, 0x1.e5ff142745452p-2}},
    {"t=cellular&fr=none", {0x1.4c78bc709a15bp-2, 0x1.c64223614d864p-2, 0x1.7450f049f6e85p-2, 0x1.12236b0fc0824p-3, 0x1.107d89484696bp-3}},
    {"t=cellular&cd=manhattan&cr=f2-f1&o=2", {0x1.cb6deac3ebb47p-3, 0x1.6290f954c1b98p-4, 0x1.2f680d2ad67c8p-3, 0x1.143c000b632bdp-2, 0x1.ac2515995e8fp-3}},
    {"t=cellular&cr=cell&j=0.5", {0x1.206a4902db6dbp-2, 0x1.c49963d892492p-2, 0x1.62f68f596db6ep-1, 0x1.77df365092492p-2, 0x1.2cafc578p-2}},
    {"fr=billow&o=6&l=2.5&g=0.6", {0x1.29fd88d03c66p-1, 0x1.9fe088d3cc1c9p-2, 0x1.3bb4526160b69p-3, 0x1.4544f7ab5540ap-3, 0x1.1da44481265bdp-1}},
    {"wl=2&w=1.5&w2=0.8&sc=12", {0x1.6e501727ab779p-1, 0x1.dbc1646a07f0bp-2, 0x1.473c21f12ae59p-1, 0x1.4b84491791a11p-1, 0x1.662db76c4064p-2}},
    {"t=value&d=3&z=-2.5&wl=1&sc=5", {0x1.4de789cd257bbp-1, 0x1.1ac9ad07bfc6cp-1, 0x1.0d01e82aa8daap-1, 0x1.cf21711185f98p-2, 0x1.2efaefba89d3bp-1}},
    {"s=227&wl=2&wc=0&w=4&wy=211&w2=3.5&vy=223", {0x1.74f27f86dc8a2p-2, 0x1.73c72ac091f66p-2, 0x1.6cb468c3d79ddp-1, 0x1.3ddba70261812p-1, 0x1.40fd3a7c33c46p-1}},
    // Added with OpenSimplex2 and 3-D cellular (issue 10): new rows, no earlier row changed.
    {"t=opensimplex2&fr=none", {0x1.0a13db907086cp-1, 0x1.0c65e5774479ep-1, 0x1.34641f0f6c206p-3, 0x1.e06838d0ba127p-2, 0x1.7e528a2452d16p-1}},
    {"t=opensimplex2&d=3&z=0.37&o=3", {0x1.58b6dca679cd6p-1, 0x1.ce14bba2c2b09p-2, 0x1.479d47ed88968p-2, 0x1.f17b1b2b6041ep-2, 0x1.30d0dffbbc615p-1}},
    {"t=cellular&d=3&z=0.3&cr=f2&cd=manhattan", {0x1.2c9b5849fec51p-1, 0x1.01fad3db89f5ep-1, 0x1.1a650f8153a5ap-1, 0x1.1839026984d4fp-1, 0x1.bae027dfbbeep-2}},
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
