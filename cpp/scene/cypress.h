// Flame-shaped cypresses (docs/scene.md, "Island" and "Ranges"): the ridge pines and the two island trees.
#pragma once
#include <cstdint>

#include "grid.h"
#include "raster.h"

namespace nf::scene {

struct Cypress {
  double x, base, h, w;
};

// stops: three colours, dark to light. sway leans the top (0 = still).
void paintCypress(Image& d, const Grid& g, const Cypress& c, const Px* stops, uint32_t seed, double sway);

}  // namespace nf::scene
