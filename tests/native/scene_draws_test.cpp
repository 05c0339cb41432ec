// The order of random draws (docs/scene.md: "Primitives", "Sky", "Rift", "Water", "Exactness"): each list
// is replayed here from that description against a fresh mulberry32 stream, draw by draw,
// including the draws whose result is not used.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "noise/random.h"
#include "scene/rift.h"
#include "scene/seeds.h"
#include "scene/sky.h"
#include "scene/water.h"

namespace {

using namespace nf::scene;
constexpr double kTwoPi = 6.283185307179586;

TEST(SceneDraws, MotesTakeNineDrawsOrEightForStars) {
  PodList<Mote> motes;
  makeMotes(motes, 404);
  ASSERT_EQ(motes.size(), 1600u);
  nf::Mulberry32 r(404);
  int stars = 0;
  for (const Mote& m : motes) {
    EXPECT_DOUBLE_EQ(m.r, 230 * std::sqrt(r.next()));
    EXPECT_NEAR(m.a0, kTwoPi * r.next(), 1e-15);
    const bool star = r.next() < 0.05;
    ASSERT_EQ(m.star >= 0, star);
    if (star) {
      ++stars;
      EXPECT_EQ(m.star, static_cast<int>(std::floor(6 * r.next())));
    }
    EXPECT_EQ(m.thr, r.next());
    if (!star) {
      EXPECT_EQ(m.len, 3 + static_cast<int>(std::floor(4 * r.next())));
      EXPECT_EQ(m.wide, r.next() < 0.45);
    } else {
      EXPECT_EQ(m.len, 1);
      EXPECT_FALSE(m.wide);
    }
    const double mag = r.next();
    EXPECT_EQ(m.mag, mag * mag);
    EXPECT_NEAR(m.freq, 0.8 + 2.4 * r.next(), 1e-15);
    EXPECT_NEAR(m.phase, kTwoPi * r.next(), 1e-15);
  }
  EXPECT_GT(stars, 40) << "about 5% of 1600 motes are stars";
  EXPECT_LT(stars, 130);
}

TEST(SceneDraws, RipplesTakeSixDraws) {
  PodList<Ripple> ripples;
  makeRipples(ripples, Seeds(kDefaultWorldSeed));
  ASSERT_EQ(ripples.size(), 52u);
  nf::Mulberry32 r(99);
  for (const Ripple& p : ripples) {
    const double y = 870 + 12 + 110 * std::pow(r.next(), 0.8);
    EXPECT_DOUBLE_EQ(p.y, y);
    EXPECT_DOUBLE_EQ(p.x, 1600 * r.next());
    EXPECT_DOUBLE_EQ(p.w, 20 + r.next() * (30 + 0.6 * (y - 870)));
    EXPECT_EQ(p.bright, r.next() < 0.35);
    EXPECT_DOUBLE_EQ(p.half, 0.8 + 1.2 * r.next());
    EXPECT_DOUBLE_EQ(p.phase, 4 * r.next());
  }
}

TEST(SceneDraws, StarCandidatesTakeFiveDrawsKeptOrNot) {
  PodList<SkyStar> stars;
  makeStars(stars, Seeds(kDefaultWorldSeed));
  ASSERT_GT(stars.size(), 0u);
  ASSERT_LE(stars.size(), 18u);
  // Every kept star is some candidate of the stream, in order: walk the candidates (five draws
  // each) and match the kept ones as they come.
  nf::Mulberry32 r(77);
  size_t next = 0;
  for (int n = 0; n < 80 && next < stars.size(); ++n) {
    const double x = 40 + 1520 * r.next(), y = 30 + 420 * r.next();
    const double mag = std::pow(r.next(), 1.6), freq = 0.6 + 1.6 * r.next(), phase = kTwoPi * r.next();
    if (stars[next].x == x && stars[next].y == y) {
      EXPECT_DOUBLE_EQ(stars[next].mag, mag);
      EXPECT_DOUBLE_EQ(stars[next].freq, freq);
      EXPECT_NEAR(stars[next].phase, phase, 1e-15);
      EXPECT_LT(y, 450.0);
      EXPECT_GT(std::hypot(x - 1150, y - 118), 130.0) << "kept stars stay clear of the sun/moon";
      ++next;
    }
  }
  EXPECT_EQ(next, stars.size()) << "every kept star is a candidate, in stream order";
}

}  // namespace
