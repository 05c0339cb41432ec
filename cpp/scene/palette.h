// LIGHT / DARK / DUSK colour tables (docs/scene.md, "Light") and the daylight blend.
#pragma once
#include "dither.h"
#include "world.h"

namespace nf::scene {

// Offsets into the flat palette; ramps are consecutive entries.
enum PalKey : int {
  kSkyC = 0,       // 5
  kCloudC = 5,     // 3
  kSwirlC = 8,     // 2 (dark, light)
  kSunC = 10,      // 3
  kFarC = 13,      // 3
  kMidC = 16,      // 3
  kHillC = 19,     // 4
  kPineC = 23,     // 3
  kBarkC = 26,     // 3
  kLeafC = 29,     // 4
  kGoldC = 33,
  kPoppyC = 34,
  kCornflowerC = 35,
  kOchreC = 36,
  kStarC = 37,
  kGlintC = 38,    // 2
  kShadeC = 40,    // carries alpha
  kFringeC = 41,   // carries alpha
  kWaterC = 42,    // 3
  kContourC = 45,  // 3 (far, mid, hill)
  kStoneC = 48,    // 4 (deep, shade, plate, light): the ruin's stone plate and its grain stops
  kInkC = 52,
  kPaperC = 53,
  kSnowC = 54,     // 4 (shadow .. sunlit)
  kRockC = 58,     // 4 (outcrops and snowy spur crests)
  kRoseC = 62,     // 4 (deep, shade, plate, light): the keystone, blooms, the second hand
  kSageC = 66,     // 4: the five o'clock stone, ivy leaves
  kRuinInkC = 70,  // the ruin's keylines and carving: ink by day, pale as a negative print by night, never a mix
  kWalkerC = 71,   // 5: the walker's cap, face, dress, dress shade, shoes
  kPaletteSize = 76,
};

struct Palette {
  Px c[kPaletteSize];
  Px operator[](int k) const { return c[k]; }
  const Px* at(int k) const { return c + k; }
};

// Theme-independent colours.
constexpr Px kCream = 0xFFF0FCFFu;   // fffcf0
constexpr Px kInk = 0xFF0F0F10u;     // 100f0f
constexpr Px kGolden = 0xFF7ED6F1u;  // f1d67e
constexpr Px kRose = 0xFF9AA1E3u;    // e3a19a
extern const Px kRiftRamp[8];
extern const Px kStarColors[6];

// DARK -> LIGHT per channel by day, after the world's tint (tint.h) turns both tables; dusk in
// [0, 1] then pulls sky/cloud/sun/far/water/glint toward the DUSK colours by 0.75 * dusk.
Palette makePalette(double day, double dusk, const World& w = originalWorld());
// An opaque colour at alpha a as every browser stores it exactly in a canvas (premultiplied 8-bit:
// alpha to the nearest multiple of 15 or 17, each channel to a multiple of 255 over their common
// factor), as the palette's own translucent colours are.
Px stableTranslucentOf(Px opaque, int a);

}  // namespace nf::scene
