// The near layer (docs/scene.md, "Water"): water plate with the scene folded into it, ripples, glitter, the
// shore line and click splashes.
#pragma once

#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "ruin.h"
#include "ridges.h"
#include "seeds.h"
#include "walker.h"

namespace nf::scene {

struct Ripple {
  double x, y, w;
  bool bright;
  double half, phase;
};

struct Splash {
  double x, y, size, age;
};

constexpr double kSplashLife = 1.6;
constexpr int kMaxSplashes = 16;

void makeRipples(PodList<Ripple>& out, const Seeds& s);

struct WaterInputs {
  // Reflected layers, front to back: gate, island, rift, ranges (same grid as the water).
  const Image* gate;
  const Image* hill;
  const Image* rift;
  const Image* land;
  const RidgeTables* ridges;
  const PodList<Ripple>* ripples;
  const Splash* splashes;
  int splashCount;
  double clock, heat;
  double bodyX;   // the sun's (or moon's) x, where the glitter gathers
  double sunLit;  // 1 under a clear sky, less under heavy cloud
  bool dark;  // day < 0.5
  const Walker* walker;  // null: none
  int walkerRow;         // the buffer row of her feet
  // The ruin's keylines that the pane draws (ruin.h, keyedAt) are reflected in this ink, as the
  // gate layer drew them before (null: none).
  const RuinIds* ruin;
  Px ruinInk;
};

// ids: scratch rows of bw bytes each (two rows). -> the pixels that may have changed since the last
// paint into d (d.used, raster.h, before and after).
Rect paintWater(Image& d, const Grid& g, const Palette& pal, const Seeds& s, const WaterInputs& in,
                PodList<uint8_t>& ids);

}  // namespace nf::scene
