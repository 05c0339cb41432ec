// Light spilling on the steps while the portal is hot (docs/scene.md, "Life"; shared/spec/
// ruin-and-life.md 1.8): rose over the middle of each tread (widths 200, 300, 400, 500 units), at
// 0.45 opacity in four steps over 0.5 s, multiplied by day and screened by night. The original
// draws it under the opaque step plates, where it never shows; the port draws the evident intent,
// over the treads' plates and grain, under their keylines and everything in front of the steps (the
// tablet). Repainted in the gate layer only when its level changes, from the ruin's pixels there.
#pragma once

#include "grid.h"
#include "palette.h"
#include "raster.h"
#include "ruin.h"

namespace nf::scene {

constexpr int kSpillLevels = 4;     // 0 (none) .. 4 (0.45)
constexpr double kSpillStep = 0.125; // seconds a level

// The buffer pixels the spill may paint (the four treads' middles).
Rect spillBox(const Grid& g);
// Paints the treads' plates in spillBox of d from base (the ruin's pixels of spillBox, row by row) at
// a level (0: back to the ruin's).
void paintSpill(Image& d, const Grid& g, const Palette& pal, const RuinIds& ids, const PodList<Px>& base, int level,
                bool dark);

}  // namespace nf::scene
