#include "letters.h"

#include <algorithm>
#include <cmath>

#include "noise/kernels.h"
#include "noise/random.h"

namespace nf::scene {
namespace {

constexpr double kEps = 1e-9;
constexpr double kGravity = 900;

// sin and cos of an angle in degrees, from +, -, * only (libm's may differ in the last bit between
// the native and the wasm build).
void sinCosDegrees(double deg, double& s, double& c) {
  double t = std::fmod(deg / 360, 1.0);
  if (t < 0) t += 1;
  nf::tk::sinCosTurns(t, &s, &c);
}

int carvedCount(const Letters& L) {
  int n = 0;
  for (int s = L.first; s < L.first + L.shown; ++s) n += L.carved[s] ? 1 : 0;
  return n;
}

void restart(Letters& L) {
  L.step = 0;
  L.next = L.on ? kFirstCrumble : -1;
  L.recarve = -1;
  for (int s = 0; s < kMaxTabletGlyphs; ++s) {
    L.carved[s] = !L.blank[s];
    L.goneAt[s] = L.backAt[s] = -1;
  }
  L.fallingCount = L.dropCount = L.splashCount = 0;
  L.crumbleRng = L.crumbleSeed;
  L.fallRng = L.fallSeed;
  L.hasLast = false;
}

// Slot s crumbles at t: its falling copy starts at its centre (spec 3.5), flung by push.
void drop(Letters& L, int s, double push, double t) {
  L.carved[s] = false;
  L.goneAt[s] = t;
  L.backAt[s] = -1;
  FallingLetter f{};
  f.x = L.cx[s];
  f.y = L.cy[s];
  f.vx = push + (nf::drawFrom(L.fallRng) - 0.5) * 60;
  f.vy = -60 - 120 * nf::drawFrom(L.fallRng);
  f.angle = L.tilt;
  f.spin = (nf::drawFrom(L.fallRng) - 0.5) * 420;
  f.floor = 870 + 14 + 40 * nf::drawFrom(L.fallRng);
  f.landed = -1;
  f.glyph = L.glyph[s];
  if (L.fallingCount < kMaxTabletGlyphs) L.falling[L.fallingCount++] = f;
  if (carvedCount(L) == 0) L.recarve = t + 3.6;
}

void splashAt(Letters& L, double x, double y) {
  const double size = 34 + 20 * nf::drawFrom(L.fallRng);
  if (L.splashCount < kMaxTabletGlyphs) L.splashes[L.splashCount++] = {x, y, size, 0};
  for (int n = 0; n < 4; ++n) {
    Droplet d{};
    d.side = 2 + 2 * nf::drawFrom(L.fallRng);
    d.vx = (nf::drawFrom(L.fallRng) - 0.5) * 160;
    d.vy = -140 - 160 * nf::drawFrom(L.fallRng);
    d.x = x;
    d.y = y - 2;
    d.floor = y + 2;
    d.landed = -1;
    if (L.dropCount < kMaxDroplets) L.drops[L.dropCount++] = d;
  }
}

// One body under gravity until its floor, then sinking; -> true on the step it lands.
template <class Body>
bool move(Body& b, double dt) {
  if (b.landed < 0) {
    b.vy += kGravity * dt;
    b.x += b.vx * dt;
    b.y += b.vy * dt;
    if (b.y < b.floor) return false;
    b.y = b.floor;
    b.vx *= 0.1;
    b.vy = 14;
    b.landed = 0;
    return true;
  }
  b.x += b.vx * dt;
  b.y += b.vy * dt;
  b.landed += dt;
  return false;
}

bool anyInFlight(const Letters& L) { return L.fallingCount > 0 || L.dropCount > 0 || L.splashCount > 0; }

void stepOnce(Letters& L) {
  const double dt = kLifeStep;
  ++L.step;
  const double t = lettersTime(L);
  // The bodies first (a drop of this step starts moving on the next), in the order they came.
  int kept = 0;
  for (int n = 0; n < L.fallingCount; ++n) {
    FallingLetter f = L.falling[n];
    f.angle += f.spin * dt;
    if (move(f, dt)) {
      splashAt(L, f.x, f.floor);  // every falling glyph is a letter: whitespace never falls
      f.spin *= 0.1;
    }
    if (f.landed <= 1.5) L.falling[kept++] = f;
  }
  L.fallingCount = kept;
  kept = 0;
  for (int n = 0; n < L.dropCount; ++n) {
    Droplet d = L.drops[n];
    move(d, dt);
    if (d.landed <= 0.2) L.drops[kept++] = d;
  }
  L.dropCount = kept;
  kept = 0;
  for (int n = 0; n < L.splashCount; ++n) {
    Splash s = L.splashes[n];
    s.age += dt;
    if (s.age <= kSplashLife) L.splashes[kept++] = s;
  }
  L.splashCount = kept;

  if (L.recarve >= 0 && t >= L.recarve - kEps) {
    // Every glyph back from its ghost, 70 ms apart left to right; crumbling again 5.2 s later.
    for (int s = L.first; s < L.first + L.shown; ++s) {
      if (L.blank[s]) continue;
      L.carved[s] = true;
      L.backAt[s] = L.recarve + 0.07 * (s - L.first);
    }
    L.next = L.recarve + 5.2;
    L.recarve = -1;
  }
  if (L.next >= 0 && t >= L.next - kEps) {
    const int live = carvedCount(L);
    if (live == 0) {
      L.next = -1;  // the chain stops; the recarve starts the next
    } else {
      int pick = static_cast<int>(std::floor(nf::drawFrom(L.crumbleRng) * live));
      int s = L.first;
      for (;; ++s)
        if (L.carved[s] && pick-- == 0) break;
      drop(L, s, 0, t);
      L.next = t + 1.3 + 2.2 * nf::drawFrom(L.crumbleRng);
    }
  }
}

// The first step at which an event due at `at` fires (stepOnce's test).
long long stepOf(double at) {
  long long s = static_cast<long long>(std::ceil((at - kEps) / kLifeStep));
  while (s > 0 && (s - 1) * kLifeStep >= at - kEps) --s;
  while (s * kLifeStep < at - kEps) ++s;
  return s;
}

}  // namespace

double lettersTime(const Letters& L) { return static_cast<double>(L.step) * kLifeStep; }

NF_SMALL void setupLetters(Letters& L, const Grid& g, const RuinLook& look, const Carving& text, uint32_t crumbleSeed,
                           uint32_t fallSeed, bool on) {
  const TabletLayout at = tabletLayout(g, text);
  L.first = text.n > 0 ? at.first : 0;
  L.shown = text.n > 0 ? at.shown : 0;
  L.unit = at.unit;
  L.reach = std::max(14.0, 0.7 * at.fs);
  L.tilt = look.tilt;
  for (int s = 0; s < kMaxTabletGlyphs; ++s) {
    const bool shows = s >= L.first && s < L.first + L.shown;
    L.glyph[s] = s < text.n ? (s == L.first && L.first > 0 ? 95 : text.glyph[s]) : 0;
    L.blank[s] = !shows || (text.gone[s] && !(s == L.first && L.first > 0));
    // Shown glyph c's centre: font pixel 6c + 2.5 along the line, on its middle (w = 0).
    const double u = (6.0 * (s - L.first) + 2.5 - 3.0 * L.shown) * L.unit;
    L.cx[s] = kTabletX + u * look.tiltCos;
    L.cy[s] = kTabletY + u * look.tiltSin;
  }
  L.crumbleSeed = crumbleSeed;
  L.fallSeed = fallSeed;
  L.on = on && L.shown > 0;
  L.hour = 0;
  restart(L);
}

void lettersTo(Letters& L, long long s) {
  if (s < 0) s = 0;
  const long long hour = s / kLetterHourSteps, local = s % kLetterHourSteps;
  if (hour != L.hour || local < L.step) {
    L.hour = hour;
    restart(L);
  }
  if (!L.on) {
    L.step = local;
    return;
  }
  while (L.step < local) {
    if (!anyInFlight(L)) {
      // Nothing moves until the next event: straight to the step before it.
      double due = -1;
      if (L.next >= 0) due = L.next;
      if (L.recarve >= 0 && (due < 0 || L.recarve < due)) due = L.recarve;
      if (due < 0) {
        L.step = local;
        break;
      }
      L.step = std::max(L.step, std::min(local, stepOf(due)) - 1);
    }
    stepOnce(L);
  }
}

bool touchLetters(Letters& L, double x, double y, bool inside) {
  if (!L.on || !inside || !std::isfinite(x) || !std::isfinite(y)) {
    L.hasLast = false;
    return false;
  }
  const double dx = L.hasLast ? x - L.lastX : 0;
  L.lastX = x;
  L.hasLast = true;
  const double push = std::max(-240.0, std::min(240.0, 12 * dx));
  bool any = false;
  for (int s = L.first; s < L.first + L.shown; ++s) {
    if (!L.carved[s]) continue;
    const double ex = x - L.cx[s], ey = y - L.cy[s];
    if (ex * ex + ey * ey < L.reach * L.reach) {
      drop(L, s, push, lettersTime(L));
      any = true;
    }
  }
  return any;
}

int letterFade(const Letters& L, int s) {
  if (!L.on || L.blank[s]) return 0;
  const double t = lettersTime(L);
  if (L.carved[s]) {
    if (L.backAt[s] < 0) return 0;
    const double e = t - L.backAt[s];
    return e < -kEps ? 3 : 3 - std::min(3, static_cast<int>(std::floor(e / 0.2 + kEps)));
  }
  return std::min(3, static_cast<int>(std::floor((t - L.goneAt[s]) / 0.2 + kEps)));
}

bool lettersMoving(const Letters& L) {
  if (anyInFlight(L)) return true;
  const double t = lettersTime(L);
  for (int s = L.first; s < L.first + L.shown; ++s) {
    const double since = L.carved[s] ? t - L.backAt[s] : t - L.goneAt[s];
    if ((L.carved[s] ? L.backAt[s] >= 0 : true) && since < 0.6 + kEps) return true;
  }
  return false;
}

// ---- the tablet's pixels ----

Rect tabletBox(const Grid& g, const RuinLook& look) {
  double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
  for (int k = 0; k < 4; ++k) {
    const double u = (k & 1 ? 1 : -1) * kTabletHalfU, w = (k & 2 ? 1 : -1) * kTabletHalfW;
    const double x = kTabletX + u * look.tiltCos - w * look.tiltSin, y = kTabletY + u * look.tiltSin + w * look.tiltCos;
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  }
  const Rect r{std::max(0, g.col(x0) - 1), std::max(0, g.row(y0) - 1), std::min(g.bw, g.col(x1) + 2),
               std::min(g.bh, g.row(y1) + 2)};
  return r.empty() ? Rect{} : r;
}

NF_SMALL void tabletSlots(TabletPixels& t, const Grid& g, const RuinLook& look, const Letters& L) {
  for (Rect& r : t.slotBox) r = {};
  t.slot.clear();
  if (t.box.empty()) return;
  size_t q = 0;
  for (int j = t.box.j0; j < t.box.j1; ++j)
    for (int i = t.box.i0; i < t.box.i1; ++i, ++q) {
      uint8_t slot = 255;
      if (t.carved[q] != t.bare[q] && L.shown > 0) {
        // carvedAt's frame: font pixels from the line's corner.
        const double ux = g.sx[i] - kTabletX, wy = g.sy[j] - kTabletY;
        const double u = ux * look.tiltCos + wy * look.tiltSin;
        const int c = static_cast<int>(std::floor((u / L.unit + 3.0 * L.shown) / 6));
        if (c >= 0 && c < L.shown) {
          slot = static_cast<uint8_t>(L.first + c);
          t.slotBox[slot] = t.slotBox[slot].unite({i, j, i + 1, j + 1});
        }
      }
      t.slot.push_back(slot);
    }
}

Rect paintTablet(TabletPixels& t, Image& d, const Letters& L, Px ink) {
  Rect changed;
  if (t.box.empty()) return changed;
  const int w = t.box.i1 - t.box.i0;
  for (int s = L.first; s < L.first + L.shown; ++s) {
    const int f = letterFade(L, s);
    if (f == t.fade[s]) continue;
    t.fade[s] = static_cast<uint8_t>(f);
    const Rect& r = t.slotBox[s];
    for (int j = r.j0; j < r.j1; ++j)
      for (int i = r.i0; i < r.i1; ++i) {
        const size_t q = static_cast<size_t>(j - t.box.j0) * w + (i - t.box.i0);
        if (t.slot[q] != s) continue;
        d.p[static_cast<size_t>(j) * d.w + i] = f == 0 ? t.carved[q] : mixPx(t.bare[q], ink, kFadeInk[f] / 255.0);
      }
    changed = changed.unite(r);
  }
  return changed;
}

// ---- the flight over the near layer ----

Rect eraseFlight(Flight& f, Image& d) {
  const Rect r = f.box;
  if (r.empty()) return r;
  size_t q = 0;
  for (int j = r.j0; j < r.j1; ++j)
    for (int i = r.i0; i < r.i1; ++i) d.p[static_cast<size_t>(j) * d.w + i] = f.under[q++];
  f.box = {};
  return r;
}

namespace {

// A glyph turned by `angle` about its baseline's middle at (x, y): scene units, unit per font pixel.
void drawGlyph(Image& d, const Grid& g, const FallingLetter& f, double unit, double opacity, Px ink,
                        const Rect& clip) {
  double s, c;
  sinCosDegrees(f.angle, s, c);
  const double reach = 7.5 * unit;
  const int i0 = std::max(clip.i0, g.col(f.x - reach)), i1 = std::min(clip.i1, g.col(f.x + reach) + 1);
  const int j0 = std::max(clip.j0, g.row(f.y - reach)), j1 = std::min(clip.j1, g.row(f.y + reach) + 1);
  for (int j = j0; j < j1; ++j)
    for (int i = i0; i < i1; ++i) {
      const double dx = g.sx[i] - f.x, dy = g.sy[j] - f.y;
      const double fx = (dx * c + dy * s) / unit + 2.5, fy = (-dx * s + dy * c) / unit + 7;
      if (fx < 0 || fy < 0 || fx >= 5 || fy >= 8) continue;
      if (!(tabletFontRow(f.glyph, static_cast<int>(fy)) >> (4 - static_cast<int>(fx)) & 1)) continue;
      if (opacity < 1 && opacity <= bayer(i, j)) continue;
      d.p[static_cast<size_t>(j) * d.w + i] = ink;
    }
}

Rect boundsOf(const Grid& g, const Letters& L) {
  Rect r;
  auto add = [&](double x, double y, double reach) {
    r = r.unite({g.col(x - reach), g.row(y - reach), g.col(x + reach) + 2, g.row(y + reach) + 2});
  };
  for (int n = 0; n < L.fallingCount; ++n) add(L.falling[n].x, L.falling[n].y, 7.5 * L.unit);
  for (int n = 0; n < L.dropCount; ++n) add(L.drops[n].x, L.drops[n].y, L.drops[n].side + g.px);
  r = {std::max(0, r.i0), std::max(0, r.j0), std::min(g.bw, r.i1), std::min(g.bh, r.j1)};
  return r.empty() ? Rect{} : r;
}

}  // namespace

Rect paintFlight(Flight& f, Image& d, const Grid& g, const Letters& L, Px ink) {
  const Rect r = boundsOf(g, L);
  f.box = r;
  f.under.clear();
  if (r.empty()) return r;
  for (int j = r.j0; j < r.j1; ++j)
    for (int i = r.i0; i < r.i1; ++i) f.under.push_back(d.p[static_cast<size_t>(j) * d.w + i]);
  for (int n = 0; n < L.fallingCount; ++n) {
    const FallingLetter& fl = L.falling[n];
    drawGlyph(d, g, fl, L.unit, fl.landed < 0 ? 1 : std::max(0.0, 1 - 0.7 * fl.landed), ink, r);
  }
  for (int n = 0; n < L.dropCount; ++n) {
    const Droplet& p = L.drops[n];
    const double opacity = p.landed < 0 ? 1 : std::max(0.0, 1 - 6 * p.landed);
    // A square of side 2..4 units: at least one buffer pixel.
    const int i0 = g.col(p.x - p.side / 2), j0 = g.row(p.y - p.side / 2);
    const int n1 = std::max(1, jsRound(p.side / g.px));
    for (int j = std::max(r.j0, j0); j < std::min(r.j1, j0 + n1); ++j)
      for (int i = std::max(r.i0, i0); i < std::min(r.i1, i0 + n1); ++i)
        if (opacity >= 1 || opacity > bayer(i, j)) d.p[static_cast<size_t>(j) * d.w + i] = ink;
  }
  return r;
}

}  // namespace nf::scene
