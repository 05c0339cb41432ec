// The compiled, flat parameters of a field (Field compiles a FieldConfig into them): what the
// kernels, row samplers and batch engine read. Plain data, without the schema, so engine code
// (and the 404 page's module) can run fields without the explorer's parameter table.
#pragma once
#include <cstdint>

#include "../kinds.h"

namespace nf {

struct FieldParams {
  Octave base;  // seed multiplier, octave-0 periods in lattice cells, cellular settings
  FractalKind fractal = FractalKind::Fbm;
  int octaves = 3;
  double lacunarity = 2.03, gain = 0.5;  // lacunarity already rounded when tiled
  uint32_t seed = 0, seedStep = 17;
  // A Field's octave hashes take tk::seedTerm(seed) (finalised); the landscape's functions
  // (nf::fbm, the nebula, NoiseGrid) take seed * multiplier, their reference formula
  // (fillLandscape sets this).
  bool landscapeSeeds = false;
  // Octave i of a fractal seeded s: its seed and seed term. Every path takes them from here.
  void setOctaveSeed(Octave& o, uint32_t s, int i) const {
    o.seed = s + seedStep * static_cast<uint32_t>(i);
    o.term = landscapeSeeds ? o.seed * o.seedMul : seedTerm(o.seed, o.seedMul);
  }
  double scale = 1, z = 0;
  double tileX = 0, tileY = 0;  // the tile in sample units (period * scale); 0: not tiled
  int warpLevels = 0;
  double warp = 0, warp2 = 0;
  double warpCentre = 0.5;  // subtracted from each warp offset (0.5: centred on 0; 0: the nebula's [0, 1])
  uint32_t warpSeedX = 0, warpSeedY = 0, warp2SeedX = 0, warp2SeedY = 0;
  bool island = false, islandSquare = false;
  double islandX = 0, islandY = 0, islandRadius = 1;
  double redistribution = 1;
  int terraces = 0;
  double terraceSmooth = 0;
};

}  // namespace nf
