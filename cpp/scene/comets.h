// Comets in the rift (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 5.3): launched 40 units
// beyond the opening's rim on a clockwise tangent, pulled toward the pole star, dragged by the
// portal's inflow, so some orbit, some escape and, when the portal is hot, most spiral in. Their
// draws come from the world's stream (layerSeed(4042)): per launch the angle, the speed and the
// delay to the next, inside fixed 1/60 s steps, so a frozen clock rebuilds them bit for bit.
// Painted with the rift's dithered plot (alpha times the opening mask against the Bayer cell) into
// the fx layer, not the rift's own buffer, and not over the gate layer's pixels (the clock hands),
// so they look as if drawn in the rift while the rift's pixels stay those of the rift alone.
#pragma once
#include <cstdint>

#include "grid.h"
#include "raster.h"
#include "rift.h"

namespace nf::scene {

constexpr int kMaxComets = 8;
constexpr int kCometTrail = 22;

struct Comet {
  double x, y, vx, vy, age;
  float tx[kCometTrail], ty[kCometTrail];  // the trail, oldest first
  int trail;
};

struct Comets {
  Comet c[kMaxComets];
  int count;
  double nextLaunch;  // seconds
  uint32_t rng;       // mulberry32 state
};

Comets startComets(uint32_t seed);
// One fixed step (kLifeStep) at the rift's heat and inflow -> whether a comet was swallowed by the
// pole (the pole star flares).
bool stepComets(Comets& s, double heat, double inflow);
// Paints them into d (the fx layer) over the opening, except where the gate layer is opaque ->
// the pixels that may have been painted.
Rect paintComets(Image& d, const Grid& g, const Opening& o, const Image& gate, const Comets& s);

}  // namespace nf::scene
