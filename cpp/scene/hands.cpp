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

namespace {

// The columns [i0, i1) of row y (scene units from the gate's centre) within r of hand b (its
// capsule from the tail's end to the tip or the disc's far edge, a superset of its pixels).
bool barSpan(const Bar& b, double dy, double r, double& x0, double& x1) {
  const double lo = -b.tail - r, hi = std::max(b.len, b.discAt + b.discR) + r;
  x0 = -1e9;
  x1 = 1e9;
  // across = -dx uy + dy ux within r; along = dx ux + dy uy within [lo, hi].
  if (std::fabs(b.uy) > 1e-12) {
    const double a = (dy * b.ux - r) / b.uy, c = (dy * b.ux + r) / b.uy;
    x0 = std::max(x0, std::min(a, c));
    x1 = std::min(x1, std::max(a, c));
  } else if (std::fabs(dy * b.ux) > r) {
    return false;
  }
  if (std::fabs(b.ux) > 1e-12) {
    const double a = (lo - dy * b.uy) / b.ux, c = (hi - dy * b.uy) / b.ux;
    x0 = std::max(x0, std::min(a, c));
    x1 = std::min(x1, std::max(a, c));
  } else if (dy * b.uy < lo || dy * b.uy > hi) {
    return false;
  }
  return x0 <= x1;
}

}  // namespace

Rect paintHands(Image& d, const Grid& g, const Palette& pal, const PodList<Px>& base, const ClockState& c,
                double clock, HandsShown& shown) {
  const Rect r = handsBox(g);
  if (r.empty()) return {};
  const int w = r.i1 - r.i0;
  if (base.size() != static_cast<size_t>(w) * (r.j1 - r.j0)) return {};
  const double since = clock - c.impulse;
  const double ring = since >= 0 ? std::exp(-since / 0.07) * std::cos(48 * since) : 0;
  const double deg[3] = {0.5 * static_cast<double>(mod(c.minute, 720)),
                         6 * static_cast<double>(mod(c.minute, 60)) - 6 * c.direction * ring, c.sweep};
  auto barAt = [](int k, double degrees) {
    return k == 0 ? barOf(degrees, 14, 112, 40) : (k == 1 ? barOf(degrees, 10, 180, 44) : barOf(degrees, 5, 102, 52, 114, 12));
  };
  const Bar bars[3] = {barAt(0, deg[0]), barAt(1, deg[1]), barAt(2, deg[2])};
  // What to repaint: every hand that moved, where it was and where it is, with the keylines'
  // reach round it (two pixels and a unit); nothing when none moved.
  Bar moved[6];
  int nMoved = 0;
  for (int k = 0; k < 3; ++k)
    if (!shown.valid || deg[k] != shown.deg[k]) {
      moved[nMoved++] = bars[k];
      if (shown.valid) moved[nMoved++] = barAt(k, shown.deg[k]);
    }
  const bool whole = !shown.valid;
  shown.valid = true;
  for (int k = 0; k < 3; ++k) shown.deg[k] = deg[k];
  if (nMoved == 0) return {};
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
  const double margin = 2 * px + 1;
  Rect done;
  for (int j = r.j0; j < r.j1; ++j) {
    const double y = g.sy[j];
    int i0 = r.i0, i1 = r.i1;
    if (!whole) {
      double lo = 1e9, hi = -1e9;
      for (int k = 0; k < nMoved; ++k) {
        double x0, x1;
        if (barSpan(moved[k], y - kGateY, std::max(moved[k].hw, moved[k].discR) + margin, x0, x1)) {
          lo = std::min(lo, x0);
          hi = std::max(hi, x1);
        }
      }
      if (lo > hi) continue;
      i0 = std::max(r.i0, g.col(kGateX + lo) - 1);
      i1 = std::min(r.i1, g.col(kGateX + hi) + 2);
      if (i0 >= i1) continue;
    }
    std::copy(base.begin() + static_cast<size_t>(j - r.j0) * w + (i0 - r.i0),
              base.begin() + static_cast<size_t>(j - r.j0) * w + (i1 - r.i0), d.p.begin() + static_cast<size_t>(j) * d.w + i0);
    done = done.unite({i0, j, i1, j + 1});
    for (int i = i0; i < i1; ++i) {
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
  return done;
}

}  // namespace nf::scene
