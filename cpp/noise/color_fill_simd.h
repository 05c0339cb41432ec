// Wasm SIMD parts of the colour fill (included by field_views.cpp when __wasm_simd128__ is set), each
// with exactly the scalar code's results.
//
// Field::colorSummary's histogram and band counts, four heights per step:
//   bin:  the scalar code takes b = v * bins, 0 when !(b >= 0), bins - 1 when b >= bins, else
//         (int)b. i32x4.trunc_sat_f64x2 truncates in range, gives 0 for NaN and saturates
//         outside, so max(trunc_sat(b), 0) then min(.., bins - 1) is the same bin for every v.
//   band: bandOf's tests as lane masks (v < t1; !(v < t1) & v < t2; neither & v < t3), counted
//         by subtracting the all-ones masks; the rest (NaN included) is rock.
#pragma once
#include <wasm_simd128.h>

#include <cstdint>

namespace nf {

// Handles the first n & ~3 heights; returns how many. hist4 (4 x bins counters, lane L of a step
// into copy L) may be null when bins == 0; counts[0..2] receive water, sand and grass.
inline int64_t summariseSimd(const float* heights, int64_t n, double t1, double t2, double t3, int bins,
                             uint32_t* hist4, int64_t counts[3]) {
  const v128_t T1 = wasm_f64x2_splat(t1), T2 = wasm_f64x2_splat(t2), T3 = wasm_f64x2_splat(t3);
  const v128_t nb = wasm_f64x2_splat(bins), zero = wasm_i32x4_splat(0), top = wasm_i32x4_splat(bins - 1);
  v128_t water = wasm_i64x2_splat(0), sand = water, grass = water;
  const int64_t end = n & ~int64_t{3};
  uint32_t* const h0 = hist4;
  uint32_t* const h1 = hist4 ? hist4 + bins : nullptr;
  uint32_t* const h2 = hist4 ? hist4 + 2 * bins : nullptr;
  uint32_t* const h3 = hist4 ? hist4 + 3 * bins : nullptr;
  for (int64_t k = 0; k < end; k += 4) {
    const v128_t v4 = wasm_v128_load(heights + k);
    const v128_t half[2] = {wasm_f64x2_promote_low_f32x4(v4),
                            wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v4, v4, 2, 3, 2, 3))};
    if (bins > 0) {
      const v128_t lo = wasm_i32x4_trunc_sat_f64x2_zero(wasm_f64x2_mul(half[0], nb));
      const v128_t hi = wasm_i32x4_trunc_sat_f64x2_zero(wasm_f64x2_mul(half[1], nb));
      const v128_t idx = wasm_i32x4_min(wasm_i32x4_max(wasm_i32x4_shuffle(lo, hi, 0, 1, 4, 5), zero), top);
      ++h0[wasm_i32x4_extract_lane(idx, 0)];
      ++h1[wasm_i32x4_extract_lane(idx, 1)];
      ++h2[wasm_i32x4_extract_lane(idx, 2)];
      ++h3[wasm_i32x4_extract_lane(idx, 3)];
    }
    for (const v128_t& v : half) {
      const v128_t lt1 = wasm_f64x2_lt(v, T1), lt2 = wasm_f64x2_lt(v, T2), lt3 = wasm_f64x2_lt(v, T3);
      water = wasm_i64x2_sub(water, lt1);
      sand = wasm_i64x2_sub(sand, wasm_v128_andnot(lt2, lt1));
      grass = wasm_i64x2_sub(grass, wasm_v128_andnot(wasm_v128_andnot(lt3, lt1), lt2));
    }
  }
  counts[0] = wasm_i64x2_extract_lane(water, 0) + wasm_i64x2_extract_lane(water, 1);
  counts[1] = wasm_i64x2_extract_lane(sand, 0) + wasm_i64x2_extract_lane(sand, 1);
  counts[2] = wasm_i64x2_extract_lane(grass, 0) + wasm_i64x2_extract_lane(grass, 1);
  return end;
}

// The relief view's shaded pixel, put(px, c, shade) in field_views.cpp: each channel is
// c * shade <= 0 ? 0 : (c * shade >= 255 ? 255 : (uint8)(c * shade + 0.5)). Here trunc_sat of
// c * shade + 0.5 followed by the saturating narrows to u16 and u8 gives the same byte for every
// non-NaN product: negative sums become 0, sums from 255 up become 255, and in between the
// truncation is the scalar cast's.
struct ShadedColor {
  v128_t rg, b0;  // the channels as doubles: (r, g) and (b, 0)
};
inline ShadedColor shadedColorOf(uint8_t r, uint8_t g, uint8_t b) {
  return {wasm_f64x2_make(r, g), wasm_f64x2_make(b, 0)};
}
inline void putShaded(uint8_t* px, const ShadedColor& c, double shade) {
  const v128_t s = wasm_f64x2_splat(shade), half = wasm_f64x2_splat(0.5);
  const v128_t rg = wasm_i32x4_trunc_sat_f64x2_zero(wasm_f64x2_add(wasm_f64x2_mul(c.rg, s), half));
  const v128_t b0 = wasm_i32x4_trunc_sat_f64x2_zero(wasm_f64x2_add(wasm_f64x2_mul(c.b0, s), half));
  v128_t rgba = wasm_i32x4_shuffle(rg, b0, 0, 1, 4, 5);             // r, g, b, 0
  rgba = wasm_i32x4_replace_lane(rgba, 3, 255);                     // alpha
  const v128_t w16 = wasm_u16x8_narrow_i32x4(rgba, rgba);
  wasm_v128_store32_lane(px, wasm_u8x16_narrow_i16x8(w16, w16), 0);
}

}  // namespace nf
