#include "spill.h"

#include <algorithm>

namespace nf::scene {
namespace {

constexpr double kTreadTop = 690, kTreadH = 25;

}  // namespace

Rect spillBox(const Grid& g) {
  const int i0 = std::max(0, g.col(700 - 50 * 3)), i1 = std::min(g.bw, g.col(900 + 50 * 3) + 1);
  const int j0 = std::max(0, g.row(kTreadTop)), j1 = std::min(g.bh, g.row(kTreadTop + 4 * kTreadH) + 1);
  if (i0 >= i1 || j0 >= j1) return {};
  return {i0, j0, i1, j1};
}

void paintSpill(Image& d, const Grid& g, const Palette& pal, const RuinIds& ids, const PodList<Px>& base, int level,
                bool dark) {
  const Rect r = spillBox(g);
  const int w = r.i1 - r.i0;
  if (r.empty() || base.size() != static_cast<size_t>(w) * (r.j1 - r.j0)) return;
  const Px rose = pal[kRoseC + 2];
  const double a = 0.45 * level / kSpillLevels;
  // Multiply (light) or screen (dark) with the rose, at opacity a.
  auto blend = [&](int c, int s) {
    const double m = dark ? 255 - (255 - c) * (255 - s) / 255.0 : c * s / 255.0;
    return to8(c + (m - c) * a);
  };
  for (int j = r.j0; j < r.j1; ++j)
    for (int i = r.i0; i < r.i1; ++i) {
      // Only the treads' plates: what lies in front of them (the tablet) is left as it is.
      const int k = treadAt(ids, i, j);
      if (k < 0 || g.sx[i] < 700 - 50 * k || g.sx[i] >= 900 + 50 * k) continue;
      const Px c = base[static_cast<size_t>(j - r.j0) * w + (i - r.i0)];
      d.p[static_cast<size_t>(j) * d.w + i] =
          level > 0 ? rgba(blend(chR(c), chR(rose)), blend(chG(c), chG(rose)), blend(chB(c), chB(rose))) : c;
    }
}

}  // namespace nf::scene
