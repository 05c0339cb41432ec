// Ordered dither and the small numeric helpers every layer shares.
#pragma once
#include <cmath>
#include <cstdint>

#include "noise/fade.h"
#include "noise/hash.h"

// NF_SMALL marks a function that runs once per world, viewport or repaint stage (setup, tables), not
// per pixel of a tick: clang builds it for size (minsize, as -Oz builds a file), because the 404
// page downloads the scene's code. Pixels do not depend on it (no float flag changes with it);
// GCC (the native build) ignores it.
#if defined(__clang__)
#define NF_SMALL __attribute__((minsize))
#else
#define NF_SMALL
#endif
// NF_TINY: a helper of a few instructions that the per-pixel loops call; inlined wherever it is
// called, also into NF_SMALL code (whose size-first inliner would otherwise call it).
#define NF_TINY inline __attribute__((always_inline))

namespace nf::scene {

using Px = uint32_t;  // RGBA8 packed little-endian: bytes in memory are r, g, b, a

constexpr double kPi = 3.14159265358979323846;

constexpr double kBayer[16] = {
    0.5 / 16,  8.5 / 16, 2.5 / 16,  10.5 / 16, 12.5 / 16, 4.5 / 16, 14.5 / 16, 6.5 / 16,
    3.5 / 16, 11.5 / 16, 1.5 / 16,  9.5 / 16,  15.5 / 16, 7.5 / 16, 13.5 / 16, 5.5 / 16,
};

// Negative indices wrap like JS's (i & 3) on int32.
NF_TINY double bayer(int i, int j) {
  return kBayer[((static_cast<unsigned>(j) & 3u) << 2) | (static_cast<unsigned>(i) & 3u)];
}

NF_TINY double frac(double t) { return t - std::floor(t); }

// JS Math.round: halves go toward +infinity. Clamped so absurd inputs stay defined.
NF_TINY int jsRound(double v) {
  const double r = std::floor(v + 0.5);
  if (!(r > -1e9)) return -1000000000;
  if (r > 1e9) return 1000000000;
  return static_cast<int>(r);
}

NF_TINY int floorInt(double v) {
  const double r = std::floor(v);
  if (!(r > -1e9)) return -1000000000;
  if (r > 1e9) return 1000000000;
  return static_cast<int>(r);
}

NF_TINY double clampd(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }

// hash(x, y, seed) in [0, 1) for int lattice indices and a uint32 seed.
NF_TINY double h01(int x, int y, uint32_t seed) {
  return nf::hashU32(static_cast<uint32_t>(x), static_cast<uint32_t>(y), seed) / 4294967296.0;
}

NF_TINY int stepIndex(int n, double t, double threshold) {
  const double p = nf::clamp01(t) * (n - 1);
  const int k = static_cast<int>(std::floor(p));
  return (p - k) > threshold ? k + 1 : k;
}

// Per-pixel dither between neighbouring stops.
NF_TINY Px ramp(const Px* stops, int n, double t, int i, int j) { return stops[stepIndex(n, t, bayer(i, j))]; }

// Stroke-level dither: the threshold is one random per stroke, so the whole stroke takes one stop.
NF_TINY Px pick(const Px* stops, int n, double t, double threshold) { return stops[stepIndex(n, t, threshold)]; }

}  // namespace nf::scene
