// The ivy drawing itself (docs/scene.md, "Life"; shared/spec/ruin-and-life.md 4.1): each creeper's
// stem is revealed from its first point in discrete frames (8 a second) after its delay, and each
// leaf pops when the stem reaches it, at half size and then whole (0.15 s apart). The ruin layer is
// painted once with the ivy grown; while a creeper grows, the rift's tick repaints only its box
// (ruin.h, paintRuinIvy) when what it shows has changed, so growing costs a few small repaints in
// the first four seconds and nothing after. The clock is the scene's (the reveal is at 0), so a
// frozen moment shows the ivy as it was then; reduced motion shows it grown.
#pragma once

#include "ruin.h"

namespace nf::scene {

// What a creeper shows: stem frames drawn, leaves at least half out, leaves whole.
struct IvyShown {
  int frame = -1, half = -1, whole = -1;
  bool operator==(const IvyShown& o) const { return frame == o.frame && half == o.half && whole == o.whole; }
  bool operator!=(const IvyShown& o) const { return !(*this == o); }
};

IvyShown ivyShownAt(const Ivy& v, double ivyT);
// Whether that is the creeper grown (then paint it with kIvyGrown, the ruin's own paint).
bool ivyGrown(const Ivy& v, const IvyShown& s);

}  // namespace nf::scene
