// The ruin gate (docs/scene.md, "Ruin"): the ported scene's clock-face ruin, rasterised here as
// pixel art instead of the original's vector shapes: twelve hour stones with hour 8 fallen out, the
// rose keystone, the sage five o'clock stone, dial marks, soffit, plinth, four steps, keylines and
// the grain over the stone; the fallen stone on the left bank, the rubble on the right, two ivy
// creepers and the tablet (its carved path is the pane's: letters.h). Geometry in scene units
// (shared/spec/ruin-and-life.md sections 1, 3, 4); world 404 is the original's, other worlds vary
// which stones have fallen, the ivy and the tablet's tilt, within bounds.
#pragma once
#include <cstdint>
#include <string_view>

#include "grid.h"
#include "palette.h"
#include "raster.h"

namespace nf::scene {

constexpr int kMaxIvyPoints = 48;
constexpr int kMaxIvyLeaves = 64;

struct IvyLeaf {
  float x0, y0, s;  // top-left corner and side, scene units
  bool bloom;
  float at;  // seconds after the reveal when it pops (its stem has reached it)
};

struct Ivy {
  float px[kMaxIvyPoints], py[kMaxIvyPoints];
  int points;
  IvyLeaf leaves[kMaxIvyLeaves];
  int leafCount;
  double length;  // of the stem
  double delay, duration;
  int frames;
};

struct RuinLook {
  uint16_t missing;  // bit h: hour stone h has fallen (bit 8 always)
  double tilt;       // the tablet's rotation, degrees (screen, clockwise positive)
  double tiltCos, tiltSin;
  Ivy ivy[2];
};

RuinLook makeRuinLook(uint32_t worldSeed);

// The ivy grown: as at any time after its last leaf has popped (ivy_growth.h).
constexpr double kIvyGrown = __builtin_inf();
// How many of a creeper's stem frames are drawn ivyT seconds after the reveal (ivy_growth.cpp).
int ivyStemFrame(const Ivy& v, double ivyT);

// The tablet's text (spec 3.2): the path percent-decoded (the raw path if that fails), a trailing
// slash dropped unless it is just "/", more than 34 UTF-16 units cut to "…" and the last 33; as
// glyphs of the tablet's font (font5x8.inc: ASCII 32..126, then 95 the ellipsis, 96 the box any
// other character shows as).
constexpr int kMaxTabletGlyphs = 34;
struct Carving {
  uint8_t glyph[kMaxTabletGlyphs];
  bool gone[kMaxTabletGlyphs];  // crumbled away: a faint ghost stays
  int n = 0;
};
Carving carvingOf(std::string_view path);

// The tablet: a slab 2 kTabletHalfU x 2 kTabletHalfW centred at (kTabletX, kTabletY), turned by
// the look's tilt (spec 3.1), painted bare here; its text is the pane's (letters.h).
constexpr double kTabletX = 805, kTabletY = 786, kTabletHalfU = 122, kTabletHalfW = 30;
// Row `row` of a glyph of the tablet's font (font5x8.inc), bit 4 the leftmost column.
uint8_t tabletFontRow(int glyph, int row);

// The ruin's box in scene units (what paintRuin may paint), for the layer's bounds.
constexpr double kRuinX0 = 290, kRuinX1 = 1340, kRuinY0 = 180, kRuinY1 = 840;

// Scratch for one paint: the ruin's shape ids per buffer pixel of its box.
// paneKeys (the caller's, before the first rows): the pane draws the keylines it can at one CSS px
// a pixel (paneKeyable), the layer leaves them to it and marks them in keyed (1: this pixel's ink is
// the pane's; the water reflects it as ink). gen: a new paint's number, so the pane knows its keys
// are still the ruin's.
struct RuinIds {
  PodList<uint8_t> id;
  PodList<uint8_t> keyed;
  int i0 = 0, j0 = 0, w = 0, h = 0;
  bool paneKeys = false;
  unsigned gen = 0;
};
// Buffer pixel (i, j)'s mark in keyed: 0 where the layer draws its own keyline (or outside the box,
// or without paneKeys), 1 a keyline pixel whose ink the pane draws (the layer keeps the plate under
// it), 2 the ruin's edge (left transparent, the pane painting the plate inside).
inline int keyedValue(const RuinIds& ids, int i, int j) {
  const int c = i - ids.i0, r = j - ids.j0;
  if (!ids.paneKeys || c < 0 || r < 0 || c >= ids.w || r >= ids.h || ids.keyed.empty()) return 0;
  return ids.keyed[static_cast<size_t>(r) * ids.w + c];
}
inline bool keyedAt(const RuinIds& ids, int i, int j) { return keyedValue(ids, i, j) != 0; }
// Whether the keylines of buffer pixel (c, r) of the ruin's box are the pane's: away from what moves
// over the ruin in the gate layer or in front of it below the pane (the hands' reach, 190 units about
// the centre above the plinth; the ivy's grown shape with a pixel round it; the walker's rows), with
// paneKeys on.
bool paneKeyable(const Grid& g, const RuinIds& ids, int c, int r);
// The pane's keylines (docs/scene.md, "The pane"): for each CSS px of the box [x0, x1) x [y0, y1)
// (layer canvas px; buffer pixel i covers [i pitch, (i + 1) pitch)) whose buffer pixel is
// paneKeyable, 1 in keys (row-major, box-sized) where the spec's 2-unit keyline covers its centre,
// and in the layer's edge pixels (keyed 2) 2 + the material (0 stone, 1 rose, 2 sage) inside the
// outline; beside the ink, the fringe: 5 + the material over such a plate, 8 over the layers.
void paneKeylines(PodList<uint8_t>& keys, const Grid& g, const RuinIds& ids, const RuinLook& look, int x0, int y0,
                  int x1, int y1);

// The two passes of the paint, each over rows [j0, j1) of the ruin's box (so a stepped repaint can
// spread them): the shapes into ids, then the colours into d (cleared by the first rows' call of
// paintRuinRows; rows of d outside the box stay transparent).
void ruinIdRows(RuinIds& ids, const Grid& g, const RuinLook& look, int part, int parts);
void paintRuinRows(Image& d, const Grid& g, const Palette& pal, RuinIds& ids, const RuinLook& look,
                   int part, int parts);
// Rows of the ruin's box per part of about unitPixels pixels.
int ruinParts(const Grid& g, int unitPixels);

// The tread (0..3, top to bottom) whose plate buffer pixel (i, j) shows (not its keyline, nothing in
// front of it), else -1: where the light spill lands (spill.h).
int treadAt(const RuinIds& ids, int i, int j);
// The buffer pixels a creeper may paint (within the ruin's box; empty without one): its change box
// from nothing drawn to grown.
Rect ivyBox(const Grid& g, const RuinIds& ids, const Ivy& v);
// The buffer pixels where a creeper drawn as at fromT and as at toT seconds after the reveal may
// differ (within the ruin's box; empty when they show the same): the stem between the two frames' ends and
// the leaves that popped, with the stem's width, the keylines beside them and a pixel's margin. A
// repaint of only this box (paintRuinIvy) from fromT's picture gives toT's.
Rect ivyChangeBox(const Grid& g, const RuinIds& ids, const Ivy& v, double fromT, double toT);
// Repaints box (inside the ruin's box) of d, the painted ruin, with the ivy as drawn ivyT seconds
// after the reveal (kIvyGrown: the pixels paintRuinRows paints). The grain keeps the grown ivy's
// mask, as the original's does. scratch: any buffer, for the shapes.
void paintRuinIvy(Image& d, const Grid& g, const Palette& pal, const RuinIds& ids, const RuinLook& look,
                  const Rect& box, double ivyT, PodList<uint8_t>& scratch);

}  // namespace nf::scene
