// The clock hands on the ruin's dial (docs/scene.md, "Clock"): a Swiss station clock whose minute
// hand jumps on each minute impulse and rings, whose second hand sweeps once in 58.5 s and waits at
// twelve, racing up to 900 (hot) or 9000 (enter) times when the portal is hot, and winding back to
// the visitor's time when it cools (shared/spec/ruin-and-life.md section 2). Drawn by C++ into the
// gate layer over the ruin, in a box about the gate's centre that is repainted on the rift's tick.
#pragma once
#include <cstdint>

#include "grid.h"
#include "palette.h"
#include "raster.h"

namespace nf::scene {

struct ClockState {
  double wall = 0;    // local wall-clock seconds at scene clock 0 (seconds of the day will do)
  double warp = 1, offset = 0;
  long long minute = 0;  // the minute number shown (floor(local / 60))
  double impulse = -1;   // scene clock of the last minute impulse
  int direction = 1;
  double sweep = 0;      // the second hand, degrees clockwise from twelve
};

// mode: 0 idle, 1 hot, 2 enter. still: reduced motion / a frozen moment (no warp, no ring, the
// second hand on the true seconds).
void stepClock(ClockState& c, double clock, double dt, int mode);
// The deterministic state at scene clock `clock` (setClock's): the true local time, settled.
void settleClock(ClockState& c, double clock);

// The box the hands may paint, in buffer pixels.
Rect handsBox(const Grid& g);

// What d shows of the hands: their angles as last painted (valid false: unknown, paint the box).
struct HandsPaint {
  bool valid = false;
  double deg[3] = {0, 0, 0};  // hour, minute (with its ring), second, degrees clockwise from twelve
  long long computed = 0;      // pixels the last paint worked out (the rest of the box copied or kept)
};

// Paints the hands into d over `base` (the ruin's pixels of handsBox, row by row), for scene clock
// `clock`: where a hand that moved since `last` was or is now (each row's spans it reaches, the
// keylines' and the neighbours' margin included), and within reach of any hand in `also` (pixels
// of d something else has repainted from base since), or, when last is not valid, the box copied
// from base and every hand's reach. Every pixel of the box ends as a whole paint's; returns the
// pixels it rewrote, and sets last.
Rect paintHands(Image& d, const Grid& g, const Palette& pal, const PodList<Px>& base, const ClockState& c,
                double clock, HandsPaint& last, const Rect& also = {});

}  // namespace nf::scene
