// Interpolation and fades: the smoothing curves of the seeds and the landscape's clamp/smooth.
#pragma once

namespace nf {

inline double lerp(double a, double b, double t) { return a + (b - a) * t; }

// Cubic smoothstep s(t) = t^2 (3 - 2t): zero slope at 0 and 1, so lattice lines leave no crease.
inline double smoothstep(double t) { return t * t * (3 - 2 * t); }
inline double smoothstepDeriv(double t) { return 6 * t * (1 - t); }

// Quintic fade q(t) = 6t^5 - 15t^4 + 10t^3 (Perlin 2002): curvature also matches at the ends.
inline double quintic(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }
inline double quinticDeriv(double t) { return 30 * t * t * (t * (t - 2) + 1); }

// The landscape's clamp01 caps at 0.9999 so ramp indices and smooth() never reach 1.
inline double clamp01(double t) { return t < 0 ? 0 : (t > 0.9999 ? 0.9999 : t); }

// smooth(a, b, t): smoothstep of t normalised to [a, b]; works with a > b (a reversed edge).
inline double smooth(double a, double b, double t) {
  const double x = clamp01((t - a) / (b - a));
  return x * x * (3 - 2 * x);
}

}  // namespace nf
