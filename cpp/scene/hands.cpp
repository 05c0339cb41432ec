#include "hands.h"

#include <algorithm>
#include <cmath>

#include "rift.h"

namespace nf::scene {
namespace {

constexpr double kReach = 190;  // the minute hand (180) and the second's disc (114 + 12), with a margin

double localOf(const ClockState& c, double clock) { return c.wall + clock + c.offset; }

long long minuteOf(double local) { return static_cast<long long>(std::floor(local / 60)); }

double secondTarget(double seconds) { return std::fmod(std::min(1.0, seconds / 58.5) * 360, 360.0); }

long long mod(long long a, long long m) { return ((a % m) + m) % m; }

struct Bar {
  double ux, uy;             // unit vector from the centre toward the hand's tip
  double hw, len, tail;      // half-width, length up, tail down (from the hollow hub's 15)
  double discAt, discR;      // the second hand's disc (discR 0: none)
};

Bar barOf(double degrees, double width, double len, double tail, double discAt = 0, double discR = 0) {
  const double a = degrees * kPi / 180;
  return {std::sin(a), -std::cos(a), width / 2, len, tail, discAt, discR};
}

NF_TINY bool inBar(const Bar& b, double dx, double dy) {
  const double along = dx * b.ux + dy * b.uy, across = -dx * b.uy + dy * b.ux;
  if (b.discR > 0) {
    const double ex = dx - b.ux * b.discAt, ey = dy - b.uy * b.discAt;
    if (ex * ex + ey * ey <= b.discR * b.discR) return true;
  }
  if (std::fabs(across) > b.hw) return false;
  return (along >= 15 && along <= b.len) || (along <= -15 && along >= -b.tail);
}

}  // namespace

NF_SMALL void settleClock(ClockState& c, double clock) {
  c.warp = 1;
  c.offset = 0;
  const double local = localOf(c, clock);
  c.minute = minuteOf(local);
  c.impulse = clock - 1;  // no ring on load
  c.direction = 1;
  c.sweep = secondTarget(local - 60.0 * c.minute);
}

void stepClock(ClockState& c, double clock, double dt, int mode) {
  const double target = mode == 2 ? 9000 : (mode == 1 ? 900 : 1);
  if (mode == 0) {
    c.warp = 1;
    c.offset *= std::exp(-2.4 * dt);
    if (std::fabs(c.offset) < 0.5) c.offset = 0;
  } else {
    c.warp += (target - c.warp) * std::min(1.0, 2 * dt);
    c.offset += (c.warp - 1) * dt;
  }
  const double local = localOf(c, clock);
  const long long n = minuteOf(local);
  if (n != c.minute) {
    c.direction = n >= c.minute ? 1 : -1;
    c.impulse = clock;
    c.minute = n;
  }
  const double since = clock - c.impulse;
  const double shown = c.offset == 0 ? local - 60.0 * n : std::min(since, local - 60.0 * n);
  const double t = secondTarget(shown);
  const double gap = std::fmod(std::fmod(t - c.sweep + 180, 360.0) + 360, 360.0) - 180;
  c.sweep = std::fabs(gap) < 3 || dt == 0 ? t : std::fmod(c.sweep + gap * std::min(1.0, 10 * dt) + 360, 360.0);
}

Rect handsBox(const Grid& g) {
  const int i0 = std::max(0, g.col(kGateX - kReach)), i1 = std::min(g.bw, g.col(kGateX + kReach) + 1);
  const int j0 = std::max(0, g.row(kGateY - kReach)), j1 = std::min(g.bh, g.row(kGateY + kReach) + 1);
  if (i0 >= i1 || j0 >= j1) return {};
  return {i0, j0, i1, j1};
}

void paintHands(Image& d, const Grid& g, const Palette& pal, const PodList<Px>& base, const ClockState& c,
                double clock) {
  const Rect r = handsBox(g);
  if (r.empty()) return;
  const int w = r.i1 - r.i0;
  if (base.size() != static_cast<size_t>(w) * (r.j1 - r.j0)) return;
  for (int j = r.j0; j < r.j1; ++j)
    std::copy(base.begin() + static_cast<size_t>(j - r.j0) * w, base.begin() + static_cast<size_t>(j - r.j0 + 1) * w,
              d.p.begin() + static_cast<size_t>(j) * d.w + r.i0);
  const double since = clock - c.impulse;
  const double ring = since >= 0 ? std::exp(-since / 0.07) * std::cos(48 * since) : 0;
  const Bar bars[3] = {
      barOf(0.5 * static_cast<double>(mod(c.minute, 720)), 14, 112, 40),
      barOf(6 * static_cast<double>(mod(c.minute, 60)) - 6 * c.direction * ring, 10, 180, 44),
      barOf(c.sweep, 5, 102, 52, 114, 12),
  };
  const Px fill[3] = {pal[kStoneC + 2], pal[kStoneC + 2], pal[kRoseC + 2]};
  const Px ink = pal[kRuinInkC];
  // Which hand covers a point: the last drawn (second over minute over hour), 0 for none.
  auto handAt = [&](double x, double y) {
    const double dx = x - kGateX, dy = y - kGateY;
    for (int k = 2; k >= 0; --k)
      if (inBar(bars[k], dx, dy)) return k + 1;
    return 0;
  };
  // Keylines centred on the hands' outlines (as the ruin's): a pixel is ink where the outline
  // crosses within `reach` of its centre toward a neighbour under another hand (or none).
  const double px = g.px, hub = std::max(1.0, 0.5 * px), reach = hub;
  for (int j = r.j0; j < r.j1; ++j) {
    const double y = g.sy[j];
    for (int i = r.i0; i < r.i1; ++i) {
      const double x = g.sx[i];
      const double dx = x - kGateX, dy = y - kGateY;
      const int h = handAt(x, y);
      Px* p = &d.p[static_cast<size_t>(j) * d.w + i];
      constexpr int kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
      bool key = false;
      for (int n = 0; n < 4 && !key; ++n)
        if (handAt(x + kDx[n] * px, y + kDy[n] * px) != h) key = handAt(x + kDx[n] * reach, y + kDy[n] * reach) != h;
      if (key) *p = ink;
      else if (h) *p = fill[h - 1];
      const double dist = std::sqrt(dx * dx + dy * dy);
      if (std::fabs(dist - 15) <= hub) *p = ink;  // the hub, drawn last, not filled
    }
  }
}

}  // namespace nf::scene
