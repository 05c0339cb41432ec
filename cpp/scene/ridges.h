// The far and mid ranges (docs/scene.md, "Ranges"): profiles, per-column tables and the paint-once land layer.
#pragma once

#include "cypress.h"
#include "grid.h"
#include "palette.h"
#include "pod_list.h"
#include "raster.h"
#include "seeds.h"
#include "world.h"

namespace nf::scene {

double farRidgeAt(double x, uint32_t seed11);
double midRidgeAt(double x, uint32_t seed23);

struct RidgeTables {
  PodList<float> far, mid, skyline;  // crest y per column (float32: docs/scene.md, "Exactness")
  PodList<float> farLit, midLit, farAng, midAng;
  double skylineMax = 0;  // lowest skyline point (largest y)
  double farTop = 0;      // highest far crest (smallest y)
};

void makeRidgeTables(RidgeTables& t, const Grid& g, const Seeds& s);

// Mid-ridge pines from mulberry(612): the world's count on [140, 460], then on [1140, 1480]
// (4 and 5 in world 404).
PodList<Cypress> makePines(const Seeds& s, const World& w);

// The season's snowline (docs/scene.md, "Ranges"; scene y): 435 + 165 cos(2 pi (winterDay - 40) / 365.24), lowest
// (most snow) in early February. winterDay is the day of the year, 0 on 1 January.
double snowlineFor(double winterDay);

// The land layer: both ranges, their strokes, and the ridge pines. snowline: scene y above which
// the ranges are snowy (lit by the ranges' slope light and spurs), with the glacier; NaN for no snow.
void paintLand(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const World& w, const RidgeTables& t,
               const PodList<Cypress>& pines, double snowline);

// paintLand in parts of about unitPixels' worth of work each, so a repaint can be spread over
// frames: makeLandTables once, then parts 0 .. landParts() - 1 in order give paintLand's pixels.
struct LandTables {
  PodList<float> farTilt, midTilt, edge;  // spur tilt per column; the snow's edge per column
};
void makeLandTables(LandTables& lt, const Grid& g, const Seeds& s, const World& w, double snowline);
int landParts(const Grid& g, const RidgeTables& t, int unitPixels);
void paintLandPart(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const World& w, const RidgeTables& t,
                   const PodList<Cypress>& pines, double snowline, const LandTables& lt, int part,
                   int unitPixels);

}  // namespace nf::scene
