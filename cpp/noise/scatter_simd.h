// Value-noise fractals (and their gradients) at two scattered points at once (wasm SIMD, f64x2
// lanes and i32x4 hashes), for the per-point stages of a domain warp, where samples share no row
// or column terms. Impl::warped (field.cpp) calls them through PairFractals.
//
// Bit-exact to Impl::fractal<G> (field.cpp) with tk::ValueKernel<F>::eval2 / eval3: every lane
// performs the scalar code's double operations in its order (octave coordinates by repeated
// *= lacunarity, sum += amp * c and sgx += amp * dc * gx * freq, then / norm; the bilinear blend
// and the fade derivatives as written in kernels.h), uint32 hash arithmetic wraps the same in
// every lane, and u32 -> f64 conversion and the 2^-32 scaling are exact. Untiled fields only, and
// only while every octave's lattice index fits in int32 (the scalar path wraps beyond);
// valueFractalPair reports false otherwise and the caller evaluates the pair one point at a time.
// tests/selfcheck checks every lane against the scalar code in the wasm build.
#pragma once
#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#include "field.h"
#include "kernels.h"
#include "row_kernels.h"  // and its wasm SIMD helpers (row_kernels_simd.h)

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

template <FadeKind F>
inline v128_t fadeDerivPair(v128_t t) {
  if constexpr (F == FadeKind::Linear) {
    return wasm_f64x2_splat(1);
  } else if constexpr (F == FadeKind::Cubic) {  // 6 * t * (1 - t)
    return wasm_f64x2_mul(wasm_f64x2_mul(wasm_f64x2_splat(6), t), wasm_f64x2_sub(wasm_f64x2_splat(1), t));
  } else {  // 30 * t * t * (t * (t - 2) + 1)
    const v128_t a = wasm_f64x2_mul(wasm_f64x2_mul(wasm_f64x2_splat(30), t), t);
    const v128_t b = wasm_f64x2_add(wasm_f64x2_mul(t, wasm_f64x2_sub(t, wasm_f64x2_splat(2))), wasm_f64x2_splat(1));
    return wasm_f64x2_mul(a, b);
  }
}

// The lattice terms of one octave at two points: the corners' hash inputs without the seed term,
// the fades and (for gradients) the fade derivatives.
template <FadeKind F>
struct Cell {
  v128_t hx, hy0, u, v, du, dv;
  Cell(v128_t x, v128_t y) {
    const v128_t fx = wasm_f64x2_floor(x), fy = wasm_f64x2_floor(y);
    const v128_t tx = wasm_f64x2_sub(x, fx), ty = wasm_f64x2_sub(y, fy);
    u = fadePair<F>(tx);
    v = fadePair<F>(ty);
    du = fadeDerivPair<F>(tx);
    dv = fadeDerivPair<F>(ty);
    const v128_t xi = wasm_i32x4_trunc_sat_f64x2_zero(fx), yi = wasm_i32x4_trunc_sat_f64x2_zero(fy);
    // [x0, x1, x0 + 1, x1 + 1] and [y0, y1, y0, y1] (lanes 2, 3 of the truncations are zero).
    const v128_t xs = wasm_i32x4_shuffle(xi, wasm_i32x4_add(xi, wasm_i32x4_splat(1)), 0, 1, 4, 5);
    const v128_t ys = wasm_i32x4_shuffle(yi, yi, 0, 1, 0, 1);
    hx = wasm_i32x4_mul(xs, wasm_i32x4_splat(static_cast<int32_t>(kHashX)));
    hy0 = wasm_i32x4_mul(ys, wasm_i32x4_splat(static_cast<int32_t>(kHashY)));
  }
};

// ValueKernel::layer<G> at two points with seed term s (hash inputs x * kHashX + y * kHashY + s).
template <FadeKind F, bool G>
inline v128_t layerPair(const Cell<F>& c, uint32_t s, v128_t* gx, v128_t* gy) {
  const v128_t h0 = wasm_i32x4_add(c.hy0, wasm_i32x4_splat(static_cast<int32_t>(s)));
  const v128_t h1 = wasm_i32x4_add(h0, wasm_i32x4_splat(static_cast<int32_t>(kHashY)));
  const v128_t ab = rows::simd::finishHash(wasm_i32x4_add(c.hx, h0));  // [a0, a1, b0, b1]
  const v128_t cd = rows::simd::finishHash(wasm_i32x4_add(c.hx, h1));  // [c0, c1, d0, d1]
  const v128_t a = rows::simd::unitLow(ab), b = rows::simd::unitHigh(ab);
  const v128_t cc = rows::simd::unitLow(cd), d = rows::simd::unitHigh(cd);
  if constexpr (G) {  // k3 = a - b - c + d; fadeDeriv * ((b - a) + k3 * v), fadeDeriv * ((c - a) + k3 * u)
    const v128_t k3 = wasm_f64x2_add(wasm_f64x2_sub(wasm_f64x2_sub(a, b), cc), d);
    *gx = wasm_f64x2_mul(c.du, wasm_f64x2_add(wasm_f64x2_sub(b, a), wasm_f64x2_mul(k3, c.v)));
    *gy = wasm_f64x2_mul(c.dv, wasm_f64x2_add(wasm_f64x2_sub(cc, a), wasm_f64x2_mul(k3, c.u)));
  }
  return rows::simd::bilerp(a, b, cc, d, c.u, c.v);
}

// *v (and *gx, *gy if G) = Impl<ValueKernel<F>, Is3D>::fractal<G>(p, seed, x[k], y[k], z) in lane
// k; false (outputs untouched) when a lattice index would leave int32.
template <FadeKind F, bool Is3D, bool G>
inline bool valueFractalPair(const FieldParams& p, uint32_t seed, v128_t x, v128_t y, double z, v128_t* v, v128_t* gx,
                             v128_t* gy) {
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
  // ValueKernel::eval2 / eval3 (n0 + (n1 - n0) * w, the gradient likewise).
  auto octave = [&](uint32_t octSeed, v128_t ox, v128_t oy, double oz, v128_t* ogx, v128_t* ogy) {
    const Cell<F> c(ox, oy);
    const uint32_t s = tk::seedTerm(octSeed, p.base.seedMul);
    if constexpr (!Is3D) {
      return layerPair<F, G>(c, s, ogx, ogy);
    } else {
      const tk::Axis Z = tk::axis(oz, 0);
      v128_t gx0, gy0, gx1, gy1;
      const v128_t n0 = layerPair<F, G>(c, s + Z.i0 * kHashZ, &gx0, &gy0);
      const v128_t n1 = layerPair<F, G>(c, s + Z.i1 * kHashZ, &gx1, &gy1);
      const v128_t w = wasm_f64x2_splat(tk::fade<F>(Z.t));
      if constexpr (G) {
        *ogx = wasm_f64x2_add(gx0, wasm_f64x2_mul(wasm_f64x2_sub(gx1, gx0), w));
        *ogy = wasm_f64x2_add(gy0, wasm_f64x2_mul(wasm_f64x2_sub(gy1, gy0), w));
      }
      return wasm_f64x2_add(n0, wasm_f64x2_mul(wasm_f64x2_sub(n1, n0), w));
    }
  };
  if (p.fractal == FractalKind::None) {
    *v = octave(p.octaveSeed(seed, 0), x, y, z, gx, gy);
    return true;
  }
  const v128_t one = wasm_f64x2_splat(1), two = wasm_f64x2_splat(2), zero = wasm_f64x2_splat(0);
  v128_t sum = zero, sgx = zero, sgy = zero;
  double norm = 0, amp = 0.5, freq = 1;
  for (int i = 0; i < p.octaves; ++i) {
    v128_t ogx = zero, ogy = zero;
    const v128_t val = octave(p.octaveSeed(seed, i), x, y, z, &ogx, &ogy);
    v128_t c = val, dc = one;
    if (p.fractal != FractalKind::Fbm) {  // s = 2v - 1; ridged: 1 - |s|, dc = s > 0 ? -2 : 2; billow: |s|, dc = s > 0 ? 2 : -2
      const v128_t sv = wasm_f64x2_sub(wasm_f64x2_mul(two, val), one);
      const v128_t pos = wasm_f64x2_gt(sv, zero);
      if (p.fractal == FractalKind::Ridged) {
        c = wasm_f64x2_sub(one, wasm_f64x2_abs(sv));
        dc = wasm_v128_bitselect(wasm_f64x2_splat(-2), two, pos);
      } else {
        c = wasm_f64x2_abs(sv);
        dc = wasm_v128_bitselect(two, wasm_f64x2_splat(-2), pos);
      }
    }
    const v128_t A = wasm_f64x2_splat(amp);
    sum = wasm_f64x2_add(sum, wasm_f64x2_mul(A, c));
    if constexpr (G) {  // sgx += amp * dc * ogx * freq
      const v128_t ad = wasm_f64x2_mul(A, dc), fr = wasm_f64x2_splat(freq);
      sgx = wasm_f64x2_add(sgx, wasm_f64x2_mul(wasm_f64x2_mul(ad, ogx), fr));
      sgy = wasm_f64x2_add(sgy, wasm_f64x2_mul(wasm_f64x2_mul(ad, ogy), fr));
      freq *= p.lacunarity;
    }
    norm += amp;
    amp *= p.gain;
    x = wasm_f64x2_mul(x, lac);
    y = wasm_f64x2_mul(y, lac);
    if constexpr (Is3D) z *= p.lacunarity;
  }
  const v128_t N = wasm_f64x2_splat(norm);
  if constexpr (G) {
    *gx = wasm_f64x2_div(sgx, N);
    *gy = wasm_f64x2_div(sgy, N);
  }
  *v = wasm_f64x2_div(sum, N);
  return true;
}

}  // namespace scatter
}  // namespace nf
#endif
