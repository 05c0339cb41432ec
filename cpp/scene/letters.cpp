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

NF_SMALL void setupLetters(Letters& L, const PaneLayout& at, const RuinLook& look, const Carving& text,
                           uint32_t crumbleSeed, uint32_t fallSeed, bool on) {
  L.first = 0;
  L.shown = text.n;
  L.unit = at.unit;
  L.advance = at.advance;
  L.reach = std::max(14.0, 0.7 * at.fs);
  L.tilt = look.tilt;
  for (int s = 0; s < kMaxTabletGlyphs; ++s) {
    L.glyph[s] = s < text.n ? text.glyph[s] : 0;
    L.blank[s] = s >= text.n || text.gone[s];
    // Glyph i's centre point (u_i, w = 0), spec 3.4.
    const double u = (s - (text.n - 1) / 2.0) * at.advance;
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

// ---- the pane ----

PaneLayout paneLayout(const Grid& g, const Carving& t) {
  PaneLayout at;
  const int n = std::max(1, t.n);
  at.fs = std::min(28.0, std::max(11.0, 208 / (0.64 * n)));
  at.advance = 0.64 * at.fs;
  // Departure Mono's pixel is fs / 11 units; ours a whole number of CSS px (pixel art, crisp at
  // any pitch), and a glyph cell (6 font pixels) no wider than the advance, so that the whole path
  // fits as the original's does.
  const int fit = static_cast<int>(std::floor(at.advance * g.scale / 6));
  at.k = std::max(1, std::min(jsRound(at.fs * g.scale / 11), fit));
  at.unit = at.k / g.scale;
  return at;
}

void setupPane(Pane& p, const Grid& g, const Carving& t, const RuinIds& ids, const RuinLook& look, const Palette& pal) {
  p.scale = g.scale;
  p.ox = g.ox;
  p.oy = g.oy;
  p.pitch = g.pitch;
  p.drawn = {};
  p.box = {};
  if (t.n > 0 && g.valid()) {
    Rect r{static_cast<int>(std::floor(kPaneX0 * g.scale + g.ox)), static_cast<int>(std::floor(kPaneY0 * g.scale + g.oy)),
           static_cast<int>(std::ceil(kPaneX1 * g.scale + g.ox)), static_cast<int>(std::ceil(kPaneY1 * g.scale + g.oy))};
    // The ruin's box, whole buffer pixels, for its keylines.
    if (ids.paneKeys && ids.w > 0 && ids.h > 0)
      r = r.unite({ids.i0 * g.pitch, ids.j0 * g.pitch, (ids.i0 + ids.w) * g.pitch, (ids.j0 + ids.h) * g.pitch});
    r = {std::max(0, r.i0), std::max(0, r.j0), std::min(g.bw * g.pitch, r.i1), std::min(g.bh * g.pitch, r.j1)};
    if (!r.empty()) p.box = r;
  }
  if (p.box.empty()) {
    p.img = Image{};
    p.keys.clear();
    p.keysGen = 0;
    return;
  }
  p.img.resize(p.box.i1 - p.box.i0, p.box.j1 - p.box.j0);
  const bool same = p.keysGen != 0 && p.keysGen == ids.gen && p.keysBox == p.box;
  if (!same) {
    paneKeylines(p.keys, g, ids, look, p.box.i0, p.box.j0, p.box.i1, p.box.j1);
    p.keysBox = p.box;
    p.keysGen = ids.gen;
  }
  p.keysPx[1] = pal[kRuinInkC];
  p.keysPx[2] = pal[kStoneC + 2];
  p.keysPx[3] = pal[kRoseC + 2];
  p.keysPx[4] = pal[kSageC + 2];
  for (int m = 0; m < 3; ++m) p.keysPx[5 + m] = mixPx(p.keysPx[2 + m], p.keysPx[1], 0.5);
  p.keysPx[8] = stableTranslucentOf(p.keysPx[1], 128);  // the ink at about half strength, stored exactly
  for (size_t k = 0; k < p.keys.size(); ++k)
    if (p.keys[k]) p.img.p[k] = p.keysPx[p.keys[k]];
}

namespace {

// The pane pixels (box-relative) of a scene box [x0, x1) x [y0, y1), one pixel round it, clipped.
Rect paneRect(const Pane& p, double x0, double y0, double x1, double y1) {
  const Rect r{static_cast<int>(std::floor(x0 * p.scale + p.ox)) - p.box.i0 - 1,
               static_cast<int>(std::floor(y0 * p.scale + p.oy)) - p.box.j0 - 1,
               static_cast<int>(std::ceil(x1 * p.scale + p.ox)) - p.box.i0 + 1,
               static_cast<int>(std::ceil(y1 * p.scale + p.oy)) - p.box.j0 + 1};
  const Rect c{std::max(0, r.i0), std::max(0, r.j0), std::min(p.img.w, r.i1), std::min(p.img.h, r.j1)};
  return c.empty() ? Rect{} : c;
}

// Scene coordinates of pane pixel (i, j)'s centre.
double paneX(const Pane& p, int i) { return (p.box.i0 + i + 0.5 - p.ox) / p.scale; }
double paneY(const Pane& p, int j) { return (p.box.j0 + j + 0.5 - p.oy) / p.scale; }

// A glyph turned by `angle` about its baseline's middle at (x, y): scene units, unit per font pixel.
Rect drawGlyph(Pane& p, const FallingLetter& f, double unit, double opacity, Px ink) {
  double s, c;
  sinCosDegrees(f.angle, s, c);
  const double reach = 7.5 * unit;
  const Rect r = paneRect(p, f.x - reach, f.y - reach, f.x + reach, f.y + reach);
  for (int j = r.j0; j < r.j1; ++j)
    for (int i = r.i0; i < r.i1; ++i) {
      const double dx = paneX(p, i) - f.x, dy = paneY(p, j) - f.y;
      const double fx = (dx * c + dy * s) / unit + 2.5, fy = (-dx * s + dy * c) / unit + 7;
      if (fx < 0 || fy < 0 || fx >= 5 || fy >= 8) continue;
      if (!(tabletFontRow(f.glyph, static_cast<int>(fy)) >> (4 - static_cast<int>(fx)) & 1)) continue;
      if (opacity < 1 && opacity <= bayer(p.box.i0 + i, p.box.j0 + j)) continue;
      p.img.p[static_cast<size_t>(j) * p.img.w + i] = ink;
    }
  return r;
}

}  // namespace

Rect paintPane(Pane& p, const Image& gate, const RuinLook& look, const Letters& L, Px ink) {
  if (p.box.empty()) return {};
  Rect changed = p.drawn;
  // Back to the keylines where the letters were.
  {
    const Rect& d = p.drawn;
    for (int j = std::max(0, d.j0); j < std::min(p.img.h, d.j1); ++j)
      for (int i = std::max(0, d.i0); i < std::min(p.img.w, d.i1); ++i) {
        const size_t k = static_cast<size_t>(j) * p.img.w + i;
        p.img.p[k] = k < p.keys.size() ? p.keysPx[p.keys[k]] : 0;
      }
  }
  Rect drawn;
  const int n = L.shown;
  if (n > 0) {
    // The carved line: each pixel of its box on the glyph whose cell it is in.
    const double step = L.advance;
    const double u0 = -(n - 1) / 2.0 * step;  // glyph 0's centre along the line
    const double hu = -u0 + 3 * L.unit, hw = 4 * L.unit;
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (int k = 0; k < 4; ++k) {
      const double u = (k & 1 ? 1 : -1) * hu, w = (k & 2 ? 1 : -1) * hw;
      const double x = kTabletX + u * look.tiltCos - w * look.tiltSin, y = kTabletY + u * look.tiltSin + w * look.tiltCos;
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    int fade[kMaxTabletGlyphs];
    for (int s = 0; s < n; ++s) fade[s] = letterFade(L, L.first + s);
    const Rect r = paneRect(p, x0, y0, x1, y1);
    for (int j = r.j0; j < r.j1; ++j) {
      const double wy = paneY(p, j) - kTabletY;
      const int bj = (p.box.j0 + j) / p.pitch;
      for (int i = r.i0; i < r.i1; ++i) {
        const double ux = paneX(p, i) - kTabletX;
        const double u = ux * look.tiltCos + wy * look.tiltSin, w = -ux * look.tiltSin + wy * look.tiltCos;
        const int c = static_cast<int>(std::floor((u - u0) / step + 0.5));
        if (c < 0 || c >= n) continue;
        const double fx = (u - u0 - c * step) / L.unit + 2.5, fy = w / L.unit + 4;
        if (fx < 0 || fy < 0 || fx >= 5 || fy >= 8) continue;
        const int s = L.first + c;
        if (L.blank[s] || !(tabletFontRow(L.glyph[s], static_cast<int>(fy)) >> (4 - static_cast<int>(fx)) & 1)) continue;
        Px col = ink;
        if (fade[c] > 0) {
          const int bi = (p.box.i0 + i) / p.pitch;
          const Px under = bj < gate.h && bi < gate.w ? gate.p[static_cast<size_t>(bj) * gate.w + bi] : 0;
          col = mixPx(under, ink, kFadeInk[fade[c]] / 255.0);
        }
        p.img.p[static_cast<size_t>(j) * p.img.w + i] = col;
      }
    }
    drawn = drawn.unite(r);
  }
  // The falling letters, then the droplets: squares of side 2..4 units, at least one pixel.
  for (int k = 0; k < L.fallingCount; ++k) {
    const FallingLetter& f = L.falling[k];
    drawn = drawn.unite(drawGlyph(p, f, L.unit, f.landed < 0 ? 1 : std::max(0.0, 1 - 0.7 * f.landed), ink));
  }
  for (int k = 0; k < L.dropCount; ++k) {
    const Droplet& d = L.drops[k];
    const double opacity = d.landed < 0 ? 1 : std::max(0.0, 1 - 6 * d.landed);
    const int i0 = static_cast<int>(std::floor((d.x - d.side / 2) * p.scale + p.ox)) - p.box.i0;
    const int j0 = static_cast<int>(std::floor((d.y - d.side / 2) * p.scale + p.oy)) - p.box.j0;
    const int m = std::max(1, jsRound(d.side * p.scale));
    const Rect r{std::max(0, i0), std::max(0, j0), std::min(p.img.w, i0 + m), std::min(p.img.h, j0 + m)};
    if (r.empty()) continue;
    for (int j = r.j0; j < r.j1; ++j)
      for (int i = r.i0; i < r.i1; ++i)
        if (opacity >= 1 || opacity > bayer(p.box.i0 + i, p.box.j0 + j)) p.img.p[static_cast<size_t>(j) * p.img.w + i] = ink;
    drawn = drawn.unite(r);
  }
  p.drawn = drawn;
  return changed.unite(drawn);
}

}  // namespace nf::scene
