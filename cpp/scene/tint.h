// A world's colour shifts (docs/scene.md, "World seeds"): hue turns and saturation within bounds
// that keep the palettes' harmony, applied to the LIGHT and DARK tables before the daylight blend,
// so day, dusk and season mean what they always mean. The original world is never tinted.
#pragma once
#include "dither.h"
#include "world.h"

namespace nf::scene {

struct Rgb {
  double r, g, b;
};

// Turns c's hue by `degrees` and scales its saturation by `sat` (HSL, lightness kept).
Rgb turnHue(Rgb c, double degrees, double sat);

// The hue turn (degrees) and saturation factor a world applies to palette entry `key` (0 / 1: none).
void tintFor(const World& w, int key, double& degrees, double& sat);

// The world's rift ramp: one of kRiftRamps ramps built like the original's (near-black well, a
// saturated body, a warm or pale highlight for the spiral's crests), turned by the world's hue.
void riftRampFor(const World& w, Px out[8]);

}  // namespace nf::scene
