// World seed -> per-layer seeds (docs/scene.md, "World seeds"). The ruin's life takes its streams
// with layerSeed(constant, world) where it starts them (shared/spec/ruin-and-life.md section 9):
// 4042 comets (per launch: angle, speed, next delay), 4043 fireflies (six per fly at the start, then
// one per fly per 1/60 s step), 4044 the walker, 4048 another world's ruin (ruin.cpp). The default world keeps the
// constants themselves so the golden values hold; any other world scrambles every constant with the world seed, so all
// seeded layers change together and the same world always reproduces the same pixels.
#pragma once
#include <cstdint>

#include "noise/hash.h"

namespace nf::scene {

constexpr uint32_t kDefaultWorldSeed = 404;

inline uint32_t layerSeed(uint32_t constant, uint32_t world) {
  return world == kDefaultWorldSeed ? constant : nf::hashU32(constant, world, 0x9E3779B9u);
}

struct Seeds {
  uint32_t world;
  uint32_t farRidge, midRidge, farTone, midTone, farStroke, midStroke, pines, snow, spurs, rocks;
  uint32_t cloud, stars;
  uint32_t hillNoise, hillTone, field, islandFbm;
  uint32_t motes, echoTicks, echoWobble;
  uint32_t ripples, shear, glitter, splash;
  uint32_t trees[2], leaves, leafTone, dapple;
  // The ruin's life (shared/spec/ruin-and-life.md section 9; the walker takes 4044, walker.h, and
  // another world's ruin 4048, ruin.cpp): the tablet's letters, which glyph crumbles and the next
  // delay (4045), and a dropped letter's flight and its landing's splash (4046), letters.h.
  uint32_t crumble, falling;

  explicit Seeds(uint32_t w)
      : world(w),
        farRidge(layerSeed(11, w)),
        midRidge(layerSeed(23, w)),
        farTone(layerSeed(53, w)),
        midTone(layerSeed(41, w)),
        farStroke(layerSeed(141, w)),
        midStroke(layerSeed(143, w)),
        pines(layerSeed(612, w)),
        snow(layerSeed(71, w)),
        spurs(layerSeed(17, w)),
        rocks(layerSeed(909, w)),
        cloud(layerSeed(131, w)),
        stars(layerSeed(77, w)),
        hillNoise(layerSeed(7, w)),
        hillTone(layerSeed(61, w)),
        field(layerSeed(151, w)),
        islandFbm(layerSeed(19, w)),
        motes(layerSeed(404, w)),
        echoTicks(layerSeed(17, w)),
        echoWobble(layerSeed(311, w)),
        ripples(layerSeed(99, w)),
        shear(layerSeed(91, w)),
        glitter(layerSeed(7, w)),
        splash(layerSeed(1709, w)),
        trees{layerSeed(4040, w), layerSeed(4041, w)},
        leaves(layerSeed(71, w)),
        leafTone(layerSeed(83, w)),
        dapple(layerSeed(97, w)),
        crumble(layerSeed(4045, w)),
        falling(layerSeed(4046, w)) {}

  // Ridge pine n paints with seed 300 + n; island cypress n with 500 + n.
  uint32_t pine(int n) const { return layerSeed(300u + static_cast<uint32_t>(n), world); }
  uint32_t islandCypress(int n) const { return layerSeed(500u + static_cast<uint32_t>(n), world); }
};

}  // namespace nf::scene
