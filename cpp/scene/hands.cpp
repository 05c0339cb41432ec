#include "hands.h"

#include <algorithm>
#include <cmath>

#include "rift.h"
#include "exp_math.h"
#include "trig_math.h"

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
  return {sceneSin(a), -sceneCos(a), width / 2, len, tail, discAt, discR};
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
    c.offset *= sceneExp(-2.4 * dt);
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

__attribute__((noinline)) Rect handsBox(const Grid& g) {
  const int i0 = std::max(0, g.col(kGateX - kReach)), i1 = std::min(g.bw, g.col(kGateX + kReach) + 1);
  const int j0 = std::max(0, g.row(kGateY - kReach)), j1 = std::min(g.bh, g.row(kGateY + kReach) + 1);
  if (i0 >= i1 || j0 >= j1) return {};
  return {i0, j0, i1, j1};
}

namespace {

constexpr double kBarW[3] = {14, 10, 5}, kBarLen[3] = {112, 180, 102}, kBarTail[3] = {40, 44, 52};

__attribute__((noinline)) Bar barAt(int k, double degrees) {
  return k == 2 ? barOf(degrees, kBarW[k], kBarLen[k], kBarTail[k], 114, 12) : barOf(degrees, kBarW[k], kBarLen[k], kBarTail[k]);
}

// Narrows [a, b] to the dx with lo <= k dx + c <= hi; false when nothing is left.
NF_SMALL bool clip(double k, double c, double lo, double hi, double& a, double& b) {
  if (std::fabs(k) < 1e-9) return c >= lo && c <= hi;
  const double x0 = (lo - c) / k, x1 = (hi - c) / k;
  a = std::max(a, std::min(x0, x1));
  b = std::min(b, std::max(x0, x1));
  return a <= b;
}

// The columns [i0, i1) of r whose centres lie in [a, b] (scene units from the gate's centre): a
// column's centre is sx[0] + i px to float32's rounding, so one column more each side.
NF_SMALL __attribute__((noinline)) bool columns(const Grid& g, const Rect& r, double a, double b, int& i0, int& i1) {
  const double x0 = (kGateX + a - g.sx[0]) / g.px, x1 = (kGateX + b - g.sx[0]) / g.px;
  i0 = std::max(r.i0, static_cast<int>(std::floor(std::max(-1e9, x0))) - 1);
  i1 = std::min(r.i1, static_cast<int>(std::ceil(std::min(1e9, x1))) + 2);
  return i0 < i1;
}

// Row dy's columns within m of a hand: its rectangle (both arms and the hub between: along = dx ux
// + dy uy in [-tail, len], across = -dx uy + dy ux in [-hw, hw]) or (disc true) the second's disc.
NF_SMALL __attribute__((noinline)) bool reach(const Grid& g, const Rect& r, const Bar& b, bool disc, double m,
                                              double dy, int& i0, int& i1) {
  if (disc) {
    const double R = b.discR + m, e = dy - b.uy * b.discAt, cx = b.ux * b.discAt;
    if (b.discR <= 0 || std::fabs(e) > R) return false;
    const double h = std::sqrt(R * R - e * e);
    return columns(g, r, cx - h, cx + h, i0, i1);
  }
  double a = -1e18, e = 1e18;
  return clip(b.ux, dy * b.uy, -b.tail - m, b.len + m, a, e) && clip(-b.uy, dy * b.ux, -b.hw - m, b.hw + m, a, e) &&
         columns(g, r, a, e, i0, i1);
}

// Pixels [lo, hi) of row j of the box r, from base with the hands over it (colours: the three
// hands' fills, then the ink); returns how many.
__attribute__((noinline)) int paintRow(Image& d, const Grid& g, const PodList<Px>& base, const Rect& r, const Bar* bars,
                                       const Px* colours, int j, int lo, int hi) {
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
  const Px ink = colours[3];
  const double y = g.sy[j];
  for (int i = lo; i < hi; ++i) {
    const double x = g.sx[i];
    const double dx = x - kGateX, dy = y - kGateY;
    const int h = handAt(x, y);
    Px* p = &d.p[static_cast<size_t>(j) * d.w + i];
    *p = base[static_cast<size_t>(j - r.j0) * (r.i1 - r.i0) + (i - r.i0)];
    constexpr int kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
    bool key = false;
    for (int n = 0; n < 4 && !key; ++n)
      if (handAt(x + kDx[n] * px, y + kDy[n] * px) != h) key = handAt(x + kDx[n] * reach, y + kDy[n] * reach) != h;
    if (key) *p = ink;
    else if (h) *p = colours[h - 1];
    const double dist = sceneHypot(dx, dy);
    if (std::fabs(dist - 15) <= hub) *p = ink;  // the hub, drawn last, not filled
  }
  return hi - lo;
}

}  // namespace

NF_SMALL Rect paintHands(Image& d, const Grid& g, const Palette& pal, const PodList<Px>& base, const ClockState& c,
                         double clock, HandsPaint& last, const Rect& also) {
  const Rect r = handsBox(g);
  if (r.empty()) return {};
  const int w = r.i1 - r.i0;
  if (base.size() != static_cast<size_t>(w) * (r.j1 - r.j0)) return {};
  const double since = clock - c.impulse;
  const double ring = since >= 0 ? sceneExp(-since / 0.07) * sceneCos(48 * since) : 0;
  const double deg[3] = {0.5 * static_cast<double>(mod(c.minute, 720)),
                         6 * static_cast<double>(mod(c.minute, 60)) - 6 * c.direction * ring, c.sweep};
  Bar bars[3];
  for (int k = 0; k < 3; ++k) bars[k] = barAt(k, deg[k]);
  const Px colours[4] = {pal[kStoneC + 2], pal[kStoneC + 2], pal[kRoseC + 2], pal[kRuinInkC]};
  // A pixel's colour reads the hands at its centre and at px and reach (hub) from it along the
  // axes: a pixel farther than that from every hand that moved is as it was. Unknown: all of them.
  const double hub = std::max(1.0, 0.5 * g.px), m = std::max(g.px, hub) + 0.25;
  Bar moved[6];
  int nMoved = 0;
  for (int k = 0; k < 3 && last.valid; ++k)
    if (deg[k] != last.deg[k]) {
      moved[nMoved++] = barAt(k, last.deg[k]);
      moved[nMoved++] = bars[k];
    }
  // Where something else repainted the ruin (also), and all of the box when last is unknown (the
  // ruin copied first): the pixels within reach of a hand or of the hub.
  const Rect more = last.valid ? Rect{std::max(r.i0, also.i0), std::max(r.j0, also.j0), std::min(r.i1, also.i1),
                                      std::min(r.j1, also.j1)}
                               : r;
  if (!last.valid)
    for (int j = r.j0; j < r.j1; ++j)
      std::copy(base.begin() + static_cast<size_t>(j - r.j0) * w, base.begin() + static_cast<size_t>(j - r.j0 + 1) * w,
                d.p.begin() + static_cast<size_t>(j) * d.w + r.i0);
  const Bar hubDisc{1, 0, 0, 0, 0, 0, 15 + hub};
  // Each span painted on its own (where two overlap, twice: the same pixels).
  int lo = r.i1, hi = r.i0, j0 = r.j1, j1 = r.j0;
  if (!last.valid) lo = r.i0, hi = r.i1, j0 = r.j0, j1 = r.j1;
  last.computed = 0;
  for (int j = r.j0; j < r.j1; ++j) {
    const bool in = j >= more.j0 && j < more.j1 && more.i0 < more.i1;
    for (int n = 0; n < 2 * nMoved + (in ? 7 : 0); ++n) {
      int i0, i1;
      const bool mv = n < 2 * nMoved, hubN = n == 2 * nMoved + 6;  // a moved hand; the hub
      const int q = mv ? n : n - 2 * nMoved;
      if (!reach(g, r, hubN ? hubDisc : (mv ? moved[q / 2] : bars[q / 2]), hubN || (q & 1), m, g.sy[j] - kGateY, i0, i1))
        continue;
      if (!mv) i0 = std::max(i0, more.i0), i1 = std::min(i1, more.i1);
      if (i0 >= i1) continue;
      last.computed += paintRow(d, g, base, r, bars, colours, j, i0, i1);
      lo = std::min(lo, i0), hi = std::max(hi, i1), j0 = std::min(j0, j), j1 = std::max(j1, j + 1);
    }
  }
  last.valid = true;
  std::copy(deg, deg + 3, last.deg);
  return lo < hi ? Rect{lo, j0, hi, j1} : Rect{};
}

}  // namespace nf::scene
