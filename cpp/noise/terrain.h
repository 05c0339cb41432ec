// The map-generator steps of the noise-fields seed: bands, the 3 x 3 biome table, island falloff,
// redistribution and terraces. Pure functions of a height in [0, 1].
#pragma once
#include <cmath>

#include "fade.h"

namespace nf {
NF_ISA_BEGIN

enum class Band : int { Water = 0, Sand = 1, Grass = 2, Rock = 3 };
inline const char* bandName(Band b) {
  static const char* const kNames[] = {"water", "sand", "grass", "rock"};
  return kNames[static_cast<int>(b)];
}

// F < t1 water, t1 <= F < t2 sand, t2 <= F < t3 grass, F >= t3 rock (t1 < t2 < t3).
inline Band bandOf(double f, double t1, double t2, double t3) {
  return f < t1 ? Band::Water : f < t2 ? Band::Sand : f < t3 ? Band::Grass : Band::Rock;
}

// Biome table, row = height band (low, mid, high), column = moisture band (dry, medium, wet).
enum class Biome : int {
  Desert = 0, Grassland, Swamp,
  Scrub, Forest, Rainforest,
  BareRock, Tundra, Snow
};
inline const char* biomeName(Biome b) {
  static const char* const kNames[] = {"desert", "grassland", "swamp",  "scrub", "forest",
                                       "rainforest", "bare rock", "tundra", "snow"};
  return kNames[static_cast<int>(b)];
}
// Height band for biomes: low below t2 (water and sand), mid in [t2, t3), high from t3.
// Moisture band: dry below m1, medium in [m1, m2), wet from m2.
inline int heightBand3(double h, double t2, double t3) { return h < t2 ? 0 : (h < t3 ? 1 : 2); }
inline int moistureBand3(double m, double m1, double m2) { return m < m1 ? 0 : (m < m2 ? 1 : 2); }
inline Biome biomeOf(int heightBand, int moistureBand) { return static_cast<Biome>(heightBand * 3 + moistureBand); }
inline Biome biomeOf(double h, double m, double t2, double t3, double m1, double m2) {
  return biomeOf(heightBand3(h, t2, t3), moistureBand3(m, m1, m2));
}

// Island falloff: 1 - (d / dmax)^2, clamped at 0; radial uses the Euclidean distance to the
// centre, square the Chebyshev distance max(|dx|, |dy|). Also returns the gradient.
inline double islandFalloff(bool square, double dx, double dy, double dmax, double* gx = nullptr,
                            double* gy = nullptr) {
  const double inv2 = 1 / (dmax * dmax);
  double f, ddx, ddy;
  if (!square) {
    f = 1 - (dx * dx + dy * dy) * inv2;
    ddx = -2 * dx * inv2;
    ddy = -2 * dy * inv2;
  } else {
    const double ax = std::fabs(dx), ay = std::fabs(dy);
    const double m = ax > ay ? ax : ay;
    f = 1 - m * m * inv2;
    ddx = ax >= ay ? -2 * dx * inv2 : 0;
    ddy = ax >= ay ? 0 : -2 * dy * inv2;
  }
  if (f <= 0) f = ddx = ddy = 0;
  if (gx) *gx = ddx;
  if (gy) *gy = ddy;
  return f;
}

// Terraces: n visible levels spread over [0, 1]. The height is cut into n equal bands
// [k/n, (k+1)/n), k = 0 .. n-1, and band k is flattened to level k / (n - 1), so the lowest band
// lies at 0 and the highest at 1; with `smooth` > 0 the last `smooth` fraction of each band but the
// highest ramps up to the next level with a smoothstep (smooth = 1: a fully smoothed staircase).
// One level (n = 1) is the constant 0.5. Returns the derivative d(terrace)/dh in *dh.
inline double terrace(double h, int n, double smooth, double* dh = nullptr) {
  if (n <= 1) {
    if (dh) *dh = 0;
    return 0.5;
  }
  const double p = h * n;
  double k = std::floor(p);
  if (k > n - 1) k = n - 1;  // h = 1 belongs to the highest band
  const double f = p - k;
  double g = 0, dg = 0;
  if (smooth > 0 && k < n - 1) {
    const double r = (f - (1 - smooth)) / smooth;
    if (r > 0) {
      const double rc = r < 1 ? r : 1;
      g = smoothstep(rc);
      dg = r < 1 ? smoothstepDeriv(rc) / smooth : 0;
    }
  }
  if (dh) *dh = dg * n / (n - 1);
  return (k + g) / (n - 1);
}

NF_ISA_END
}  // namespace nf
