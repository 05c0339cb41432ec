#include "tint.h"

#include <algorithm>
#include <cmath>

#include "palette.h"
#include "raster.h"

namespace nf::scene {
namespace {

double hueToChannel(double p, double q, double t) {
  if (t < 0) t += 1;
  if (t > 1) t -= 1;
  if (t < 1.0 / 6) return p + (q - p) * 6 * t;
  if (t < 0.5) return q;
  if (t < 2.0 / 3) return p + (q - p) * (2.0 / 3 - t) * 6;
  return p;
}

}  // namespace

NF_SMALL Rgb turnHue(Rgb c, double degrees, double sat) {
  const double r = c.r / 255, g = c.g / 255, b = c.b / 255;
  const double mx = std::max({r, g, b}), mn = std::min({r, g, b});
  const double l = (mx + mn) / 2;
  if (mx == mn) return c;  // grey: no hue to turn
  const double d = mx - mn;
  double s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn);
  double h = mx == r ? (g - b) / d + (g < b ? 6 : 0) : (mx == g ? (b - r) / d + 2 : (r - g) / d + 4);
  h = frac(h / 6 + degrees / 360);
  s = clampd(s * sat, 0, 1);
  const double q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q;
  return {hueToChannel(p, q, h + 1.0 / 3) * 255, hueToChannel(p, q, h) * 255, hueToChannel(p, q, h - 1.0 / 3) * 255};
}

NF_SMALL void tintFor(const World& w, int key, double& degrees, double& sat) {
  degrees = 0;
  sat = 1;
  if (w.original) return;
  auto in = [&](int start, int n) { return key >= start && key < start + n; };
  if (in(kSkyC, 5) || in(kCloudC, 3) || in(kSwirlC, 2) || in(kFarC, 3) || in(kWaterC, 3) || key == kContourC) {
    degrees = w.skyHue;
  } else if (in(kSunC, 3) || in(kGlintC, 2)) {
    degrees = w.sunHue;
  } else if (in(kMidC, 3) || in(kHillC, 4) || in(kPineC, 3) || in(kLeafC, 4) || key == kContourC + 1 ||
             key == kContourC + 2) {
    degrees = w.vegHue;
    sat = w.vegSat;
  } else if (key == kPoppyC || key == kCornflowerC || key == kOchreC) {
    degrees = w.flowerHue;
  }
}

NF_SMALL void riftRampFor(const World& w, Px out[8]) {
  // 0 is the original's (palette.cpp); the others: ember, aurora, abyss, amethyst, verdigris.
  static const uint32_t kRamps[kRiftRamps - 1][8] = {
      {0x0e0b0b, 0x1f1210, 0x36181a, 0x5a2228, 0x7a3430, 0x8c5a3c, 0xb0823c, 0xf1d67e},
      {0x0b0e0c, 0x0f1f1a, 0x153628, 0x1e5a42, 0x2e7a5a, 0x4f9a78, 0x8cc49a, 0xd6f0b0},
      {0x0b0c0e, 0x0f1720, 0x13283a, 0x1a4060, 0x2a6088, 0x4a88a8, 0x8cc0cc, 0xe0f4f0},
      {0x0e0b0e, 0x1d1020, 0x331538, 0x552060, 0x7a3088, 0x9a58a8, 0xc890c0, 0xf4c8dc},
      {0x0b0e0e, 0x10201f, 0x16363a, 0x1e5258, 0x2e7272, 0x5a9a8c, 0x9ac0a0, 0xe8e0b8},
  };
  for (int k = 0; k < 8; ++k) {
    if (w.original || w.riftRamp <= 0 || w.riftRamp >= kRiftRamps) {
      out[k] = kRiftRamp[k];
      continue;
    }
    const uint32_t v = kRamps[w.riftRamp - 1][k];
    const Rgb c = turnHue({double(v >> 16), double((v >> 8) & 255u), double(v & 255u)}, w.riftHue, 1);
    out[k] = rgba(to8(c.r), to8(c.g), to8(c.b));
  }
}

}  // namespace nf::scene
