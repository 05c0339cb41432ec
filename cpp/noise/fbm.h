// The landscape's octave sum and the rift's two-level domain warp.
#pragma once
#include <cstdint>

#include "fractal.h"
#include "value_noise.h"

namespace nf {
NF_ISA_BEGIN

constexpr double kLandscapeLacunarity = 2.03;  // non-integer so octave lattices do not line up
constexpr uint32_t kOctaveSeedStep = 17;       // octave i uses seed + 17 i
constexpr int kMinOctaves = 1;
constexpr int kMaxOctaves = 16;

// Amplitude 1/2^(i+1), frequency x2.03 per octave, normalised by the amplitude sum: [0, 1).
// The toolkit's octave loop (fractal.h) over the landscape's value noise, at a point or a lane.
template <class D>
inline D fbmLanes(D x, D y, uint32_t seed, int octaves) {
  auto octave = [seed](int i, D ox, D oy, double, D*, D*) {
    return valueNoiseLanes(ox, oy, seed + kOctaveSeedStep * static_cast<uint32_t>(i));
  };
  return fractalSum<false, D>(FractalKind::Fbm, octaves, 0.5, kLandscapeLacunarity, false, x, y, 0.0, octave, nullptr,
                              nullptr);
}
inline double fbmUnchecked(double x, double y, uint32_t seed, int octaves) { return fbmLanes(x, y, seed, octaves); }

inline int clampOctaves(int octaves) {
  return octaves < kMinOctaves ? kMinOctaves : (octaves > kMaxOctaves ? kMaxOctaves : octaves);
}

// fbm(x, y, seed, octaves = 3); octaves are clamped to [1, 16] (the JS binding rejects them instead).
inline double fbm(double x, double y, uint32_t seed, int octaves = 3) {
  return finite2(x, y) ? definedResult(fbmUnchecked(x, y, seed, clampOctaves(octaves))) : kNonFiniteResult;
}

// The rift colour: q = F211(x, y); r = F223(x + 4q, y + 4q); F227(x + 3.5r, y + 3.5r), all 3 octaves.
// The warp moves both axes by the same amount, as the ported scene's nebula does (docs/scene.md, "Primitives").
// nebulaWarp: the two warped stages once q is known. Fills do not call it: NoiseGrid.fill('nebula')
// is the Field's warped fill (field.cpp, nebulaConfig()), which the tests hold equal to it bit for bit.
template <class D>
inline D nebulaWarp(D x, D y, D q) {
  const D r = fbmLanes(x + 4 * q, y + 4 * q, 223, 3);
  return fbmLanes(x + 3.5 * r, y + 3.5 * r, 227, 3);
}
inline double nebulaUnchecked(double x, double y) { return nebulaWarp(x, y, fbmUnchecked(x, y, 211, 3)); }

inline double nebula(double x, double y) { return finite2(x, y) ? definedResult(nebulaUnchecked(x, y)) : kNonFiniteResult; }

NF_ISA_END
}  // namespace nf
