// Two fbm samples at once with wasm SIMD (f64x2 lanes, i32x4 hashes). Every lane performs the
// scalar fbmUnchecked's double operations in the same order, and u32 -> f64 conversion and the
// 2^-32 scaling are exact, so each lane equals the scalar result bit for bit. Used where samples
// cannot share row terms: the warped stages of nebula. Without SIMD it is the scalar loop.
#pragma once
#include <cstdint>

#include "fbm.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace nf {

#ifdef __wasm_simd128__

namespace pair_detail {

inline v128_t finishHash(v128_t h) {
  h = wasm_i32x4_mul(wasm_v128_xor(h, wasm_u32x4_shr(h, 13)), wasm_i32x4_splat(static_cast<int32_t>(kHashMix)));
  return wasm_v128_xor(h, wasm_u32x4_shr(h, 16));
}

// Lanes 0, 1 of an i32x4 of hashes as doubles in [0, 1).
inline v128_t unitLow(v128_t h) { return wasm_f64x2_mul(wasm_f64x2_convert_low_u32x4(h), wasm_f64x2_splat(1.0 / kTwoPow32)); }
inline v128_t unitHigh(v128_t h) { return unitLow(wasm_i32x4_shuffle(h, h, 2, 3, 0, 1)); }

// The lattice index is exact through trunc_sat only within int32; outside, the scalar path wraps.
inline bool indexFits(v128_t f) {
  const v128_t lim = wasm_f64x2_splat(2147483646.0);
  return wasm_i64x2_all_true(wasm_f64x2_le(wasm_f64x2_abs(f), lim));
}

inline v128_t valuePair(v128_t x, v128_t y, uint32_t seedTerm) {
  const v128_t fx = wasm_f64x2_floor(x), fy = wasm_f64x2_floor(y);
  const v128_t tx = wasm_f64x2_sub(x, fx), ty = wasm_f64x2_sub(y, fy);
  const v128_t three = wasm_f64x2_splat(3), two = wasm_f64x2_splat(2);
  const v128_t u = wasm_f64x2_mul(wasm_f64x2_mul(tx, tx), wasm_f64x2_sub(three, wasm_f64x2_mul(two, tx)));
  const v128_t v = wasm_f64x2_mul(wasm_f64x2_mul(ty, ty), wasm_f64x2_sub(three, wasm_f64x2_mul(two, ty)));
  const v128_t xi = wasm_i32x4_trunc_sat_f64x2_zero(fx);  // [x0, x1, 0, 0]
  const v128_t yi = wasm_i32x4_trunc_sat_f64x2_zero(fy);
  const v128_t one = wasm_i32x4_splat(1);
  const v128_t xs = wasm_i32x4_shuffle(xi, wasm_i32x4_add(xi, one), 0, 1, 4, 5);  // [x0, x1, x0+1, x1+1]
  const v128_t ys = wasm_i32x4_shuffle(yi, yi, 0, 1, 0, 1);
  const v128_t hx = wasm_i32x4_mul(xs, wasm_i32x4_splat(static_cast<int32_t>(kHashX)));
  const v128_t hy0 = wasm_i32x4_add(wasm_i32x4_mul(ys, wasm_i32x4_splat(static_cast<int32_t>(kHashY))),
                                    wasm_i32x4_splat(static_cast<int32_t>(seedTerm)));
  const v128_t hy1 = wasm_i32x4_add(hy0, wasm_i32x4_splat(static_cast<int32_t>(kHashY)));
  const v128_t hab = finishHash(wasm_i32x4_add(hx, hy0));  // [a0, a1, b0, b1]
  const v128_t hcd = finishHash(wasm_i32x4_add(hx, hy1));  // [c0, c1, d0, d1]
  const v128_t a = unitLow(hab), b = unitHigh(hab), c = unitLow(hcd), d = unitHigh(hcd);
  // a + (b - a) u + (c - a) v + (a - b - c + d) u v, left to right as in the scalar code.
  v128_t r = wasm_f64x2_add(a, wasm_f64x2_mul(wasm_f64x2_sub(b, a), u));
  r = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_sub(c, a), v));
  const v128_t k = wasm_f64x2_add(wasm_f64x2_sub(wasm_f64x2_sub(a, b), c), d);
  return wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(k, u), v));
}

}  // namespace pair_detail

// Lane k of the result equals fbmUnchecked(x[k], y[k], seed, octaves).
inline v128_t fbmPair(v128_t x, v128_t y, uint32_t seed, int octaves) {
  const v128_t scale = wasm_f64x2_splat(kLandscapeLacunarity);
  {
    // The largest coordinate is the last octave's; if it fits, every octave fits.
    v128_t lx = x, ly = y;
    for (int i = 1; i < octaves; ++i) {
      lx = wasm_f64x2_mul(lx, scale);
      ly = wasm_f64x2_mul(ly, scale);
    }
    if (!(pair_detail::indexFits(wasm_f64x2_floor(lx)) && pair_detail::indexFits(wasm_f64x2_floor(ly)))) {
      return wasm_f64x2_make(
          fbmUnchecked(wasm_f64x2_extract_lane(x, 0), wasm_f64x2_extract_lane(y, 0), seed, octaves),
          fbmUnchecked(wasm_f64x2_extract_lane(x, 1), wasm_f64x2_extract_lane(y, 1), seed, octaves));
    }
  }
  v128_t sum = wasm_f64x2_splat(0);
  double norm = 0, amp = 0.5;
  for (int i = 0; i < octaves; ++i) {
    const uint32_t seedTerm = (seed + kOctaveSeedStep * static_cast<uint32_t>(i)) * kLandscapeSeedMul;
    sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_f64x2_splat(amp), pair_detail::valuePair(x, y, seedTerm)));
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
