#include "island.h"

#include <algorithm>
#include <cmath>

#include "cypress.h"
#include "noise/fbm.h"
#include "trig_math.h"

namespace nf::scene {
namespace {

// Under the ruin's plinth and steps (ruin.h), widened by 5 units at each side: the rows where the
// island of another world needs neither field strokes nor its shadow, since the stone covers them.
// World 404 keeps the original's rectangle (shared/spec/ruin-and-life.md 1.6).
NF_TINY bool behindSteps(double x, double y) {
  if (y < 656 || y >= 792) return false;
  const double half = y < 672 ? 84 : (y < 690 ? 110 : 180 + 50 * std::floor(std::min(3.0, (y - 690) / 25)));
  return std::fabs(x - 800) < half + 5;
}

// Out of line: the field's strokes (once a stroke) and the hill's base (paint-once) share one copy
// instead of each inlining its fBm.
__attribute__((noinline)) double hillTone(const Meadow& m, const World& w, int i, double x, double y, uint32_t seed61) {
  double t = 0.52 + clampd(m.lit[i] * 2.2, -1, 1) * 0.28 + (nf::fbmUnchecked(x * 0.018, y * 0.07, seed61, 3) - 0.5) * 0.5;
  // The step the ring stands on throws its shadow across the crown: a hard-edged band in the
  // original, fading out past the ring's width elsewhere (a band's edge would cut across a summit).
  if (w.original) {
    if (x > 460 && x < 1140) t -= 0.35 * (1 - nf::smooth(790, 812, y));
  } else if (y >= 790 || behindSteps(x, y)) {
    // Another world's island rises and falls beside the stair: the shadow lies under the steps and
    // in the band they cast in front of the bottom one, fading at its ends, never on bare hill.
    t -= 0.35 * (1 - nf::smooth(790, 812, y)) * (1 - nf::smooth(320, 345, std::fabs(x - 800)));
  }
  return t - nf::smooth(kWater - 16, kWater, y) * 0.2;
}

}  // namespace

NF_SMALL void makeMeadow(Meadow& m, const Grid& g, const Seeds& s, const World& w) {
  const size_t n = static_cast<size_t>(g.bw);
  m.top.assign(n, 0.f);
  m.lit.assign(n, 0.f);
  m.ang.assign(n, 0.f);
  m.crest = 1e300;
  auto top = [&](double x) { return islandTop(w.island, x, kWater, s.hillNoise, s.islandFbm); };
  for (size_t i = 0; i < n; ++i) {
    const double x = g.sx[i];
    m.top[i] = static_cast<float>(top(x));
    m.lit[i] = static_cast<float>((top(x + 8) - top(x - 8)) / 16);
    m.ang[i] = static_cast<float>(sceneAtan((top(x + 24) - top(x - 24)) / 48));
    m.crest = std::min(m.crest, static_cast<double>(m.top[i]));
  }
}

NF_SMALL void paintHillBase(Image& d, const Grid& g, const Palette& pal, const Meadow& m, const Seeds& s, const World& w, int j0,
                   int j1) {
  j1 = std::min(j1, g.bh);
  if (j0 >= j1) return;
  std::fill(d.p.begin() + static_cast<size_t>(j0) * d.w, d.p.begin() + static_cast<size_t>(j1) * d.w, 0u);
  for (int j = j0; j < j1; ++j) {
    const double y = g.sy[j];
    if (y > kWater + g.px) break;
    Px* row = &d.p[static_cast<size_t>(j) * d.w];
    for (int i = 0; i < g.bw; ++i) {
      if (y < m.top[i]) continue;
      if (y - m.top[i] < g.px * 1.2 && m.lit[i] > 0.08) row[i] = pal[kGoldC];
      else row[i] = ramp(pal.at(kHillC), 4, hillTone(m, w, i, g.sx[i], y, s.hillTone), i, j);
    }
  }
}

Rect paintField(Image& d, const Image& base, const Grid& g, const Palette& pal, const Meadow& m, const Seeds& s,
                const World& w, double clock, double sway) {
  Cypress cypresses[kMaxIslandCypresses];
  // The base, the strokes (seeded from the crest row to the water row, a few pixels long) and the
  // cypresses all lie in these rows, with a margin: the rest of the layer is its base's transparent.
  int top = g.row(m.crest), bottom = g.row(kWater);
  for (int n = 0; n < w.cypressCount; ++n) {
    const IslandCypress& c = w.cypresses[n];
    cypresses[n] = {c.x, islandTop(w.island, c.x, kWater, s.hillNoise, s.islandFbm) + 6, c.h, c.w};
    top = std::min(top, g.row(cypresses[n].base - cypresses[n].h));
  }
  const Rect last = d.used;
  d.copyRows(base, last.j0, last.j1);
  constexpr int kMargin = 8;
  d.used = {0, std::max(0, top - kMargin), g.bw, std::min(g.bh, bottom + kMargin + 1)};
  if (d.used.empty()) d.used = {};
  const double x0 = g.sx[0], y0 = g.sy[0];
  double jit = 0;
  // Strokes follow the slope, flatten toward the bank and lean as a wave of wind crosses.
  auto angle = [&](double bx, double by) {
    const int i = g.clampCol(bx);
    const double x = x0 + bx * g.px, y = y0 + by * g.px;
    const double wave = 0.36 * sceneSin(0.012 * x - 2.1 * clock + 0.035 * y) * sway;
    const double contour = m.ang[i] * (1 - 0.5 * nf::smooth(0, 120, y - m.top[i]));
    return (contour + wave + jit) * (1 - nf::smooth(kWater - 34, kWater - 8, y));
  };
  strokeSeeds(g.bw, g.bh, 3, 0, g.row(m.crest), g.row(kWater), s.field, [&](double bx, double by, double h, double k) {
    const int i = g.clampCol(bx);
    const double x = x0 + bx * g.px, y = y0 + by * g.px;
    if (y < m.top[i] + g.px || y > kWater - g.px * 0.5) return;
    if (w.original ? std::fabs(x - 800) < 335 && y < 792 : sceneHypot(x - 800, y - 440) < 204 || behindSteps(x, y))
      return;  // behind the gate
    const double t = hillTone(m, w, i, x, y, s.hillTone);
    const double roll = frac(k * 5.31);
    Px ink;
    if (t > 0.42 && roll < 0.016) ink = pal[kPoppyC];
    else if (t > 0.42 && roll < 0.03) ink = pal[kCornflowerC];
    else if (t > 0.5 && roll < 0.06) ink = pal[kOchreC];
    else ink = pick(pal.at(kHillC), 4, t, h);
    jit = (frac(k * 9.73) - 0.5) * 0.7;
    brush(d, bx, by, 3 + static_cast<int>(std::floor(frac(k * 3.37) * 3)), frac(k * 11.3) < 0.65, ink, angle,
          KeepAll{});
  });
  for (int n = 0; n < w.cypressCount; ++n)
    paintCypress(d, g, cypresses[n], pal.at(kLeafC), s.islandCypress(n), sceneSin(clock * 1.1 + n * 2) * 0.12 * sway);
  return last.unite(d.used);
}

}  // namespace nf::scene
