// The tablet's letters (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 3.3-3.7): the carved
// glyphs crumble off one by one (the first 4.2 s after the start, then every 1.3 + 2.2 r s), or when
// the pointer touches them, fade to a faint ghost, fall into the water with a splash (two rings in
// the water, four droplets) and are carved again 3.6 s after the last has gone. The carved line,
// its ghosts, the falling letters and the droplets are the pane's (below); the rings the water's.
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

// The line on the pane: glyph i centred at u = (i - (n - 1) / 2) advance (spec 3.2, the whole
// path), font pixels of k CSS px (Departure Mono's pixel at the fitted size, rounded, no wider
// than the advance allows), the 8 rows centred on w = 0.
struct PaneLayout {
  int k = 1;           // CSS px per font pixel
  double unit = 1;     // scene units per font pixel
  double advance = 0;  // scene units per glyph (0.64 fs)
  double fs = 11;      // the spec's fitted size
};
PaneLayout paneLayout(const Grid& g, const Carving& t);

struct FallingLetter {
  double x, y, vx, vy, angle, spin, floor;
  double landed;  // seconds since it reached its floor; < 0 while it falls
  uint8_t glyph;
};

struct Droplet {
  double x, y, vx, vy, side, floor, landed;
};

struct Letters {
  // The line as the pane shows it (paneLayout): slots [first, first + shown), the whole path.
  int first = 0, shown = 0;
  double unit = 1;   // scene units per font pixel
  double advance = 6;  // scene units from a glyph's centre to the next's
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

// Lays out the line of `text` as the pane shows it (at: paneLayout) and starts the schedule at the
// clock's hour start; on: whether the letters live (else they stay carved).
void setupLetters(Letters& L, const PaneLayout& at, const RuinLook& look, const Carving& text, uint32_t crumbleSeed,
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

// The pane (docs/scene.md, "The pane"): the tablet's carved line, the falling letters and their
// droplets at one CSS px a pixel, on one small canvas the page shows over the fx layer (below the
// canopy) at the gate's depth, so the path reads at screen resolution as the original's vector
// text does. Transparent but for the ink: a carved glyph's pixels (a ghost's the gate layer's
// tablet under it mixed with the ink), the falling glyphs at the same weight, the droplets.
// It also draws the ruin's keylines that nothing in the gate layer moves over (ruin.h, paneKeyable)
// at that resolution, the 2-unit stroke the spec gives (the gate layer leaves them to it), painted
// once per ruin. It covers the scene box the letters can reach (the tablet, the strand and the water
// below it, as far as a flung letter flies) and the ruin's; a banner (no path) has none.
constexpr double kPaneX0 = 420, kPaneX1 = 1190, kPaneY0 = 720, kPaneY1 = 965;
struct Pane {
  Rect box;  // on the layer canvas, CSS px; empty: none
  double scale = 1, ox = 0, oy = 0;  // canvas CSS x = scene x * scale + ox (the grid's)
  int pitch = 1;
  Image img;   // box-sized
  Rect drawn;  // pane pixels (box-relative) the letters drew
  PodList<uint8_t> keys;  // box-sized: the keylines' colour index (paneKeylines; 0: none)
  Rect keysBox;           // the box they were drawn for
  unsigned keysGen = 0;   // and the ruin's paint (RuinIds::gen); 0: none
  Px keysPx[9] = {};      // by index: none, ink, the stone, rose and sage plates, the fringe over them, over the layers
};
// The pane's box and pixels for grid g: the keylines of the ruin's paint ids (kept while the box and
// the paint are the same) in ink, with the plates inside the ruin's edge, the rest transparent; empty
// without text.
void setupPane(Pane& p, const Grid& g, const Carving& t, const RuinIds& ids, const RuinLook& look, const Palette& pal);
// Repaints the line and the flight for the letters' state, over gate (the gate layer: a ghost
// mixes with the tablet under it). -> the pane pixels it changed (box-relative).
Rect paintPane(Pane& p, const Image& gate, const RuinLook& look, const Letters& L, Px ink);

}  // namespace nf::scene
