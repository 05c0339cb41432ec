// Faceted spurs and rock outcrops on the ranges (docs/scene.md, "Ranges"): faceted
// relief for every world but 404, whose ranges stay smooth.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "world.h"

namespace nf::scene {

struct SpurLight {
  double lit;    // -1 (shaded plane) .. +1 (lit plane), fading with depth below the crest
  double crest;  // distance to the nearest spur crest in spur phase, 0 .. 0.5
};

// x scene x, down = depth below the range's crest, tilt = the crest's slope over +-90 units
// (clamped to +-1.2), side = +1 with the light from the right, -1 from the left.
SpurLight spurLight(double x, double down, double tilt, double freq, double phase, uint32_t seed, double side,
                    double contrast);

// Small rocks lying on the mid range's face, lit from the light's side.
void paintOutcrops(Image& d, const Grid& g, const Palette& pal, const World& w, const float* midCrest,
                   uint32_t seed, double side);

}  // namespace nf::scene
