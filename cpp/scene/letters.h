// The tablet's letters (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 3.3-3.7): the carved
// glyphs crumble off one by one (the first 4.2 s after the start, then every 1.3 + 2.2 r s), or when
// the pointer touches them, fade to a faint ghost, fall into the water with a splash (two rings in
// the water, four droplets) and are carved again 3.6 s after the last has gone. The ghosts are
// the gate layer's tablet repainted; the falling letters and droplets are drawn over the near layer.
//
// Every draw comes from the world's streams (layerSeed(4045): which glyph, then the next delay;
// layerSeed(4046): a drop's vx, vy, spin and floor, a landing's ring size and its droplets), taken
// only inside fixed 1/60 s steps, and the schedule starts again every hour of the scene clock: the
// state at a clock is a pure function of it (the pointer's drops aside), so a frozen moment
// rebuilds it bit for bit.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "ruin.h"
#include "walker.h"
#include "water.h"

namespace nf::scene {

constexpr double kFirstCrumble = 4.2;
constexpr long long kLetterHourSteps = 216000;  // an hour of kLifeStep steps
constexpr int kMaxDroplets = 4 * kMaxTabletGlyphs;
// A glyph's fade, 0 carved .. 3 the ghost: the ink's share at each of the 3 steps of 0.6 s (0.12 at the end).
constexpr uint8_t kFadeInk[4] = {255, 180, 105, 31};

struct FallingLetter {
  double x, y, vx, vy, angle, spin, floor;
  double landed;  // seconds since it reached its floor; < 0 while it falls
  uint8_t glyph;
};

struct Droplet {
  double x, y, vx, vy, side, floor, landed;
};

struct Letters {
  // The line as the tablet shows it at this grid (tabletLayout): slots [first, first + shown).
  int first = 0, shown = 0;
  double unit = 1;   // scene units per font pixel
  double reach = 14; // the pointer's reach about a glyph's centre
  double tilt = 0;   // the tablet's, degrees
  uint8_t glyph[kMaxTabletGlyphs] = {};
  bool blank[kMaxTabletGlyphs] = {};  // whitespace: always gone
  double cx[kMaxTabletGlyphs] = {}, cy[kMaxTabletGlyphs] = {};  // centre points (u_i, w = 0), scene units
  bool on = false;  // a shown line, life and motion on

  // The schedule, in seconds since the clock's hour began.
  long long hour = 0, step = 0;
  double next = kFirstCrumble, recarve = -1;  // < 0: none due
  bool carved[kMaxTabletGlyphs] = {};
  double goneAt[kMaxTabletGlyphs] = {}, backAt[kMaxTabletGlyphs] = {};  // < 0: never
  FallingLetter falling[kMaxTabletGlyphs];
  int fallingCount = 0;
  Droplet drops[kMaxDroplets];
  int dropCount = 0;
  Splash splashes[kMaxTabletGlyphs];
  int splashCount = 0;
  uint32_t crumbleSeed = 0, fallSeed = 0, crumbleRng = 0, fallRng = 0;
  double lastX = 0;
  bool hasLast = false;
};

// Lays out the line of `text` for grid g and look (which glyphs show, where) and starts the
// schedule at the clock's hour start; on: whether the letters live (else they stay carved).
void setupLetters(Letters& L, const Grid& g, const RuinLook& look, const Carving& text, uint32_t crumbleSeed,
                  uint32_t fallSeed, bool on);
// The state at absolute step s (floor(clock / kLifeStep)): on from the current state within its
// hour, else from the hour's start.
void lettersTo(Letters& L, long long s);
// A pointer move at (x, y), scene units of the near layer: the carved glyphs within reach drop,
// flung by the move's x change since the last. inside false: the pointer left. -> whether any dropped.
bool touchLetters(Letters& L, double x, double y, bool inside);
// The fade of slot s now (0 carved .. 3 ghost).
int letterFade(const Letters& L, int slot);
double lettersTime(const Letters& L);
// Whether something is in flight (letters, droplets, rings) or a fade is still stepping.
bool lettersMoving(const Letters& L);

// The gate layer's tablet at each fade: the ruin's pixels there carved and uncarved, and which
// glyph each belongs to. Taken once a paint of the ruin (takeTablet); paintTablet then repaints
// the glyphs whose fade changed, from those alone, so a recarved tablet is the painted one bit for bit.
struct TabletPixels {
  Rect box;                      // buffer pixels; empty: none
  PodList<Px> carved, bare;      // box-sized
  PodList<uint8_t> slot;         // 255: no glyph's pixel
  Rect slotBox[kMaxTabletGlyphs];
  uint8_t fade[kMaxTabletGlyphs] = {};  // what the layer shows
};
// bare(d): the ruin painted without its text over rows [j0, j1) of d (it may repaint more).
template <class PaintBare>
void takeTablet(TabletPixels& t, Image& d, const Grid& g, const RuinLook& look, const Letters& L, PaintBare&& bare);
Rect tabletBox(const Grid& g, const RuinLook& look);
void tabletSlots(TabletPixels& t, const Grid& g, const RuinLook& look, const Letters& L);
// -> the pixels it changed.
Rect paintTablet(TabletPixels& t, Image& d, const Letters& L, Px ink);

// The falling letters and droplets over the near layer, with what they cover saved in `under` so
// that the next paint (or eraseFlight before the water repaints) puts it back.
struct Flight {
  Rect box;  // what was saved; empty: nothing drawn
  PodList<Px> under;
};
Rect eraseFlight(Flight& f, Image& d);
Rect paintFlight(Flight& f, Image& d, const Grid& g, const Letters& L, Px ink);

template <class PaintBare>
void takeTablet(TabletPixels& t, Image& d, const Grid& g, const RuinLook& look, const Letters& L, PaintBare&& bare) {
  t.box = tabletBox(g, look);
  for (uint8_t& f : t.fade) f = 0;
  if (t.box.empty()) return;
  const int w = t.box.i1 - t.box.i0;
  auto save = [&](PodList<Px>& to) {
    to.clear();
    for (int j = t.box.j0; j < t.box.j1; ++j)
      for (int i = t.box.i0; i < t.box.i1; ++i) to.push_back(d.p[static_cast<size_t>(j) * d.w + i]);
  };
  save(t.carved);
  bare(t.box.j0, t.box.j1);
  save(t.bare);
  for (int j = t.box.j0; j < t.box.j1; ++j)
    std::copy(t.carved.begin() + static_cast<size_t>(j - t.box.j0) * w,
              t.carved.begin() + static_cast<size_t>(j - t.box.j0 + 1) * w,
              d.p.begin() + static_cast<size_t>(j) * d.w + t.box.i0);
  tabletSlots(t, g, look, L);
}

}  // namespace nf::scene
