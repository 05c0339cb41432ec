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

constexpr double kBarW[3] = {14, 10, 5}, kBarLen[3] = {112, 180, 102}, kBarTail[3] = {40, 44, 52};

Bar barAt(int k, double degrees) {
  return k == 2 ? barOf(degrees, kBarW[k], kBarLen[k], kBarTail[k], 114, 12) : barOf(degrees, kBarW[k], kBarLen[k], kBarTail[k]);
}

// Narrows [a, b] to the dx with lo <= k dx + c <= hi; false when nothing is left.
bool clip(double k, double c, double lo, double hi, double& a, double& b) {
  if (std::fabs(k) < 1e-9) return c >= lo && c <= hi;
  double x0 = (lo - c) / k, x1 = (hi - c) / k;
  if (x0 > x1) std::swap(x0, x1);
  a = std::max(a, x0);
  b = std::min(b, x1);
  return a <= b;
}

// A column span [i0, i1) of one row.
struct Span {
  int i0, i1;
};

// The rows' spans a set of hands reaches: bar rectangles (both arms and the hub between), the
// second's disc and the hub, each grown by m scene units, on row dy (scene units from the gate's
// centre), as columns of r. n: spans written (at most kMaxSpans).
constexpr int kMaxSpans = 16;
struct Reach {
  const Grid& g;
  Rect r;
  double m;
  Span s[kMaxSpans] = {};
  int n = 0;
  void add(double a, double b) {
    if (n == kMaxSpans || !(a <= b)) return;
    const double x0 = (kGateX + a - g.sx[0]) / g.px, x1 = (kGateX + b - g.sx[0]) / g.px;
    // A column's centre is sx[0] + i px to float32's rounding: one column more each side.
    const int i0 = std::max(r.i0, static_cast<int>(std::floor(std::max(-1e9, x0))) - 1);
    const int i1 = std::min(r.i1, static_cast<int>(std::ceil(std::min(1e9, x1))) + 2);
    if (i0 < i1) s[n++] = {i0, i1};
  }
  void bar(const Bar& b, double dy) {
    double a = -1e18, e = 1e18;
    // along = dx ux + dy uy in [-tail, len], across = -dx uy + dy ux in [-hw, hw], grown by m.
    if (clip(b.ux, dy * b.uy, -b.tail - m, b.len + m, a, e) && clip(-b.uy, dy * b.ux, -b.hw - m, b.hw + m, a, e))
      add(a, e);
    if (b.discR > 0) disc(b.ux * b.discAt, b.uy * b.discAt, b.discR, dy);
  }
  void disc(double cx, double cy, double radius, double dy) {
    const double R = radius + m, e = dy - cy;
    if (std::fabs(e) > R) return;
    const double h = std::sqrt(R * R - e * e);
    add(cx - h, cx + h);
  }
  // Sorted and merged in place.
  void merge() {
    std::sort(s, s + n, [](const Span& x, const Span& y) { return x.i0 < y.i0; });
    int k = 0;
    for (int q = 0; q < n; ++q) {
      if (k > 0 && s[q].i0 <= s[k - 1].i1) s[k - 1].i1 = std::max(s[k - 1].i1, s[q].i1);
      else s[k++] = s[q];
    }
    n = k;
  }
};

}  // namespace

Rect paintHands(Image& d, const Grid& g, const Palette& pal, const PodList<Px>& base, const ClockState& c,
                double clock, HandsPaint& last, const Rect& also) {
  const Rect r = handsBox(g);
  if (r.empty()) return {};
  const int w = r.i1 - r.i0;
  if (base.size() != static_cast<size_t>(w) * (r.j1 - r.j0)) return {};
  const double since = clock - c.impulse;
  const double ring = since >= 0 ? std::exp(-since / 0.07) * std::cos(48 * since) : 0;
  const double deg[3] = {0.5 * static_cast<double>(mod(c.minute, 720)),
                         6 * static_cast<double>(mod(c.minute, 60)) - 6 * c.direction * ring, c.sweep};
  const Bar bars[3] = {barAt(0, deg[0]), barAt(1, deg[1]), barAt(2, deg[2])};
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
  auto paint = [&](int i, int j) {
    const double x = g.sx[i], y = g.sy[j];
    const double dx = x - kGateX, dy = y - kGateY;
    const int h = handAt(x, y);
    Px* p = &d.p[static_cast<size_t>(j) * d.w + i];
    *p = base[static_cast<size_t>(j - r.j0) * w + (i - r.i0)];
    constexpr int kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
    bool key = false;
    for (int n = 0; n < 4 && !key; ++n)
      if (handAt(x + kDx[n] * px, y + kDy[n] * px) != h) key = handAt(x + kDx[n] * reach, y + kDy[n] * reach) != h;
    if (key) *p = ink;
    else if (h) *p = fill[h - 1];
    const double dist = std::sqrt(dx * dx + dy * dy);
    if (std::fabs(dist - 15) <= hub) *p = ink;  // the hub, drawn last, not filled
  };
  // A pixel's colour reads the hands at its centre and at px and reach from it along the axes: a
  // pixel farther than that from every hand that moved is as it was.
  const double m = std::max(px, reach) + 0.25;
  const bool whole = !last.valid;
  Bar moved[6];
  int nMoved = 0;
  for (int k = 0; k < 3; ++k)
    if (whole) moved[nMoved++] = bars[k];
    else if (deg[k] != last.deg[k]) {
      moved[nMoved++] = barAt(k, last.deg[k]);
      moved[nMoved++] = bars[k];
    }
  if (whole)
    for (int j = r.j0; j < r.j1; ++j)
      std::copy(base.begin() + static_cast<size_t>(j - r.j0) * w, base.begin() + static_cast<size_t>(j - r.j0 + 1) * w,
                d.p.begin() + static_cast<size_t>(j) * d.w + r.i0);
  Rect done = whole ? r : Rect{};
  last.computed = 0;
  const Rect more{std::max(r.i0, also.i0), std::max(r.j0, also.j0), std::min(r.i1, also.i1), std::min(r.j1, also.j1)};
  if (nMoved > 0 || !more.empty())
    for (int j = r.j0; j < r.j1; ++j) {
      Reach at{g, r, m};
      const double dy = g.sy[j] - kGateY;
      for (int k = 0; k < nMoved; ++k) at.bar(moved[k], dy);
      if (whole) at.disc(0, 0, 15 + hub, dy);
      if (!more.empty() && j >= more.j0 && j < more.j1) at.s[at.n++] = {more.i0, more.i1};
      if (at.n == 0) continue;
      at.merge();
      for (int q = 0; q < at.n; ++q) {
        for (int i = at.s[q].i0; i < at.s[q].i1; ++i) paint(i, j);
        last.computed += at.s[q].i1 - at.s[q].i0;
        done = done.unite({at.s[q].i0, j, at.s[q].i1, j + 1});
      }
    }
  last.valid = true;
  std::copy(deg, deg + 3, last.deg);
  return done;
}

}  // namespace nf::scene
