#include "ivy_growth.h"

#include <cmath>

namespace nf::scene {

int ivyStemFrame(const Ivy& v, double ivyT) {
  if (!(ivyT < kIvyGrown)) return v.frames;
  // The original applies the stem's duration rounded to 0.1 s, in frames counted from the unrounded one.
  const double applied = jsRound(10 * v.duration) / 10.0;
  const double f = std::floor(v.frames * (ivyT - v.delay) / applied);
  return f <= 0 ? 0 : (f >= v.frames ? v.frames : static_cast<int>(f));
}

IvyShown ivyShownAt(const Ivy& v, double ivyT) {
  IvyShown s{ivyStemFrame(v, ivyT), 0, 0};
  for (int n = 0; n < v.leafCount; ++n) {
    const double at = v.leaves[n].at;
    s.half += !(ivyT < at + 0.15);
    s.whole += !(ivyT < at + 0.3);
  }
  return s;
}

bool ivyGrown(const Ivy& v, const IvyShown& s) { return s.frame == v.frames && s.whole == v.leafCount; }

}  // namespace nf::scene
