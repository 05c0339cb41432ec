#include "fireflies.h"

#include <algorithm>
#include <cmath>

#include "noise/random.h"
#include "walker.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

// Rose, sage, gold by index, in both themes.
constexpr Px kFlyColours[3] = {0xFFA2B2FDu, 0xFF97D5CDu, 0xFF7ED6F1u};

}  // namespace

NF_SMALL Fireflies startFireflies(uint32_t seed) {
  Fireflies s{};
  s.rng = seed;
  for (Firefly& f : s.f) {
    f.x = f.x0 = 240 + 1120 * nf::drawFrom(s.rng);
    f.y = f.y0 = 380 + 560 * nf::drawFrom(s.rng);
    f.heading = 2 * kPi * nf::drawFrom(s.rng);
    f.speed = 18 + 22 * nf::drawFrom(s.rng);
    f.phase = 2 * kPi * nf::drawFrom(s.rng);
    f.freq = 0.6 + 1.4 * nf::drawFrom(s.rng);
  }
  return s;
}

void stepFireflies(Fireflies& s, bool pointer, double px, double py) {
  const double dt = kLifeStep;
  for (Firefly& f : s.f) {
    f.heading += (nf::drawFrom(s.rng) - 0.5) * 3 * dt;
    // Herded back over the island and the water.
    const int cx = f.x < 200 ? 1 : (f.x > 1400 ? -1 : 0), cy = f.y < 360 ? 1 : (f.y > 960 ? -1 : 0);
    if (cx || cy) f.heading += sceneSin(sceneAtan2(cy, cx) - f.heading) * 2.5 * dt;
    double vx = f.speed * sceneCos(f.heading), vy = f.speed * sceneSin(f.heading);
    if (pointer) {
      const double dx = px - f.x, dy = py - f.y, d = sceneHypot(dx, dy);
      if (d > 30 && d < 260) {
        vx += 34 * dx / d;
        vy += 34 * dy / d;
      }
    }
    f.x += vx * dt;
    f.y += vy * dt;
  }
}

Rect paintFireflies(Image& d, const Grid& g, const Palette& pal, const Fireflies& s, double clock, bool still) {
  Rect painted;
  const Px ink = pal[kRuinInkC];
  for (int n = 0; n < kFireflies; ++n) {
    const Firefly& f = s.f[n];
    const double x = still ? f.x0 : f.x, y = still ? f.y0 : f.y;
    const double gl = still ? 1 : std::max(0.0, sceneSin(f.phase + clock * f.freq));
    const double o = still ? 1 : 0.15 + 0.85 * gl * gl * gl;
    const Px c = kFlyColours[n % 3];
    // A square of side `side` units about the fly, at least one pixel.
    auto square = [&](double side, double alpha, bool rim) {
      const int i0 = g.col(x - side / 2), j0 = g.row(y - side / 2);
      const int i1 = std::max(i0 + 1, g.col(x + side / 2)), j1 = std::max(j0 + 1, g.row(y + side / 2));
      const bool outlined = rim && i1 - i0 >= 3 && j1 - j0 >= 3;
      for (int j = std::max(0, j0); j < std::min(d.h, j1); ++j)
        for (int i = std::max(0, i0); i < std::min(d.w, i1); ++i) {
          if (!(alpha > bayer(i, j))) continue;
          const bool edge = outlined && (i == i0 || j == j0 || i == i1 - 1 || j == j1 - 1);
          d.p[static_cast<size_t>(j) * d.w + i] = edge ? ink : c;
        }
      painted = painted.unite(Rect{std::max(0, i0), std::max(0, j0), std::min(d.w, i1), std::min(d.h, j1)});
    };
    square(18, 0.35 * o, false);
    square(5, o, true);
  }
  return painted;
}

}  // namespace nf::scene
