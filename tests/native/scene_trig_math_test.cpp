// The scene's own sin and cos (cpp/scene/trig_math.h): within 2 ulp of glibc's (which is within
// about half an ulp of the true value) where the reduction is exact (|x| up to 1.6e6), within 5e-7
// absolutely at the scene's largest arguments, exact at 0, NaN where there is no answer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "scene/trig_math.h"

namespace {

using nf::scene::sceneCos;
using nf::scene::sceneSin;
using nf::scene::sceneSinCos;

int64_t ulps(double a, double b) {
  if (std::signbit(a) != std::signbit(b)) return a == b ? 0 : INT64_MAX;
  int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  return ia > ib ? ia - ib : ib - ia;
}

TEST(SceneTrigMath, WithinTwoUlpOfLibmWhereTheReductionIsExact) {
  for (double range : {4.0, 100.0, 1e4, 1.6e6}) {
    int64_t worst = 0;
    for (int i = -200000; i <= 200000; ++i) {
      const double x = range * (i / 200000.0) + 1e-3 * (i % 7);
      worst = std::max({worst, ulps(sceneSin(x), std::sin(x)), ulps(sceneCos(x), std::cos(x))});
    }
    EXPECT_LE(worst, 2) << "|x| <= " << range;
  }
  // Near the zeros, where the reduction's accuracy shows: k pi/2 rounded to a double.
  for (int k = 1; k < 200000; k += 7) {
    const double x = k * 1.57079632679489661923;
    EXPECT_LE(ulps(sceneSin(x), std::sin(x)), 2) << x;
    EXPECT_LE(ulps(sceneCos(x), std::cos(x)), 2) << x;
  }
}

TEST(SceneTrigMath, LargeArgumentsAndEdges) {
  double worst = 0;
  for (int i = 0; i <= 100000; ++i) {
    const double x = 1e9 * 2.4 * (i / 100000.0);  // the clock clamped at 1e9 s, times the fastest rate
    worst = std::max({worst, std::fabs(sceneSin(x) - std::sin(x)), std::fabs(sceneCos(x) - std::cos(x))});
  }
  EXPECT_LT(worst, 5e-7);
  EXPECT_EQ(sceneSin(0.0), 0.0);
  EXPECT_TRUE(std::signbit(sceneSin(-0.0)));
  EXPECT_EQ(sceneCos(0.0), 1.0);
  EXPECT_EQ(sceneSin(1e-300), 1e-300);
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), 0x1p50}) {
    EXPECT_TRUE(std::isnan(sceneSin(bad))) << bad;
    EXPECT_TRUE(std::isnan(sceneCos(bad))) << bad;
  }
}

TEST(SceneTrigMath, SinCosIsSinAndCos) {
  for (double x : {0.0, -0.0, 1e-30, -3e-9, 0.5, -0.785, 2.0, 3.14159, -7.5, 1e3, -1.6e6, 1e9, 0x1p50, std::nan("")}) {
    double s, c;
    sceneSinCos(x, s, c);
    if (std::isnan(x) || x >= 0x1p50) {
      EXPECT_TRUE(std::isnan(s) && std::isnan(c)) << x;
      continue;
    }
    EXPECT_EQ(ulps(s, sceneSin(x)), 0) << x;
    EXPECT_EQ(ulps(c, sceneCos(x)), 0) << x;
  }
  for (int i = -100000; i <= 100000; ++i) {
    const double x = i * 0.0137;
    double s, c;
    sceneSinCos(x, s, c);
    ASSERT_EQ(ulps(s, sceneSin(x)), 0) << x;
    ASSERT_EQ(ulps(c, sceneCos(x)), 0) << x;
  }
}

}  // namespace
