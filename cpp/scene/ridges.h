// The far and mid ranges (spec 3.1): profiles, per-column tables and the paint-once land layer.
#pragma once
#include <vector>

#include "cypress.h"
#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "seeds.h"

namespace nf::scene {

double farRidgeAt(double x, uint32_t seed11);
double midRidgeAt(double x, uint32_t seed23);

struct RidgeTables {
  std::vector<float> far, mid, skyline;  // crest y per column (Float32 as in the original)
  std::vector<float> farLit, midLit, farAng, midAng;
  double skylineMax = 0;  // lowest skyline point (largest y)
  double farTop = 0;      // highest far crest (smallest y)
};

void makeRidgeTables(RidgeTables& t, const Grid& g, const Seeds& s);

// Mid-ridge pines from mulberry(612): 4 on [140, 460], 5 on [1140, 1480].
std::vector<Cypress> makePines(const Seeds& s);

void paintLand(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const RidgeTables& t,
               const std::vector<Cypress>& pines);

}  // namespace nf::scene
