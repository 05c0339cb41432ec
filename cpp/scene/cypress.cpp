#include "cypress.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {

NF_SMALL void paintCypress(Image& d, const Grid& g, const Cypress& c, const Px* stops, uint32_t seed, double sway) {
  const double fseed = static_cast<double>(seed);
  auto lean = [&](double t) { return sceneSin(t * 3 + fseed) * c.w * 0.08 + sway * t * t * c.w; };
  // Widest a third of the way up, pinched to a point, the outline nibbled by noise.
  auto half = [&](double y, double t) {
    const double profile = t < 0.3 ? std::sqrt(t / 0.3) : scenePow((1 - t) / 0.7, 0.85);
    return std::max(g.px * 0.5, (c.w / 2) * profile * (0.82 + 0.36 * nf::valueNoiseUnchecked(y * 0.06, fseed, seed)));
  };
  const int i0 = std::max(0, g.col(c.x - c.w)), i1 = std::min(g.bw - 1, g.col(c.x + c.w));
  const int j0 = std::max(0, g.row(c.base - c.h)), j1 = std::min(g.bh - 1, g.row(c.base));
  if (i1 < i0 || j1 < j0) return;
  for (int j = j0; j <= j1; ++j) {
    const double y = g.sy[j];
    const double t = (c.base - y) / c.h;
    if (t < 0 || t > 1) continue;
    const double hw = half(y, t), mid = c.x + lean(t);
    for (int i = i0; i <= i1; ++i) {
      const double u = (g.sx[i] - mid) / hw;
      if (std::fabs(u) > 1) continue;
      const double tone = 0.3 + u * 0.4 + (nf::fbmUnchecked(g.sx[i] * 0.08, y * 0.05, seed, 2) - 0.5) * 0.5;
      d.p[static_cast<size_t>(j) * d.w + i] = ramp(stops, 3, tone, i, j);
    }
  }
  // Upward strokes that fan toward the flanks and turn in an S as they climb.
  double fan = 0;
  auto angle = [&](double, double by) {
    const double t = nf::clamp01((c.base - (g.sy[0] + by * g.px)) / c.h);
    return -kPi / 2 + fan * 0.5 * (1 - t) + 0.45 * sceneSin(t * 9 + fseed + sway * 4);
  };
  for (int j = j0; j <= j1; j += 2)
    for (int i = i0; i <= i1; i += 2) {
      const double t = (c.base - g.sy[j]) / c.h;
      if (t < 0.03 || t > 0.97) continue;
      fan = (g.sx[i] - c.x - lean(t)) / half(g.sy[j], t);
      if (std::fabs(fan) > 0.9) continue;
      const double h = h01(i, j, seed);
      const Px ink = pick(stops, 3, 0.32 + fan * 0.4 + (h - 0.5) * 0.3, h01(i, j, seed + 1));
      brush(d, i + h - 0.5, j, 3 + static_cast<int>(std::floor(h * 3)), false, ink, angle, KeepAll{});
    }
}

}  // namespace nf::scene
