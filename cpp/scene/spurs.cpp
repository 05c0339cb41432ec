#include "spurs.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "exp_math.h"
#include "trig_math.h"

namespace nf::scene {

NF_SMALL SpurLight spurLight(double x, double down, double tilt, double freq, double phase, uint32_t seed, double side,
                    double contrast) {
  // Spurs lean down the slope the way water would cut them, and wander with a slow fbm.
  const double xs = x + tilt * 110 * sceneTanh(down / 100);
  const double u = xs * freq + 1.4 * nf::fbmUnchecked(xs * 0.004, phase, seed, 2) +
                   0.3 * sceneSin(0.011 * down + 0.002 * xs + phase);
  const double f = frac(u);
  const double facing = 1 - 2 * nf::smooth(0.4, 0.6, f);
  return {facing * side * contrast * (1 - 0.5 * nf::smooth(0, 300, down)), std::min(f, 1 - f)};
}

NF_SMALL void paintOutcrops(Image& d, const Grid& g, const Palette& pal, const World& w, const float* midCrest,
                   uint32_t seed, double side) {
  const Px* rock = pal.at(kRockC);
  for (int k = 0; k < w.outcropCount; ++k) {
    const Outcrop& o = w.outcrops[k];
    const int ic = g.clampCol(g.col(o.x));
    const double cy = midCrest[ic] + o.down;
    const int i0 = std::max(0, g.col(o.x - o.w)), i1 = std::min(g.bw - 1, g.col(o.x + o.w));
    const int j0 = std::max(0, g.row(cy - o.h * 1.3)), j1 = std::min(g.bh - 1, g.row(cy));
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) {
        const double x = g.sx[i], y = g.sy[j];
        if (y < midCrest[i] + g.px) continue;  // on the face, never against the sky
        const double u = (x - o.x) / o.w;
        if (std::fabs(u) >= 1) continue;
        // A crag: a ragged peak leaning off centre, its foot sunk into the slope.
        const double lean = u - 0.25 * sceneSin(k * 2.3 + o.x);
        const double crown = o.h * scenePow(std::max(0.0, 1 - std::fabs(lean)), 0.7) *
                             (0.7 + 0.6 * nf::valueNoiseUnchecked(x * 0.2, k * 3.1, seed));
        if (y < cy - crown || y > cy) continue;
        const double t = 0.5 + 0.4 * lean * side - 0.25 * (y - (cy - crown)) / (crown + 1) +
                         0.2 * (nf::valueNoiseUnchecked(x * 0.3, y * 0.3, seed + 1) - 0.5);
        d.p[static_cast<size_t>(j) * d.w + i] = ramp(rock, 4, t, i, j);
      }
  }
}

}  // namespace nf::scene
