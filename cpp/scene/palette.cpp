#include "palette.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "raster.h"
#include "tint.h"

namespace nf::scene {
namespace {

struct Rgba {
  double r, g, b, a;
};

// The tables keep each colour as its hex with the alpha in percent in the top byte (0 = opaque):
// four bytes where an Rgba of doubles takes 32, and the 404 page downloads these tables. Alpha
// percent / 100 is the same double as the decimal literal (division rounds correctly), so the
// palette is what the Rgba tables gave.
constexpr uint32_t hx(uint32_t v, uint32_t alphaPercent = 0) { return alphaPercent << 24 | (v & 0xFFFFFFu); }

Rgba rgbaOf(uint32_t v) {
  const uint32_t pct = v >> 24;
  return {static_cast<double>((v >> 16) & 255u), static_cast<double>((v >> 8) & 255u),
          static_cast<double>(v & 255u), pct ? pct / 100.0 : 1.0};
}

constexpr Px packHex(uint32_t v) {
  return 0xFF000000u | (v & 0xFF0000u) >> 16 | (v & 0x00FF00u) | (v & 0x0000FFu) << 16;
}

const uint32_t kLight[kPaletteSize] = {
    hx(0xb8d9d2), hx(0xc9e1d9), hx(0xdae9e0), hx(0xecf1e6), hx(0xfffcf0),  // sky
    hx(0xa6abbd), hx(0xbcbfcc), hx(0xd2d3da),                              // cloud
    hx(0x9fcbc2), hx(0xfffcf0),                                            // swirl
    hx(0xfbe3d6), hx(0xfdc4b4), hx(0xfdb2a2),                              // sun
    hx(0xb3c6d2), hx(0xc7d6de), hx(0xdde6e6),                              // far
    hx(0x879578), hx(0xa2ad8c), hx(0xc3c9a6),                              // mid
    hx(0x56652a), hx(0x74853a), hx(0x97a652), hx(0xbcc47e),                // hill
    hx(0x5d6b4c), hx(0x6d7b5b), hx(0x83906c),                              // pine
    hx(0x3e3128), hx(0x5e4b3b), hx(0x7e6a55),                              // bark
    hx(0x2f3d0c), hx(0x4d6212), hx(0x7d902a), hx(0xb4bf6a),                // leaf
    hx(0xe0b43c), hx(0xe0604a), hx(0x4f72b0), hx(0xd8bd55),                // gold poppy cornflower ochre
    hx(0xfffcf0),                                                          // star
    hx(0xfffcf0), hx(0xfdd6c9),                                            // glint
    hx(0x34435e, 20), hx(0xd9a93a, 32),                                 // shade, fringe
    hx(0x8fc9be), hx(0xa4d5ca), hx(0xbbe0d6),                              // water
    hx(0x8199ab), hx(0x5f6c50), hx(0x56652a),                              // contour
    // The ruin's plates and their grain stops (shared/spec/ruin-and-life.md 0 and 1.7).
    hx(0xb29f8d), hx(0xdbc3ad), hx(0xffe3c9), hx(0xfff1de),
    hx(0x100f0f), hx(0xfffcf0),  // ink, paper
    hx(0x98a9bf), hx(0xbfcad8), hx(0xdfe5ea), hx(0xfffcf0),  // snow
    hx(0x57534b), hx(0x7f796c), hx(0xa39c8c), hx(0xcdc6b2),  // rock
    hx(0xb17d71), hx(0xda998b), hx(0xfdb2a2), hx(0xfedbcd),  // rose
    hx(0x90956a), hx(0xb0b782), hx(0xcdd597), hx(0xe8eac8),  // sage
    hx(0x100f0f),                                            // ruin ink
    hx(0xfffcf0), hx(0xe2ab91), hx(0x3f6db0), hx(0x28497e), hx(0x100f0f),  // walker
};

const uint32_t kDark[kPaletteSize] = {
    hx(0x121726), hx(0x141a28), hx(0x161b25), hx(0x141619), hx(0x100f0f),
    hx(0x1b2233), hx(0x212940), hx(0x29324b),
    hx(0x0d1019), hx(0x33405e),
    hx(0x2a2622), hx(0x8f8a7c), hx(0xcecdc3),
    hx(0x1b1f25), hx(0x20252b), hx(0x262c33),
    hx(0x191e14), hx(0x20271a), hx(0x293221),
    hx(0x12160a), hx(0x1a200e), hx(0x232b13), hx(0x2e3819),
    hx(0x161b11), hx(0x1e2517), hx(0x262f1d),
    hx(0x0d0b09), hx(0x1c1814), hx(0x2c251f),
    hx(0x0b0f04), hx(0x151d07), hx(0x24300c), hx(0x3d4c10),
    hx(0x5a4714), hx(0x8c3a2e), hx(0x27365a), hx(0x4d4519),
    hx(0xe6e4d9),
    hx(0xcecdc3), hx(0x6f6a5e),
    hx(0xfffcf0, 5), hx(0xd0a215, 14),
    hx(0x132726), hx(0x193230), hx(0x203d3a),
    hx(0x39414b), hx(0x3a4530), hx(0x3d4a22),
    hx(0x1c1714), hx(0x26201b), hx(0x332a24), hx(0x524b44),
    hx(0x100f0f), hx(0x100f0f),
    hx(0x1f2533), hx(0x2b3342), hx(0x3c4556), hx(0x58627a),
    hx(0x0e0d0b), hx(0x171613), hx(0x22201b), hx(0x302d25),
    hx(0x6b4c45), hx(0x92685e), hx(0xc28a7e), hx(0xc4978c),
    hx(0x50533c), hx(0x6e7152), hx(0x92976d), hx(0x9ea27e),
    hx(0xcecdc3),
    hx(0xcecdc3), hx(0x8c6b5c), hx(0x2d4c7c), hx(0x1d3356), hx(0x050505),
};

struct DuskEntry {
  int key;
  int n;
  uint32_t hex[5];
};
const DuskEntry kDusk[] = {
    {kSkyC, 5, {0x4a5478, 0x7d7a9c, 0xc98f98, 0xf0a58c, 0xfdc9a0}},
    {kCloudC, 3, {0x6d6285, 0x9a7f98, 0xd59a96, 0, 0}},
    {kSunC, 3, {0xfdd2a0, 0xf59a6e, 0xe0604a, 0, 0}},
    {kFarC, 3, {0x7e7496, 0x978aa8, 0xb3a3b8, 0, 0}},
    {kWaterC, 3, {0x8a7f9c, 0xb095a6, 0xd8aca4, 0, 0}},
    {kGlintC, 2, {0xfdd6a0, 0xf0a58c, 0, 0, 0}},
};

int gcd255(int a) {
  int x = 255, y = a;
  while (y) {
    const int t = x % y;
    x = y;
    y = t;
  }
  return x;
}

// A translucent colour that every browser stores and reads back exactly. Canvases keep
// premultiplied 8-bit colour, and engines round c * a / 255 and its inverse differently
// (Firefox and Chromium read the canopy's shade back one to six levels apart). When a shares a
// factor g >= 15 with 255 and c is a multiple of 255 / g, c * a / 255 is a whole number, so there is
// nothing to round: alpha moves to the nearest multiple of 15 or 17, and each channel to the
// nearest multiple of 255 / g (finer than the premultiplied value can show anyway).
Px stableTranslucent(double r, double g, double b, int a) {
  if (a <= 0 || a >= 255) return rgba(to8(r), to8(g), to8(b), a <= 0 ? 0 : 255);
  int best = 255;
  for (int c = 15; c < 255; ++c)
    if (gcd255(c) >= 15 && std::abs(c - a) < std::abs(best - a)) best = c;
  const int step = 255 / gcd255(best);
  auto snap = [step](double v) {
    const int q = static_cast<int>(std::floor(clampd(v, 0, 255) / step + 0.5)) * step;
    return q > 255 ? q - step : q;
  };
  return rgba(snap(r), snap(g), snap(b), best);
}

Rgba lerpC(const Rgba& a, const Rgba& b, double t) {
  return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
}

// WCAG's relative luminance with a gamma of 2 for sRGB's curve (enough to choose between two
// colours), plus its 0.05 of flare, in units of 1 / (10000 * 255^2).
int64_t flaredLuminance(Px c) {
  const int64_t r = chR(c), g = chG(c), b = chB(c);
  return 2126 * r * r + 7152 * g * g + 722 * b * b + 32512500;
}

}  // namespace

Px stableTranslucentOf(Px opaque, int a) {
  return stableTranslucent(opaque & 0xffu, (opaque >> 8) & 0xffu, (opaque >> 16) & 0xffu, a);
}

const Px kRiftRamp[8] = {packHex(0x0b0b0e), packHex(0x10131f), packHex(0x172036), packHex(0x22305a),
                     packHex(0x34427a), packHex(0x5d5a8c), packHex(0x9a7094), packHex(0xe3a19a)};
const Px kStarColors[6] = {packHex(0xfffcf0), packHex(0xfffcf0), packHex(0xf1d67e),
                           packHex(0xfdb2a2), packHex(0xcdd597), packHex(0x92bfdb)};

Palette makePalette(double day, double dusk, const World& w) {
  day = clampd(day, 0, 1);
  dusk = clampd(dusk, 0, 1);
  Rgba blended[kPaletteSize];
  for (int k = 0; k < kPaletteSize; ++k) {
    double degrees, sat;
    tintFor(w, k, degrees, sat);
    const Rgba dark = rgbaOf(kDark[k]), light = rgbaOf(kLight[k]);
    if (degrees == 0 && sat == 1) {
      blended[k] = lerpC(dark, light, day);
      continue;
    }
    const Rgb d = turnHue({dark.r, dark.g, dark.b}, degrees, sat);
    const Rgb l = turnHue({light.r, light.g, light.b}, degrees, sat);
    blended[k] = lerpC({d.r, d.g, d.b, dark.a}, {l.r, l.g, l.b, light.a}, day);
  }
  const double glow = 0.75 * dusk;
  if (glow > 0)
    for (const DuskEntry& e : kDusk)
      for (int s = 0; s < e.n; ++s) {
        const Rgba target = lerpC(rgbaOf(kDark[e.key + s]), rgbaOf(e.hex[s]), 0.4 + 0.6 * day);
        blended[e.key + s] = lerpC(blended[e.key + s], target, glow);
      }
  Palette p{};
  for (int k = 0; k < kPaletteSize; ++k) {
    const int a = to8(blended[k].a * 255);
    p.c[k] = a == 255 ? rgba(to8(blended[k].r), to8(blended[k].g), to8(blended[k].b))
                      : stableTranslucent(blended[k].r, blended[k].g, blended[k].b, a);
  }
  // The ruin's ink is one of its two ends, not a mix: mixed, it passes through the stone plate's
  // own colour between day and night (a daylight of 0.3 to 0.5, at dawn and dusk) and the keylines,
  // dial marks and carved letters fade into the stone. The night's pale ink (a negative print, as
  // the original's dark theme draws it) while it contrasts 3:1 with this daylight's plate (WCAG's
  // figure for the parts of a graphic), which takes in a dark scheme's capped daylight; on a
  // lighter plate the day's dark ink, which there contrasts more. (Neither the ink nor the stone
  // takes a world's hue.)
  const Px pale = packHex(kDark[kRuinInkC]), ink = packHex(kLight[kRuinInkC]);
  p.c[kRuinInkC] = flaredLuminance(pale) >= 3 * flaredLuminance(p.c[kStoneC + 2]) ? pale : ink;
  return p;
}

}  // namespace nf::scene
