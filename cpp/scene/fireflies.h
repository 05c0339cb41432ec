// Fireflies (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 5.2): twenty flies wandering over
// the island and the water, in every theme, day and night, drifting toward the pointer when it is
// near. Their draws come from the world's stream (layerSeed(4043)): six per fly at the start, then
// one per fly per fixed 1/60 s step, so with no pointer a frozen clock rebuilds them bit for bit.
// Pixel art in the fx layer: an 18-unit halo at 0.35 of the fly's opacity and a 5-unit core
// (outlined in ink where it is three pixels wide), dithered against the Bayer cell as the rift's
// marks are, so every pixel is opaque and every engine shows the same.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "raster.h"

namespace nf::scene {

constexpr int kFireflies = 20;

struct Firefly {
  double x, y, heading, speed, phase, freq;
  double x0, y0;  // where it started (reduced motion shows it there)
};

struct Fireflies {
  Firefly f[kFireflies];
  uint32_t rng;  // mulberry32 state
};

Fireflies startFireflies(uint32_t seed);
// One fixed step (kLifeStep); the pointer in scene units, attracting when inside.
void stepFireflies(Fireflies& s, bool pointer, double px, double py);
// Paints them into d (transparent where they are not) -> the pixels painted. still: at their
// starting places, at full opacity.
Rect paintFireflies(Image& d, const Grid& g, const Palette& pal, const Fireflies& s, double clock, bool still);

}  // namespace nf::scene
