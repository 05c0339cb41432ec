// The sky (docs/scene.md, "Sky"): base gradient with the sun or moon, flow-field strokes with clouds and
// eddies, and the flow itself (plane-wave stream function plus Lamb-Oseen vortices).
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "pod_list.h"
#include "raster.h"
#include "ridges.h"
#include "world.h"

namespace nf::scene {

constexpr double kSunX = 1150, kSunY = 118, kSunR = 46, kMoonR = 40;
constexpr int kMaxVortices = 8;

struct Vortex {
  double x, y, gamma, age;
};

struct Air {
  double drift = 0, time = 0, pull = 0;
  double poleX = 800, poleY = 440;
  double bodyX = kSunX, bodyY = kSunY, bodyR = kSunR;
  Vortex vortices[kMaxVortices] = {};
  int count = 0;
};

double airAngle(const Air& air, double x, double y);

// Rows down to floorY (max ridge y + 30); the rest stays transparent. The disc is the air's body.
// Rows [j0, j1) only (cleared first), so a repaint can be spread over frames.
void paintSkyBase(Image& base, const Grid& g, const Palette& pal, double floorY, const Air& air, int j0 = 0,
                  int j1 = 1 << 30);

// The flow is sampled every 2 buffer pixels per tick and interpolated along the strokes, which keeps
// the tick O(pixels) whatever the number of eddies. flow is reused scratch.
// One sky stroke: seed point (buffer px), length in steps, two px wide or not, kept out of the disc
// (guard) or not, and its ink.
struct SkyStroke {
  double bx, by;
  int len;
  bool wide, guard;
  Px c;
};

struct FlowField {
  int nx = 0, ny = 0;
  double bx0 = 0, by0 = 0;  // buffer coordinates of node (0, 0)
  PodList<double> vxd, vyd;  // float-rounded samples, as doubles
  PodList<SkyStroke> strokes;  // per-tick scratch: the strokes in paint order
  double bodyX = 0, bodyY = 0, bodyR = 0;  // the disc the strokes keep out of
  PodList<double> colCos, colSin, rowCos, rowSin;
};

void paintSky(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
              const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow);
// paintSky in steps, so a tick's work can be spread over frames: prepareSky copies the base,
// samples the flow and inks the strokes (flow.strokes); walkSky paints strokes [from, to) in order.
// prepareSky then walkSky over every stroke is paintSky.
// allRows false: only the rows a sky tick paints (skyRows) are copied from the base, for an image
// whose other rows are the base's already.
void prepareSky(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
                const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow, bool allRows = true);
void walkSky(Image& d, const Grid& g, const FlowField& flow, size_t from, size_t to);
// prepareSky in parts of about unitPixels' worth of work: parts 0, 1, ... in order until one
// returns true give prepareSky's image and flow.
bool prepareSkyPart(Image& d, const Image& base, const Grid& g, const Palette& pal, const Air& air,
                    const RidgeTables& t, uint32_t seed131, const World& w, FlowField& flow, int part, int unitPixels,
                    bool allRows = true);
// The unitPixels for prepareSkyPart that ink the strokes in `parts` parts (after part 0).
int skyInkUnit(const Grid& g, const RidgeTables& t, int parts);
// The rows [0, skyRows) hold everything a sky tick paints (base, strokes, stars); below them the
// sky layer is transparent.
int skyRows(const Grid& g, const RidgeTables& t);

struct SkyStar {
  double x, y, mag, freq, phase;
};

// mulberry(77): up to 80 candidates (five draws each, kept or not), at most w.maxStars kept (18 in
// world 404), none within 130 units of the moon.
void makeStars(PodList<SkyStar>& out, const Seeds& s, const World& w = originalWorld());
void paintStars(Image& d, const Grid& g, const Palette& pal, const PodList<SkyStar>& stars, double clock);

}  // namespace nf::scene
