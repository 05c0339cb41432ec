// Value-noise fractals at two scattered points at once (wasm SIMD, f64x2 lanes and i32x4 hashes),
// for the per-point stages of a domain warp, where samples share no row or column terms.
//
// Bit-exact to Impl::fractal<false> (field.cpp) with tk::ValueKernel<F>::eval2 / eval3: every lane
// performs the scalar code's double operations in its order (octave coordinates by repeated
// *= lacunarity, sum += amp * c, then / norm; the bilinear blend left to right), uint32 hash
// arithmetic wraps the same in every lane, and u32 -> f64 conversion and the 2^-32 scaling are
// exact. Untiled fields only, and only while every octave's lattice index fits in int32 (the
// scalar path wraps beyond); valueFractalPair reports false otherwise and the caller samples the
// pair one point at a time.
#pragma once
#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#include "field.h"
#include "kernels.h"
#include "row_kernels_simd.h"

namespace nf {
namespace scatter {

template <FadeKind F>
inline v128_t fadePair(v128_t t) {
  if constexpr (F == FadeKind::Linear) {
    return t;
  } else if constexpr (F == FadeKind::Cubic) {  // t * t * (3 - 2 * t)
    return wasm_f64x2_mul(wasm_f64x2_mul(t, t), wasm_f64x2_sub(wasm_f64x2_splat(3), wasm_f64x2_mul(wasm_f64x2_splat(2), t)));
  } else {  // t * t * t * (t * (t * 6 - 15) + 10)
    const v128_t ttt = wasm_f64x2_mul(wasm_f64x2_mul(t, t), t);
    const v128_t in = wasm_f64x2_sub(wasm_f64x2_mul(t, wasm_f64x2_splat(6)), wasm_f64x2_splat(15));
    return wasm_f64x2_mul(ttt, wasm_f64x2_add(wasm_f64x2_mul(t, in), wasm_f64x2_splat(10)));
  }
}

// True when floor(c) of both lanes is a lattice index trunc_sat converts exactly (|.| < 2^31 - 1).
inline bool fits(v128_t c) {
  return wasm_i64x2_all_true(wasm_f64x2_le(wasm_f64x2_abs(wasm_f64x2_floor(c)), wasm_f64x2_splat(2147483646.0)));
}

// One value-noise layer (ValueKernel::layer) at two points: hash inputs x * kHashX + y * kHashY + s.
template <FadeKind F>
inline v128_t layerPair(v128_t xi, v128_t yi, v128_t u, v128_t v, uint32_t s) {
  const v128_t one = wasm_i32x4_splat(1);
  // [x0, x1, x0 + 1, x1 + 1] and [y0, y1, y0, y1] (lanes 2, 3 of the truncations are zero).
  const v128_t xs = wasm_i32x4_shuffle(xi, wasm_i32x4_add(xi, one), 0, 1, 4, 5);
  const v128_t ys = wasm_i32x4_shuffle(yi, yi, 0, 1, 0, 1);
  const v128_t hx = wasm_i32x4_mul(xs, wasm_i32x4_splat(static_cast<int32_t>(kHashX)));
  const v128_t hy0 = wasm_i32x4_add(wasm_i32x4_mul(ys, wasm_i32x4_splat(static_cast<int32_t>(kHashY))),
                                    wasm_i32x4_splat(static_cast<int32_t>(s)));
  const v128_t hy1 = wasm_i32x4_add(hy0, wasm_i32x4_splat(static_cast<int32_t>(kHashY)));
  const v128_t ab = rows::simd::finishHash(wasm_i32x4_add(hx, hy0));  // [a0, a1, b0, b1]
  const v128_t cd = rows::simd::finishHash(wasm_i32x4_add(hx, hy1));  // [c0, c1, d0, d1]
  using rows::simd::unitHigh;
  using rows::simd::unitLow;
  return rows::simd::bilerp(unitLow(ab), unitHigh(ab), unitLow(cd), unitHigh(cd), u, v);
}

// *out = Impl<ValueKernel<F>, Is3D>::fractal<false>(p, seed, x[k], y[k], z) in lane k; false
// (and *out untouched) when a lattice index would leave int32.
template <FadeKind F, bool Is3D>
inline bool valueFractalPair(const FieldParams& p, uint32_t seed, v128_t x, v128_t y, double z, v128_t* out) {
  const int octaves = p.fractal == FractalKind::None ? 1 : p.octaves;
  const v128_t lac = wasm_f64x2_splat(p.lacunarity);
  {
    v128_t lx = x, ly = y;  // the last octave's coordinates, by the same recurrence
    for (int i = 1; i < octaves; ++i) {
      lx = wasm_f64x2_mul(lx, lac);
      ly = wasm_f64x2_mul(ly, lac);
    }
    if (!(fits(x) && fits(y) && fits(lx) && fits(ly))) return false;
  }
  const v128_t one = wasm_f64x2_splat(1), two = wasm_f64x2_splat(2);
  auto octave = [&](uint32_t octSeed, v128_t ox, v128_t oy, double oz) {
    const v128_t fx = wasm_f64x2_floor(ox), fy = wasm_f64x2_floor(oy);
    const v128_t u = fadePair<F>(wasm_f64x2_sub(ox, fx)), v = fadePair<F>(wasm_f64x2_sub(oy, fy));
    const v128_t xi = wasm_i32x4_trunc_sat_f64x2_zero(fx), yi = wasm_i32x4_trunc_sat_f64x2_zero(fy);
    const uint32_t s = octSeed * p.base.seedMul;
    if constexpr (!Is3D) {
      return layerPair<F>(xi, yi, u, v, s);
    } else {  // ValueKernel::eval3: n0 + (n1 - n0) * w
      const tk::Axis Z = tk::axis(oz, 0);
      const v128_t n0 = layerPair<F>(xi, yi, u, v, s + Z.i0 * kHashZ);
      const v128_t n1 = layerPair<F>(xi, yi, u, v, s + Z.i1 * kHashZ);
      const v128_t w = wasm_f64x2_splat(tk::fade<F>(Z.t));
      return wasm_f64x2_add(n0, wasm_f64x2_mul(wasm_f64x2_sub(n1, n0), w));
    }
  };
  if (p.fractal == FractalKind::None) {
    *out = octave(seed, x, y, z);
    return true;
  }
  v128_t sum = wasm_f64x2_splat(0);
  double norm = 0, amp = 0.5;
  for (int i = 0; i < p.octaves; ++i) {
    v128_t c = octave(seed + p.seedStep * static_cast<uint32_t>(i), x, y, z);
    if (p.fractal == FractalKind::Ridged)
      c = wasm_f64x2_sub(one, wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(two, c), one)));
    else if (p.fractal == FractalKind::Billow)
      c = wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(two, c), one));
    sum = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_f64x2_splat(amp), c));
    norm += amp;
    amp *= p.gain;
    x = wasm_f64x2_mul(x, lac);
    y = wasm_f64x2_mul(y, lac);
    if constexpr (Is3D) z *= p.lacunarity;
  }
  *out = wasm_f64x2_div(sum, wasm_f64x2_splat(norm));
  return true;
}

// Impl::warped<false> at two points (x, y lattice coordinates of lane k, first warp qx, qy).
template <FadeKind F, bool Is3D>
inline bool warpedPair(const FieldParams& p, v128_t x, v128_t y, v128_t qx, v128_t qy, v128_t* out) {
  const v128_t wx = wasm_f64x2_add(x, wasm_f64x2_mul(wasm_f64x2_splat(p.warp), qx));
  const v128_t wy = wasm_f64x2_add(y, wasm_f64x2_mul(wasm_f64x2_splat(p.warp), qy));
  if (p.warpLevels == 1) return valueFractalPair<F, Is3D>(p, p.seed, wx, wy, p.z, out);
  v128_t rx, ry;
  if (!valueFractalPair<F, Is3D>(p, p.warp2SeedX, wx, wy, p.z, &rx)) return false;
  if (p.warp2SeedY == p.warp2SeedX) ry = rx;
  else if (!valueFractalPair<F, Is3D>(p, p.warp2SeedY, wx, wy, p.z, &ry)) return false;
  const v128_t k = wasm_f64x2_splat(p.warp2);
  return valueFractalPair<F, Is3D>(p, p.seed, wasm_f64x2_add(x, wasm_f64x2_mul(k, rx)),
                                   wasm_f64x2_add(y, wasm_f64x2_mul(k, ry)), p.z, out);
}

}  // namespace scatter
}  // namespace nf
#endif
