#include "gate.h"

#include <algorithm>
#include <cmath>

#include "noise/fbm.h"
#include "rift.h"
#include "sky.h"

namespace nf::scene {
namespace {

constexpr uint8_t kSoffit = 13, kPlinth = 14;
constexpr double kOuter = kGateR + kGateRing;
constexpr double kPlinthTop = 600, kPlinthBottom = 760;

NF_SMALL uint8_t ownerAt(double x, double y) {
  const double dx = x - kGateX, dy = y - kGateY;
  const double r = std::hypot(dx, dy);
  if (r >= kGateR && r <= kOuter) {
    const double a = std::atan2(dy, dx);
    const int h = ((jsRound(a * 6 / kPi) + 3) % 12 + 12) % 12;
    if (h != kMissingHour) return static_cast<uint8_t>(h + 1);
  }
  // The top of the opening shows the ring's depth: inside the front edge, outside the back one.
  if (r < kGateR && std::hypot(dx, dy - kGateDepth) > kGateR) return kSoffit;
  // A plinth under the six o'clock stone, flaring toward its foot, seats the ring in the island.
  if (y >= kPlinthTop && y <= kPlinthBottom && r > kGateR) {
    const double half = 58 + (y - kPlinthTop) * 0.22;
    if (std::fabs(dx) <= half) return kPlinth;
  }
  return 0;
}

}  // namespace

NF_SMALL void paintGate(Image& d, const Grid& g, const Palette& pal, PodList<uint8_t>& owner) {
  d.clear();
  const int i0 = std::max(0, g.col(kGateX - kOuter) - 3), i1 = std::min(g.bw - 1, g.col(kGateX + kOuter) + 3);
  const int j0 = std::max(0, g.row(kGateY - kOuter) - 3), j1 = std::min(g.bh - 1, g.row(kPlinthBottom) + 3);
  if (i1 < i0 || j1 < j0) return;
  const int w = i1 - i0 + 1, h = j1 - j0 + 1;
  owner.assign(static_cast<size_t>(w) * h, 0);
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) owner[static_cast<size_t>(j) * w + i] = ownerAt(g.sx[i0 + i], g.sy[j0 + j]);
  auto at = [&](int i, int j) -> int {
    if (i < 0 || j < 0 || i >= w || j >= h) return 0;
    return owner[static_cast<size_t>(j) * w + i];
  };
  const Px* stone = pal.at(kStoneC);
  const double sunA = std::atan2(kSunY - kGateY, kSunX - kGateX);
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) {
      const int o = at(i, j);
      if (!o) continue;
      // One-pixel keylines: where a stone meets nothing, or a lower-numbered neighbour.
      bool key = false;
      const int nb[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (const auto& n : nb) {
        const int q = at(i + n[0], j + n[1]);
        if (q == 0 || q < o) key = true;
      }
      const int bi = i0 + i, bj = j0 + j;
      const double x = g.sx[bi], y = g.sy[bj];
      Px c;
      if (key) c = pal[kInkC];
      else if (o == kSoffit) c = ramp(stone, 4, 0.08 + 0.25 * (1 - std::fabs(x - kGateX) / kGateR), bi, bj);
      else if (at(i + 1, j - 1) != o || at(i + 1, j) != o || at(i, j - 1) != o) c = stone[3];  // rim toward the sun
      else if (at(i - 1, j + 1) != o) c = stone[0];                                            // shade away from it
      else {
        const double a = std::atan2(y - kGateY, x - kGateX);
        const double facing = o == kPlinth ? -0.1 : 0.12 * std::cos(a - sunA);
        const double t = 0.55 + facing + (nf::fbmUnchecked(x * 0.035, y * 0.035, 5, 2) - 0.5) * 0.7 +
                         (h01(o, 3, 19) - 0.5) * 0.2;
        c = ramp(stone, 4, t, bi, bj);
      }
      d.p[static_cast<size_t>(bj) * d.w + bi] = c;
    }
}

}  // namespace nf::scene
