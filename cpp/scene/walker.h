// The walker on the strand (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 5.1): a 4 x 9
// buffer-pixel figure who strolls between x 250 and 1350, pauses facing the gate, and walks to the
// gate when the portal is hot. Her random draws come from the world's stream (layerSeed(4044)),
// taken only inside fixed 1/60 s steps, so a frozen clock rebuilds her bit for bit.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "raster.h"

namespace nf::scene {

constexpr double kLifeStep = 1.0 / 60;

struct Walker {
  double x = 560;
  int dir = 1;        // heading, +1 right
  int facing = 1;     // +1 right
  bool pausing = true, walking = false;
  double pause = 1.5, nextStop = 9, walked = 0;
  uint32_t rng = 0;   // mulberry32 state
};

Walker startWalker(uint32_t seed);
// One fixed step; mode 0 idle, 1 hot, 2 enter.
void stepWalker(Walker& w, int mode);

// Paints her and her reflection into the near layer; bottomRow: the buffer row of her feet.
void paintWalker(Image& d, const Grid& g, const Palette& pal, const Walker& w, int bottomRow, double clock);
// The buffer rows she may paint above the water's first row (for the layer's bounds).
constexpr int kWalkerRows = 9;

}  // namespace nf::scene
