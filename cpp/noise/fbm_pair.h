// Two fbm samples at once with wasm SIMD (f64x2 lanes, i32x4 hashes). Every lane performs the
// scalar fbmUnchecked's double operations in the same order, and u32 -> f64 conversion and the
// 2^-32 scaling are exact, so each lane equals the scalar result bit for bit. Used where samples
// cannot share row terms: the warped stages of nebula. Without SIMD it is the scalar loop.
#pragma once
#include <cstdint>

#include "fbm.h"

#ifdef __wasm_simd128__
#include "scatter_simd.h"
#endif

namespace nf {

#ifdef __wasm_simd128__

// Lane k of the result equals fbmUnchecked(x[k], y[k], seed, octaves): the landscape's value
// noise (cubic fade, its seed multiplier) through the scattered SIMD layer of scatter_simd.h.
inline v128_t fbmPair(v128_t x, v128_t y, uint32_t seed, int octaves) {
  const v128_t scale = wasm_f64x2_splat(kLandscapeLacunarity);
  {
    // The largest coordinate is the last octave's; if it fits, every octave fits.
    v128_t lx = x, ly = y;
    for (int i = 1; i < octaves; ++i) {
      lx = wasm_f64x2_mul(lx, scale);
      ly = wasm_f64x2_mul(ly, scale);
    }
    if (!(scatter::fits(lx) && scatter::fits(ly))) {
      return wasm_f64x2_make(
          fbmUnchecked(wasm_f64x2_extract_lane(x, 0), wasm_f64x2_extract_lane(y, 0), seed, octaves),
          fbmUnchecked(wasm_f64x2_extract_lane(x, 1), wasm_f64x2_extract_lane(y, 1), seed, octaves));
    }
  }
  v128_t sum = wasm_f64x2_splat(0);
  double norm = 0, amp = 0.5;
  for (int i = 0; i < octaves; ++i) {
    const uint32_t seedTerm = (seed + kOctaveSeedStep * static_cast<uint32_t>(i)) * kLandscapeSeedMul;
    const scatter::Cell<FadeKind::Cubic> cell(x, y);
    const v128_t v = scatter::layerPair<FadeKind::Cubic, false>(cell, seedTerm, nullptr, nullptr);
    sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_f64x2_splat(amp), v));
    norm += amp;
    amp *= 0.5;
    x = wasm_f64x2_mul(x, scale);
    y = wasm_f64x2_mul(y, scale);
  }
  return wasm_f64x2_div(sum, wasm_f64x2_splat(norm));
}

// nebula's warped stages for two samples whose first stage q is already known.
inline void nebulaWarpPair(const double* x, double y, const double* q, double* out) {
  const v128_t X = wasm_v128_load(x), Y = wasm_f64x2_splat(y), Q = wasm_v128_load(q);
  const v128_t q4 = wasm_f64x2_mul(wasm_f64x2_splat(4), Q);
  const v128_t r = fbmPair(wasm_f64x2_add(X, q4), wasm_f64x2_add(Y, q4), 223, 3);
  const v128_t r35 = wasm_f64x2_mul(wasm_f64x2_splat(3.5), r);
  wasm_v128_store(out, fbmPair(wasm_f64x2_add(X, r35), wasm_f64x2_add(Y, r35), 227, 3));
}

#else

inline void nebulaWarpPair(const double* x, double y, const double* q, double* out) {
  for (int k = 0; k < 2; ++k) {
    const double r = fbmUnchecked(x[k] + 4 * q[k], y + 4 * q[k], 223, 3);
    out[k] = fbmUnchecked(x[k] + 3.5 * r, y + 3.5 * r, 227, 3);
  }
}

#endif

}  // namespace nf
