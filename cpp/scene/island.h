// The island (docs/scene.md, "Island"): the world's silhouette (world.h; the original world's is a
// flat-crowned knoll), its underpainting, the field strokes with flowers (every tick) and the cypresses.
#pragma once

#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "seeds.h"
#include "world.h"

namespace nf::scene {

constexpr double kWater = 870;

struct Meadow {
  PodList<float> top, lit, ang;
  double crest = 0;  // highest crest (smallest y)
};

void makeMeadow(Meadow& m, const Grid& g, const Seeds& s, const World& w);
// Rows [j0, j1) only (cleared first), so a repaint can be spread over frames.
void paintHillBase(Image& d, const Grid& g, const Palette& pal, const Meadow& m, const Seeds& s, const World& w,
                   int j0 = 0, int j1 = 1 << 30);
// sway = 0.45 + 0.55 * min(1, gust). -> the pixels that may have changed since the last paint into
// d (d.used, raster.h, before and after).
Rect paintField(Image& d, const Image& base, const Grid& g, const Palette& pal, const Meadow& m, const Seeds& s,
                const World& w, double clock, double sway);

}  // namespace nf::scene
