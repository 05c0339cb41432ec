// The two foreground trees (docs/scene.md, "Trees"): the probabilistic L-system, bark, wind-blown leaves and the
// dappled shade they cast on the island.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "pod_list.h"
#include "raster.h"
#include "seeds.h"
#include "world.h"

namespace nf::scene {

struct Segment {
  double x0, y0, x1, y1, w0, w1;
};
struct Tip {
  double x, y, z;  // z = depth toward (+1) or away from (-1) the viewer
};
struct Tree {
  PodList<Segment> segs;
  PodList<Tip> tips;
};

// growth: the species' constants (world.h); the default is the original's.
void growTree(Tree& out, uint32_t seed, double x, double y, double lean, double width, double len,
              const Growth& growth = originalWorld().trees[0]);

// Everything about the canopy that depends only on grid, trees and palette: leaf density and depth
// splatted from the tips, the static leaf tone, the bark image and the dapple's per-pixel cover.
// windFbm over a grid of columns and rows, split by axis: for each octave, the fade weight and the
// lattice hash's partial sums of each column (wind included) and of each row (seed included), so a
// pixel costs four hash finishes and a blend per octave. Per-tick scratch.
struct WindTerms {
  int octaves = 0, cols = 0, rows = 0;
  PodList<double> u, v;             // [octave * cols + i], [octave * rows + j]
  PodList<uint32_t> hx0, hx1, hy0, hy1;
};

// A run of pixels [i0, i1) in row j.
struct Span {
  int j, i0, i1;
};

struct CanopyCache {
  Tree trees[2];
  double roots[2] = {0, 0};
  PodList<float> density, depth, leafTone, cover;  // cover is per-tick scratch, 0 off the leaves
  PodList<float> groundCover;                       // dapple cover, 0 where no dapple can land
  PodList<float> groundU;                           // dapple soft-edge width
  PodList<Span> leaves, dapple;  // where the leaves (density >= 0.05) and the dapple can be, by row
  Rect spanRows;                     // the rows those runs are in, the layer's width
  Image bark;
  WindTerms leafWind, dappleWind;                       // per-tick scratch
  // The layer the last tick painted over the bark (nullptr: none since the bark changed): a tick
  // into the same buffer puts back only the bark under the leaves and the dapple.
  const Px* paintedInto = nullptr;
};

// The trees and everything about the canopy that does not depend on the palette: grown trees,
// leaf density, depth and tone, the dapple's cover (on a new grid, world or seed).
void shapeCanopy(CanopyCache& c, const Grid& g, const Seeds& s, const World& w, const PodList<float>& hillTop);
// shapeCanopy in parts of about unitPixels' worth of work each: parts 0, 1, ... in order until one
// returns true give shapeCanopy's cache.
bool shapeCanopyPart(CanopyCache& c, const Grid& g, const Seeds& s, const World& w, const PodList<float>& hillTop,
                     int part, int unitPixels);
// The bark of the shaped trees in pal.
void paintBark(CanopyCache& c, const Grid& g, const Palette& pal);
// shapeCanopy when reshape (else the shape is kept: a new palette only), then the bark in pal.
void makeCanopy(CanopyCache& c, const Grid& g, const Palette& pal, const Seeds& s, const World& w,
                const PodList<float>& hillTop, bool reshape = true);
// -> the pixels that may have changed since the last paint into d.
Rect paintCanopy(Image& d, const Grid& g, const Palette& pal, const Seeds& s, CanopyCache& c, double wind,
                 double clock);

}  // namespace nf::scene
