// The exact primitives against docs/scene.md ("Golden values") and the seeds' worked examples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/hash.h"
#include "noise/random.h"
#include "noise/value_noise.h"

namespace {

TEST(Golden, HashOfOriginIsExactlyZero) { EXPECT_EQ(nf::hash(0, 0, 0), 0.0); }

TEST(Golden, HashValues) {
  EXPECT_EQ(nf::hashU32(3, 4, 1), 984641629u);
  EXPECT_EQ(nf::hash(3, 4, 1), 0.22925474424846470);
  EXPECT_EQ(nf::hashU32(static_cast<uint32_t>(-7), 12, 404), 2527350159u);
  EXPECT_EQ(nf::hash(-7, 12, 404), 0.58844456425867975);
}

TEST(Golden, TutorialHashIsADifferentFunction) {
  EXPECT_EQ(nf::hash(3, 4, 1, nf::kTutorialSeedMul), 0.92116898391395807);
  EXPECT_NE(nf::hash(3, 4, 1, nf::kTutorialSeedMul), nf::hash(3, 4, 1));
}

TEST(Golden, ValueNoise) { EXPECT_EQ(nf::valueNoise(0.25, 0.75, 42), 0.32579064964193094); }

TEST(Golden, Fbm) {
  EXPECT_EQ(nf::fbm(1.3, 2.7, 211, 3), 0.56386351984317051);
  EXPECT_EQ(nf::fbm(1.3, 2.7, 211, 4), 0.56134741338136451);
  EXPECT_EQ(nf::fbm(1.3, 2.7, 211), nf::fbm(1.3, 2.7, 211, 3)) << "three octaves by default";
}

TEST(Golden, Nebula) { EXPECT_EQ(nf::nebula(0.5, 0.5), 0.56115198519661935); }

TEST(Golden, Mulberry32Of404) {
  nf::Mulberry32 rng(404);
  const double expected[] = {0.35325593198649585, 0.89716984261758626, 0.14653041982091963,
                             0.15189645905047655, 0.49218348157592118};
  for (double e : expected) EXPECT_EQ(rng.next(), e);
}

// Seeds 001: bilinear and smoothstep-bilinear on corners 0.2, 0.8, 0.5, 0.1 at (0.25, 0.5).
double bilinear(double v00, double v10, double v01, double v11, double tx, double ty) {
  return nf::lerp(nf::lerp(v00, v10, tx), nf::lerp(v01, v11, tx), ty);
}

TEST(SeedExamples, Bilinear) {
  EXPECT_NEAR(bilinear(0.2, 0.8, 0.5, 0.1, 0.25, 0.5), 0.375, 1e-15);
  EXPECT_NEAR(bilinear(0.2, 0.8, 0.5, 0.1, nf::smoothstep(0.25), nf::smoothstep(0.5)), 0.365625, 1e-15);
}

TEST(SeedExamples, NoiseFieldsCell) {
  // Seeds 000: corners 0.2, 0.9, 0.6, 0.4 at (0.25, 0.75) give about 0.528.
  EXPECT_EQ(nf::smoothstep(0.25), 0.15625);
  EXPECT_EQ(nf::smoothstep(0.75), 0.84375);
  EXPECT_NEAR(bilinear(0.2, 0.9, 0.6, 0.4, nf::smoothstep(0.25), nf::smoothstep(0.75)), 0.528, 5e-4);
}

TEST(SeedExamples, FadeTable) {
  const double t[] = {0.0, 0.10, 0.25, 0.50, 0.75, 0.90, 1.0};
  const double s[] = {0.000, 0.028, 0.156, 0.500, 0.844, 0.972, 1.000};
  const double q[] = {0.000, 0.009, 0.104, 0.500, 0.896, 0.991, 1.000};
  for (int i = 0; i < 7; ++i) {
    EXPECT_NEAR(nf::lerp(0, 1, t[i]), t[i], 5e-4);
    EXPECT_NEAR(nf::smoothstep(t[i]), s[i], 5e-4) << "t=" << t[i];
    EXPECT_NEAR(nf::quintic(t[i]), q[i], 5e-4) << "t=" << t[i];
  }
}

TEST(Helpers, Clamp01CapsBelowOne) {
  EXPECT_EQ(nf::clamp01(-3), 0.0);
  EXPECT_EQ(nf::clamp01(2), 0.9999);
  EXPECT_EQ(nf::clamp01(0.5), 0.5);
  EXPECT_LT(nf::smooth(0, 1, 5), 1.0);
  EXPECT_EQ(nf::smooth(1, 0, 1), 0.0) << "a reversed edge works";
  EXPECT_NEAR(nf::smooth(1, 0, 0), 0.9999 * 0.9999 * (3 - 2 * 0.9999), 1e-15);
}

TEST(NonFinite, DocumentedValue) {
  const double inf = INFINITY, nan = NAN;
  EXPECT_EQ(nf::valueNoise(nan, 1, 0), nf::kNonFiniteResult);
  EXPECT_EQ(nf::fbm(1, inf, 0, 3), nf::kNonFiniteResult);
  EXPECT_EQ(nf::nebula(-inf, 0), nf::kNonFiniteResult);
}

TEST(Properties, RangeDeterminismSeedsContinuity) {
  nf::Mulberry32 rng(1);
  int seedDiffer = 0;
  for (int k = 0; k < 20000; ++k) {
    const double x = (rng.next() - 0.5) * 2e6, y = (rng.next() - 0.5) * 2e6;
    const uint32_t s = rng.nextU32();
    const double v = nf::valueNoise(x, y, s), f = nf::fbm(x, y, s, 4), n = nf::nebula(x * 1e-3, y * 1e-3);
    for (double r : {v, f, n}) {
      ASSERT_GE(r, 0.0);
      ASSERT_LT(r, 1.0);
    }
    ASSERT_EQ(f, nf::fbm(x, y, s, 4));
    if (nf::fbm(x, y, s + 1, 4) != f) ++seedDiffer;
    const double xs = std::fmod(x, 1000.0);
    ASSERT_LT(std::fabs(nf::fbm(xs + 1e-4, y * 1e-3, s, 4) - nf::fbm(xs, y * 1e-3, s, 4)), 1e-3);
    // The two warps multiply slopes (gains 4 and 3.5), so nebula is steeper than fbm: its slope
    // stays below 100, hence the smaller step for the same 1e-3 bound.
    ASSERT_LT(std::fabs(nf::nebula(xs * 1e-2 + 1e-5, 0.5) - nf::nebula(xs * 1e-2, 0.5)), 1e-3);
  }
  EXPECT_GT(seedDiffer, 19900);
}

TEST(Properties, LatticeIndicesWrapLikeJs) {
  // Beyond int32 the lattice index wraps modulo 2^32 (JS Math.imul's ToInt32), so x and x + 2^32
  // land on the same lattice values.
  EXPECT_EQ(nf::valueNoise(5.25, 3.5, 9), nf::valueNoise(5.25 + 4294967296.0, 3.5, 9));
  EXPECT_EQ(nf::wrapToU32(-1.0), 0xFFFFFFFFu);
  EXPECT_EQ(nf::wrapToU32(4294967296.0 * 3 + 7), 7u);
  EXPECT_EQ(nf::wrapToU32(-4294967296.0 * 5 - 1), 0xFFFFFFFFu);
}

}  // namespace
