// The stone ring that frames the rift (our own; docs/scene.md, "Gate"): 12 voussoirs with the eight
// o'clock stone missing, a soffit where the ring's depth shows at the top of the opening, and a
// plinth that seats the ring in the island. Unseeded: every world shares the same ring.
#pragma once

#include "grid.h"
#include "palette.h"
#include "raster.h"

namespace nf::scene {

// owner is scratch (resized as needed) so repaints allocate only when the grid grows.
void paintGate(Image& d, const Grid& g, const Palette& pal, PodList<uint8_t>& owner);

}  // namespace nf::scene
