#include "world.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "noise/random.h"
#include "raster.h"
#include "ridges.h"
#include "rift.h"
#include "seeds.h"
#include "sky.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

constexpr double kWaterLine = 870;
constexpr double kRingOuter = kGateR + kGateRing;

// One stream per aspect, so adding a draw to one aspect leaves the others' worlds as they were.
enum Stream : uint32_t {
  kIslandStream = 7001,
  kCypressStream = 7002,
  kSkyStream = 7003,
  kRidgeStream = 7004,
  kTreeStream = 7005,
  kTintStream = 7006,
};

struct Draw {
  nf::Mulberry32 r;
  explicit Draw(uint32_t s) : r(s) {}
  double operator()(double a, double b) { return a + (b - a) * r.next(); }
  double sign() { return r.next() < 0.5 ? -1 : 1; }
  int below(int n) { return std::min(n - 1, static_cast<int>(r.next() * n)); }
};

double bellAt(const IslandShape& s, double x) {
  const double u = clampd((x - s.centre) / s.reach, -1, 1);
  return scenePow(0.5 + 0.5 * sceneCos(kPi * u), s.exponent);
}

// The rise without the nibble noise (which adds at most 6 units either way).
double riseAt(const IslandShape& s, double x, uint32_t fbmSeed) {
  const double bell = bellAt(s, x);
  double rise = s.height * bell;
  for (int k = 0; k < s.bumpCount; ++k) {
    const double d = (x - s.bumps[k].x) / s.bumps[k].w;
    rise += s.bumps[k].h * sceneExp(-d * d);
  }
  if (s.fbmAmp != 0) rise += (nf::fbmUnchecked(x * 0.008, 2.3, fbmSeed, 3) - 0.5) * s.fbmAmp * bell;
  return rise;
}

// Draws in one expression are unsequenced (g++ takes function arguments right to left, clang left
// to right), so the native CLI built another island than the page's wasm. Each draw is its own
// statement, in g++'s order (height, width, then the place): the worlds the native tests and the
// contact sheet were checked with.
void addBump(IslandShape& s, const Bump& b) {
  if (s.bumpCount < kMaxBumps) s.bumps[s.bumpCount++] = b;
}

// kind 0, centred at 800, reach 660, exponent 0.55, height 175, nibble 12, no fbm, no bumps.
IslandShape originalIsland() { return {0, 800, 660, 0.55, 175, 12, 0, {}, 0}; }

IslandShape drawIsland(uint32_t world, uint32_t fbmSeed) {
  Draw d(layerSeed(kIslandStream, world));
  IslandShape s = originalIsland();
  s.kind = d.below(4);
  s.centre = 800 + d(-50, 50);
  s.nibble = d(8, 18);
  // A bump's numbers in g++'s order: height, width, then its place (place() may draw a side first).
  auto bump = [&](double h0, double h1, double w0, double w1, auto place) {
    const double h = d(h0, h1);
    const double w = d(w0, w1);
    addBump(s, {place(), w, h});
  };
  auto away = [&](double lo, double hi) {
    return [&d, lo, hi] {
      const double side = d.sign();
      return 800 + side * d(lo, hi);
    };
  };
  auto near = [&](double x, double lo, double hi) { return [&d, x, lo, hi] { return x + d(lo, hi); }; };
  switch (s.kind) {
    case 0:  // a knoll like the original, broader or steeper
      s.reach = d(600, 720);
      s.exponent = d(0.45, 0.7);
      s.height = d(165, 195);
      s.fbmAmp = d(20, 40);
      bump(15, 45, 60, 110, away(280, 420));
      bump(0, -25, 50, 90, away(250, 450));  // a cove, or nothing
      break;
    case 1:  // two summits either side of the gate (docs/scene.md, "World seeds")
      s.reach = d(680, 740);
      s.exponent = 0.7;
      s.height = d(215, 240);
      s.fbmAmp = 34;
      bump(30, 50, 95, 120, near(610, -50, 30));
      bump(35, 55, 90, 115, near(1010, -30, 50));
      addBump(s, {800, 90, -10});
      bump(10, 35, 50, 70, near(1290, -40, 40));
      bump(8, 25, 60, 90, near(330, -40, 40));
      break;
    case 2: {  // one high shoulder, a low spit on the other side
      s.reach = d(620, 720);
      s.exponent = d(0.5, 0.7);
      s.height = d(160, 185);
      s.fbmAmp = d(20, 40);
      const double side = d.sign();
      bump(45, 110, 80, 170, near(800, side * 300, side * 420));
      bump(5, 40, 60, 100, near(800, -side * 260, -side * 400));
      break;
    }
    default:  // long and low with knobs
      s.reach = d(720, 800);
      s.exponent = d(0.35, 0.5);
      s.height = d(140, 160);
      s.fbmAmp = d(20, 40);
      for (int k = 0, n = 2 + d.below(3); k < n; ++k) bump(12, 40, 35, 75, away(240, 620));
      break;
  }
  // The seat: near the gate the island stays below the ring's outer edge (with the nibble's margin)
  // and still reaches the plinth, whatever the bumps did.
  double need = 0;
  for (double dx = -150; dx <= 150; dx += 6) {
    const double limit = kWaterLine - (kGateY + std::sqrt(kRingOuter * kRingOuter - dx * dx)) - 12;
    const double over = riseAt(s, 800 + dx, fbmSeed) - limit;
    const double f = sceneExp(-(dx / 120) * (dx / 120));
    need = std::max(need, over / f);
  }
  if (need > 0) addBump(s, {800, 120, -need});
  const double seat = riseAt(s, 800, fbmSeed);
  if (seat < 125) addBump(s, {800, 160, 125 - seat});
  return s;
}

void drawCypresses(World& w, uint32_t fbmSeed) {
  Draw d(layerSeed(kCypressStream, w.seed));
  const int count = 2 + d.below(3);
  w.cypressCount = 0;
  // Land wide enough to stand on: the top at least 45 units above the water.
  auto land = [&](double x) { return kWaterLine - riseAt(w.island, x, fbmSeed) < kWaterLine - 45; };
  double tallest[2] = {0, 0};
  for (int tries = 0; tries < 40 && w.cypressCount < count; ++tries) {
    const double side = d.sign();
    const double x = 800 + side * d(255, 640);
    const double h = d(150, 265);
    const double slim = d(0.16, 0.21);
    if (!land(x)) continue;
    bool clear = true;
    for (int k = 0; k < w.cypressCount; ++k)
      if (std::fabs(w.cypresses[k].x - x) < 26) clear = false;
    if (!clear) continue;
    // A second tree on a side grows in the shade of the first: shorter.
    const int s = side < 0 ? 0 : 1;
    const double hh = tallest[s] > 0 ? std::min(h, tallest[s] * d(0.6, 0.9)) : h;
    tallest[s] = std::max(tallest[s], hh);
    w.cypresses[w.cypressCount++] = {x, hh, hh * slim};
  }
}

double skylineAt(const Seeds& s, double x) { return std::min(farRidgeAt(x, s.farRidge), midRidgeAt(x, s.midRidge)); }

// Highest centre y a body of radius r may take at x: its disc and a band of halo clear the ridges.
double bodyFloor(const Seeds& s, double x, double r) {
  double sky = 1e300;
  for (double dx = -r - 40; dx <= r + 40; dx += 10) sky = std::min(sky, skylineAt(s, x + dx));
  return sky - r - 70;
}

void drawSky(World& w, const Seeds& seeds) {
  Draw d(layerSeed(kSkyStream, w.seed));
  const double side = d.r.next() < 0.7 ? 1 : -1;
  // Inside the view of a landscape screen (scene x 90 .. 1510, y from 54), off the ring.
  w.sunX = 800 + side * d(220, 600);
  w.sunY = std::max(100.0, std::min(d(105, 180), bodyFloor(seeds, w.sunX, kSunR)));
  w.sunDrift = side * d(30, 110);
  const double sink = d(50, 120);
  const double lowY = bodyFloor(seeds, w.sunX + w.sunDrift * 0.65, kSunR);
  w.sunSink = std::max(0.0, std::min(sink, (lowY - w.sunY) / 0.4225));
  const double mside = d.r.next() < 0.6 ? -side : side;
  w.moonX = 800 + mside * d(240, 600);
  w.moonY = std::max(95.0, std::min(d(100, 170), bodyFloor(seeds, w.moonX, kMoonR)));
  // Cover leans clear: most worlds have fair weather, a few are overcast.
  const double u = d.r.next();
  w.cover = 0.08 + 0.72 * u * u;
  w.cloudLo = 0.62 - 0.4 * w.cover;
  w.cloudHi = w.cloudLo + 0.18;
  const double low = std::max(0.0, w.cover - 0.5) * 2;
  w.cloudTop0 = 230 + 260 * low;
  w.cloudTop1 = 480 + 300 * low;
  w.halo = nf::smooth(0.55, 0.95, w.cover) < 0.4;
  w.maxStars = static_cast<int>(std::floor(18 * (1 - nf::smooth(0.2, 0.9, w.cover)) + 0.5));
}

void drawRidges(World& w) {
  Draw d(layerSeed(kRidgeStream, w.seed));
  w.pinesPerSpan[0] = 2 + d.below(5);
  w.pinesPerSpan[1] = 2 + d.below(5);
  w.spur = d.r.next() < 0.2 ? 0 : d(0.4, 0.85);
  w.spurFarFreq = 0.011 * d(0.8, 1.25);
  w.spurMidFreq = 0.008 * d(0.8, 1.25);
  w.spurPhase = d(0, 97);
  w.outcropCount = d.below(kMaxOutcrops + 1);
  for (int k = 0; k < w.outcropCount; ++k) {
    const double side = d.sign();
    const double x = 800 + side * d(270, 780);
    w.outcrops[k] = {x, d(14, 90), d(8, 16), d(9, 20)};
  }
}

Growth originalGrowth() { return {0, 0.3, 0.79, 0.8, 0.35, 0.4, 0.1, 0.14, 0.94, 0.9, 0.7, 0.2, 1}; }

Growth growthOf(int species, double size) {
  Growth g = originalGrowth();
  g.species = species;
  g.size = size;
  switch (species) {
    case 1:  // columnar: tight forks that climb
      g.spread0 = 0.18, g.spreadR = 0.22, g.curlMain = 0.2, g.curlSide = 0.3, g.decayStraight = 0.95, g.side0 = 0.6;
      break;
    case 2:  // umbrella: a long bare trunk, then wide, flat-lying limbs
      g.trunk = 0.62, g.spread0 = 0.6, g.spreadR = 0.45, g.curlMain = 0.04, g.curlSide = 0.03, g.side0 = 0.8;
      g.decayMain = 0.86;
      break;
    case 3:  // bushy: forks early and often into short limbs, a dense round crown
      g.straight = 0.15, g.both = 0.62, g.trunk = 0.9, g.decayStraight = 0.9, g.decayMain = 0.86, g.side0 = 0.62;
      break;
    case 4:  // tall: a long leader, narrow forks that climb before they spread
      g.trunk = 0.7, g.spread0 = 0.25, g.spreadR = 0.3, g.curlSide = 0.2, g.decayStraight = 0.96, g.side0 = 0.75;
      break;
    default:
      break;
  }
  return g;
}

void drawTrees(World& w) {
  Draw d(layerSeed(kTreeStream, w.seed));
  const int left = d.below(5);
  const int right = d.r.next() < 0.6 ? left : d.below(5);
  w.trees[0] = growthOf(left, d(0.85, 1.08));
  w.trees[1] = growthOf(right, d(0.85, 1.08));
}

void drawTint(World& w) {
  Draw d(layerSeed(kTintStream, w.seed));
  w.skyHue = d(-30, 30);
  w.vegHue = d(-22, 14);
  w.vegSat = d(0.8, 1.15);
  w.sunHue = d(-12, 12);
  w.flowerHue = d(-30, 30);
  w.riftRamp = 1 + d.below(kRiftRamps - 1);  // never the original's
  w.riftHue = d(-12, 12);
}

}  // namespace

double islandTop(const IslandShape& s, double x, double water, uint32_t noiseSeed, uint32_t fbmSeed) {
  const double bell = bellAt(s, x);
  const double nibble = (nf::valueNoiseUnchecked(x * 0.02, 1.3, noiseSeed) - 0.5) * s.nibble * bell;
  if (s.bumpCount == 0 && s.fbmAmp == 0) return water - s.height * bell + nibble;  // the original's order
  return water - std::max(0.0, riseAt(s, x, fbmSeed)) + nibble;
}

World makeWorld(uint32_t seed) {
  World w{};
  w.seed = seed;
  w.original = seed == kDefaultWorldSeed;
  w.island = originalIsland();
  w.cypresses[0] = {420, 250, 46};
  w.cypresses[1] = {1195, 215, 40};
  w.cypressCount = 2;
  w.pinesPerSpan[0] = 4;
  w.pinesPerSpan[1] = 5;
  w.sunX = w.moonX = kSunX;
  w.sunY = w.moonY = kSunY;
  w.sunDrift = w.sunSink = 0;
  w.cover = 0.3;
  w.cloudLo = 0.5;
  w.cloudHi = 0.68;
  w.cloudTop0 = 230;
  w.cloudTop1 = 480;
  w.halo = true;
  w.maxStars = 18;
  w.spur = 0;
  w.spurFarFreq = 0.011;
  w.spurMidFreq = 0.008;
  w.spurPhase = 17;
  w.outcropCount = 0;
  w.trees[0] = w.trees[1] = originalGrowth();
  w.skyHue = w.vegHue = w.sunHue = w.flowerHue = w.riftHue = 0;
  w.riftRamp = 0;
  w.vegSat = 1;
  if (w.original) return w;

  const Seeds seeds(seed);
  w.island = drawIsland(seed, seeds.islandFbm);
  drawCypresses(w, seeds.islandFbm);
  drawSky(w, seeds);
  drawRidges(w);
  drawTrees(w);
  drawTint(w);
  return w;
}

const World& originalWorld() {
  static const World w = makeWorld(kDefaultWorldSeed);
  return w;
}

void bodyAt(const World& w, double day, double& x, double& y) {
  if (day < 0.35) {
    x = w.moonX;
    y = w.moonY;
    return;
  }
  const double dim = 1 - std::min(1.0, day);
  x = w.sunX + w.sunDrift * dim;
  y = w.sunY + w.sunSink * dim * dim;
}

}  // namespace nf::scene
