// The scene's own e^x, tanh, ln and x^y (cpp/scene/exp_math.h): within 2 and 3 ulp of libm's (which is
// within about half an ulp of the true value here) over the ranges the scene uses and beyond, the edges
// (0, tiny, NaN, infinities, underflow), and exact where the answer is (e^0 = 1, tanh(0) = 0).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "scene/exp_math.h"

namespace {

using nf::scene::sceneExp;
using nf::scene::sceneLogNormal;
using nf::scene::scenePow;
using nf::scene::sceneTanh;

// Distance in units in the last place between two finite doubles of the same sign.
int64_t ulps(double a, double b) {
  int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  return ia > ib ? ia - ib : ib - ia;
}

TEST(SceneExpMath, ExpWithinTwoUlpOfLibm) {
  int64_t worst = 0;
  for (int i = 0; i <= 200000; ++i) {
    const double x = -745 + (709 + 745) * (i / 200000.0);
    if (x < -707) {
      EXPECT_EQ(sceneExp(x), 0.0) << x;  // no subnormals: the scene's decays end at 0
      continue;
    }
    worst = std::max(worst, ulps(sceneExp(x), std::exp(x)));
  }
  EXPECT_LE(worst, 2);
  // Small arguments, where the decays per tick are (dt of a frame times a rate).
  for (double x = -1e-9; x > -3; x *= 1.37) EXPECT_LE(ulps(sceneExp(x), std::exp(x)), 2) << x;
  EXPECT_EQ(sceneExp(0.0), 1.0);
  EXPECT_EQ(sceneExp(-0.0), 1.0);
  EXPECT_EQ(sceneExp(-1000.0), 0.0);
  EXPECT_EQ(sceneExp(-std::numeric_limits<double>::infinity()), 0.0);
  EXPECT_EQ(sceneExp(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_EQ(sceneExp(710.0), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(sceneExp(std::nan(""))));
}

TEST(SceneExpMath, TanhWithinThreeUlpOfLibm) {
  int64_t worst = 0;
  for (int i = 0; i <= 200000; ++i) {
    const double x = -25 + 50 * (i / 200000.0);
    if (x == 0) continue;
    worst = std::max(worst, ulps(sceneTanh(x), std::tanh(x)));
  }
  EXPECT_LE(worst, 3);
  for (double x = 1e-300; x < 1; x *= 3.1) {
    EXPECT_LE(ulps(sceneTanh(x), std::tanh(x)), 3) << x;
    EXPECT_EQ(sceneTanh(-x), -sceneTanh(x)) << x;
  }
  EXPECT_EQ(sceneTanh(0.0), 0.0);
  EXPECT_TRUE(std::signbit(sceneTanh(-0.0)));
  EXPECT_EQ(sceneTanh(40.0), 1.0);
  EXPECT_EQ(sceneTanh(-std::numeric_limits<double>::infinity()), -1.0);
  EXPECT_TRUE(std::isnan(sceneTanh(std::nan(""))));
}

TEST(SceneExpMath, LogWithinTwoUlpOfLibm) {
  int64_t worst = 0;
  for (int e = -1022; e <= 1023; e += 7) {
    for (int i = 0; i < 1000; ++i) {
      const double x = std::ldexp(1 + i / 1000.0, e);
      if (x == 1) continue;
      worst = std::max(worst, ulps(sceneLogNormal(x), std::log(x)));
    }
  }
  EXPECT_LE(worst, 2);
  EXPECT_EQ(sceneLogNormal(1.0), 0.0);
}

// e^(y ln x) carries ln x's error times |y ln x|: within 4 + 2 |y ln x| ulp (32 at 0.0001^2.5).
TEST(SceneExpMath, PowOnTheScenesRanges) {
  for (double y : {0.7, 0.8, 0.85, 1.3, 1.5, 1.6, 2.5, 4.0}) {
    for (int i = 1; i <= 100000; ++i) {
      const double x = i / 100000.0, want = std::pow(x, y);
      EXPECT_LE(ulps(scenePow(x, y), want), 4 + 2 * std::fabs(y * std::log(x))) << x << "^" << y;
    }
  }
  EXPECT_EQ(scenePow(0.0, 1.3), 0.0);
  EXPECT_EQ(scenePow(1.0, 0.85), 1.0);
  EXPECT_EQ(scenePow(0.25, 0.5), 0.5);
  EXPECT_TRUE(std::isnan(scenePow(-0.5, 2.0)));  // the scene's bases are never negative
  EXPECT_TRUE(std::isnan(scenePow(0.5, std::nan(""))));
}

}  // namespace
