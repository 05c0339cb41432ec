// Interpolation and fades: the smoothing curves of the seeds and the landscape's clamp/smooth.
// The fades are templates over the lane type (double, or lanes.h's four-sample lanes), so the
// point samples, the row fills and the scattered lanes all run this one expression of each.
#pragma once
#include <cstdint>

#include "kinds.h"

namespace nf {
NF_ISA_BEGIN

template <class D>
inline D lerpLanes(D a, D b, D t) { return a + (b - a) * t; }
inline double lerp(double a, double b, double t) { return lerpLanes(a, b, t); }

// fade<F>(t) and its derivative. Cubic: smoothstep s(t) = t^2 (3 - 2t), zero slope at 0 and 1, so
// lattice lines leave no crease. Quintic: q(t) = 6t^5 - 15t^4 + 10t^3 (Perlin 2002), curvature
// also matches at the ends.
template <FadeKind F, class D>
inline D fade(D t) {
  if constexpr (F == FadeKind::Linear) return t;
  else if constexpr (F == FadeKind::Cubic) return t * t * (3 - 2 * t);
  else return t * t * t * (t * (t * 6 - 15) + 10);
}
template <FadeKind F, class D>
inline D fadeDeriv(D t) {
  if constexpr (F == FadeKind::Linear) return D(1);
  else if constexpr (F == FadeKind::Cubic) return 6 * t * (1 - t);
  else return 30 * t * t * (t * (t - 2) + 1);
}

inline double smoothstep(double t) { return fade<FadeKind::Cubic>(t); }
inline double smoothstepDeriv(double t) { return fadeDeriv<FadeKind::Cubic>(t); }
inline double quintic(double t) { return fade<FadeKind::Quintic>(t); }
inline double quinticDeriv(double t) { return fadeDeriv<FadeKind::Quintic>(t); }

// The landscape's clamp01 caps at 0.9999 so ramp indices and smooth() never reach 1.
inline double clamp01(double t) { return t < 0 ? 0 : (t > 0.9999 ? 0.9999 : t); }

// smooth(a, b, t): smoothstep of t normalised to [a, b]; works with a > b (a reversed edge).
inline double smooth(double a, double b, double t) { return smoothstep(clamp01((t - a) / (b - a))); }

NF_ISA_END
}  // namespace nf
