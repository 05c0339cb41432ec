// The scene's own sin and cos (cpp/scene/trig_math.h): within 2 ulp of glibc's (which is within
// about half an ulp of the true value) where the reduction is exact (|x| up to 1.6e6), within 5e-7
// absolutely at the scene's largest arguments, exact at 0, NaN where there is no answer. Its atan
// and atan2 within 2 ulp of glibc's (correctly rounded) everywhere, IEEE's answers at the edges;
// its hypot within 1 ulp at the scene's magnitudes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "scene/trig_math.h"

namespace {

using nf::scene::sceneAtan;
using nf::scene::sceneAtan2;
using nf::scene::sceneCos;
using nf::scene::sceneHypot;
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

TEST(SceneTrigMath, AtanWithinTwoUlpOfLibm) {
  int64_t worst = 0;
  // Every eighth's neighbourhood and the far range, both signs, from tiny to huge.
  for (int i = -400000; i <= 400000; ++i) {
    const double x = std::ldexp(1 + (i & 1023) / 1024.0 + i * 1e-9, (i / 1024) % 64 - 30) * (i < 0 ? -1 : 1);
    worst = std::max(worst, ulps(sceneAtan(x), std::atan(x)));
  }
  for (int i = 0; i <= 200000; ++i) {
    const double x = i / 25000.0 - 4;  // around 0, 1/16 steps and the eighths
    worst = std::max(worst, ulps(sceneAtan(x), std::atan(x)));
  }
  EXPECT_LE(worst, 2);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(sceneAtan(inf), std::atan(inf));
  EXPECT_EQ(sceneAtan(-inf), std::atan(-inf));
  EXPECT_EQ(sceneAtan(1e300), std::atan(1e300));
  EXPECT_EQ(sceneAtan(1e-300), 1e-300);
  EXPECT_TRUE(std::signbit(sceneAtan(-0.0)));
  EXPECT_TRUE(std::isnan(sceneAtan(std::nan(""))));
}

TEST(SceneTrigMath, Atan2WithinTwoUlpOfLibmInEveryQuadrant) {
  int64_t worst = 0;
  for (int i = 0; i < 720000; ++i) {
    const double a = i * (6.283185307179586 / 720000) - 3.141592653589793, r = 1e-3 + (i % 997) * 7.3;
    const double y = r * std::sin(a), x = r * std::cos(a);
    worst = std::max(worst, ulps(sceneAtan2(y, x), std::atan2(y, x)));
  }
  for (int i = -300; i <= 300; ++i)
    for (int j = -300; j <= 300; ++j) worst = std::max(worst, ulps(sceneAtan2(i * 0.5, j * 1.25), std::atan2(i * 0.5, j * 1.25)));
  EXPECT_LE(worst, 2);
  const double inf = std::numeric_limits<double>::infinity();
  for (double y : {0.0, -0.0, 1.0, -1.0, inf, -inf, 1e-310, -5e300})
    for (double x : {0.0, -0.0, 1.0, -1.0, inf, -inf, 1e-310, -5e300}) {
      const double a = sceneAtan2(y, x), b = std::atan2(y, x);
      EXPECT_LE(ulps(a, b), 1) << y << ", " << x << ": " << a << " against " << b;
    }
  EXPECT_TRUE(std::isnan(sceneAtan2(std::nan(""), 1)));
  EXPECT_TRUE(std::isnan(sceneAtan2(1, std::nan(""))));
}

TEST(SceneTrigMath, HypotWithinOneUlpAtTheScenesMagnitudes) {
  int64_t worst = 0;
  for (int i = 0; i < 400000; ++i) {
    const double x = (i % 2003) * 1.37 - 1300 + i * 1e-7, y = (i / 2003) * 9.1 - 900;
    worst = std::max(worst, ulps(sceneHypot(x, y), std::hypot(x, y)));
  }
  EXPECT_LE(worst, 1);
  EXPECT_EQ(sceneHypot(3, 4), 5);
  EXPECT_EQ(sceneHypot(-0.0, 0.0), 0);
  EXPECT_EQ(sceneHypot(-12, 0), 12);
}

}  // namespace
