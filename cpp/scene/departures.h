// The 404 page's departures board (web/404-board.js): when no page of the site's list matches the
// missing path, the board shows pages picked at random ("wandering", spec 7.2). The picks come
// from the world's own stream (spec 9, "wander" 4047), so a world's board is the same on every
// load and a share link shows the sharer's; the page asks the module (nf_wander_pick).
#pragma once
#include <cstdint>

#include "noise/random.h"
#include "scene/seeds.h"

namespace nf::scene {

constexpr uint32_t kWanderStream = 4047;

// The i-th pick (0-based) of a page index in [0, pages), repeats possible: floor(r * pages) for the
// stream's i-th draw r, in integers (r * pages is exact: r = u / 2^32).
inline uint32_t wanderPick(uint32_t world, uint32_t pages, uint32_t i) {
  if (pages == 0) return 0;
  nf::Mulberry32 rng(layerSeed(kWanderStream, world));
  uint32_t u = rng.nextU32();
  for (uint32_t k = 0; k < i; ++k) u = rng.nextU32();
  return static_cast<uint32_t>((static_cast<uint64_t>(u) * pages) >> 32);
}

}  // namespace nf::scene
