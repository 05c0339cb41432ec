// Buffer <-> scene mapping (docs/scene.md, "Coordinates and grid"). Each layer canvas is the viewport grown by INSET = 48 CSS px
// on every side, so the grid is computed for a (cssWidth + 96) x (cssHeight + 96) canvas: buffer
// pixel (i, j) covers canvas CSS pixels [i*pitch, (i+1)*pitch) and viewport CSS x = i*pitch - 48.
#pragma once

#include "dither.h"
#include "pod_list.h"

namespace nf::scene {

constexpr int kInset = 48;
constexpr double kSceneW = 1600, kSceneH = 1000;

struct Grid {
  int cssW = 0, cssH = 0;  // the viewport
  int cw = 0, ch = 0;      // the layer canvas (viewport + 2 * inset)
  int pitch = 0, bw = 0, bh = 0;
  double scale = 1, ox = 0, oy = 0;
  double px = 1;      // scene units per buffer pixel (g.px)
  double bottom = 0;  // scene y of the viewport's bottom edge
  PodList<float> sx, sy;  // scene coordinates of pixel centres, float32 (docs/scene.md, "Exactness")

  NF_TINY int col(double x) const { return jsRound((x - sx[0]) / px); }
  NF_TINY int row(double y) const { return jsRound((y - sy[0]) / px); }
  NF_TINY int clampCol(double bi) const {
    const int i = jsRound(bi);
    return i < 0 ? 0 : (i > bw - 1 ? bw - 1 : i);
  }
  bool valid() const { return bw > 0 && bh > 0; }
};

// The automatic pitch (docs/scene.md, "Coordinates and grid"): clamp(round(cw / 380), 3, 6), cw being the canvas width
// (viewport + 96).
int autoPitch(int cssWidth);

// The most buffer pixels (bw * bh) a viewport may take: at under 96 bytes per buffer pixel over
// all layers and caches, 9 Mi pixels stay under 900 MB, and a resize holds the old buffers and the
// new ones at once under the module's 2 GiB cap. 4K fits at pitch 1, 8K at pitch 2.
constexpr long long kMaxBufferPixels = 9LL << 20;
// Bytes per buffer pixel the scene's buffers and caches take at most (setViewport's probe).
constexpr long long kBytesPerBufferPixel = 96;

// Which part of the scene a viewport keeps in view. Cover (docs/scene.md, "Coordinates and grid"): the scene fills the canvas,
// centred. Region: cover's zoom, or less when the region would not fit the viewport, centred on the
// region and then moved to keep the scene over the canvas wherever the scene is large enough (a
// short banner zooms out to show the gate whole, and the scene's painting continues past its
// 1600 x 1000 frame at the sides). Point: cover's zoom, centred on a scene point as far as the
// scene allows.
struct Framing {
  enum Kind { Cover, Region, Point } kind = Cover;
  double x0 = 0, y0 = 0, x1 = kSceneW, y1 = kSceneH;  // Region, scene units
  bool centre = true;  // Region: centred on it; false: moved from cover's centring only as far as it takes
  double x = kSceneW / 2, y = kSceneH / 2;            // Point, scene units
};

// pitch 0 = autoPitch(cssWidth). A pitch whose buffers would exceed kMaxBufferPixels is raised to
// the smallest one within it (Grid::pitch tells which was used).
Grid makeGrid(int cssWidth, int cssHeight, int pitch, const Framing& framing = {});

}  // namespace nf::scene
