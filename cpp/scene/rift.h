// The rift inside the gate (docs/scene.md, "Rift"): opening mask, underpainting, 1600 orbiting motes, the pole
// star and the dial echoes. Always night, whatever the theme.
#pragma once
#include <cstdint>

#include "grid.h"
#include "pod_list.h"
#include "raster.h"
#include "seeds.h"

namespace nf::scene {

constexpr double kGateX = 800, kGateY = 440, kGateR = 168, kGateRing = 46, kGateDepth = 14;
constexpr int kMissingHour = 8;
inline double hourAngle(int h) { return (h - 3) * kPi / 6; }

struct Mote {
  double r, a0, a;  // radius, angle at birth, current angle
  double tone, thr;
  int len;
  bool wide;
  int star;  // index into kStarColors, or -1
  double mag, freq, phase;
};

struct Opening {
  PodList<uint8_t> mask;  // 0..255 coverage per buffer pixel
  int i0 = 0, i1 = -1, j0 = 0, j1 = -1;
};

// The rift's underpainting over the opening's box, row-major: it depends only on the grid, the
// opening and the world's colours, so ticks copy it. Not fresh: painted by the next tick.
struct RiftUnder {
  PodList<Px> p;
  bool fresh = false;
};

struct RiftState {
  double rate = 1.1, target = 1.1, inflow = 0, inflowTarget = 0;
  double heat = 0, flare = 0, pattern = 0;
  PodList<Mote> motes;
};

inline double orbitRate(double r) { return 180 / (r + 90); }

void makeOpening(Opening& o, const Grid& g);
// makeOpening in steps: clearOpening, then openingRows over [0, bh) in pieces, in any order.
void clearOpening(Opening& o, const Grid& g);
void openingRows(Opening& o, const Grid& g, int rowFrom, int rowTo);
void makeMotes(PodList<Mote>& motes, uint32_t seed404);
void stepRift(RiftState& s, double dt);
// Positions every mote for a frozen clock: as if the spin had held the current rate since t = 0.
void placeRift(RiftState& s, double clock);
// colours: the world's eight rift colours (tint.h), dark to light. -> the pixels that may have
// changed since the last paint into d (d.used, raster.h, before and after).
Rect paintRift(Image& d, const Grid& g, const Opening& o, RiftUnder& under, const RiftState& s, double clock,
               const Seeds& seeds, const Px* colours);

}  // namespace nf::scene
