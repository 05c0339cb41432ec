// Batch fills of the landscape primitives (value noise, fbm, nebula) over a GridSpec.
// Every float written equals the scalar double function at that sample, rounded to float.
#pragma once
#include <cstdint>

#include "grid.h"

namespace nf {

enum class LandscapeKind { Value, Fbm, Nebula };

// out must hold g.width * g.height floats, row-major. The grid must pass validateGrid and
// octaves must be in [kMinOctaves, kMaxOctaves] (ignored for Value and Nebula).
FillStats fillLandscape(LandscapeKind kind, const GridSpec& g, uint32_t seed, int octaves, float* out);

}  // namespace nf
