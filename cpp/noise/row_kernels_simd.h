// Wasm SIMD loops of the row kernels (included by row_kernels.h when __wasm_simd128__ is set).
// Four columns per step: the hashes as one i32x4 per corner (uint32 wrap-around is the same in
// every lane), the doubles as two f64x2 halves that perform the scalar code's operations in the
// same order. u32 -> f64 conversion and the 2^-32 scaling are exact and wasm has no FMA, so every
// lane equals the scalar result bit for bit.
#pragma once
#include <wasm_simd128.h>

#include <cstdint>

#include "hash.h"
#include "kernels.h"

namespace nf {
namespace rows {
namespace simd {

inline v128_t finishHash(v128_t h) {
  h = wasm_i32x4_mul(wasm_v128_xor(h, wasm_u32x4_shr(h, 13)), wasm_i32x4_splat(static_cast<int32_t>(kHashMix)));
  return wasm_v128_xor(h, wasm_u32x4_shr(h, 16));
}

// Lanes 0, 1 (resp. 2, 3) of a u32x4 of hashes as doubles h / 2^32 (== tk::unit).
inline v128_t unitLow(v128_t h) {
  return wasm_f64x2_mul(wasm_f64x2_convert_low_u32x4(h), wasm_f64x2_splat(1.0 / kTwoPow32));
}
inline v128_t unitHigh(v128_t h) { return unitLow(wasm_i32x4_shuffle(h, h, 2, 3, 2, 3)); }

// a + (b - a) u + (c - a) v + (a - b - c + d) u v, left to right as in the scalar code.
inline v128_t bilerp(v128_t a, v128_t b, v128_t c, v128_t d, v128_t u, v128_t v) {
  v128_t r = wasm_f64x2_add(a, wasm_f64x2_mul(wasm_f64x2_sub(b, a), u));
  r = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_sub(c, a), v));
  const v128_t k = wasm_f64x2_add(wasm_f64x2_sub(wasm_f64x2_sub(a, b), c), d);
  return wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(k, u), v));
}

// valueLayer for four columns: results of columns 0, 1 in *lo and 2, 3 in *hi.
inline void valueLayer4(v128_t x0, v128_t x1, v128_t u01, v128_t u23, uint32_t s0, uint32_t s1, v128_t v,
                        v128_t* lo, v128_t* hi) {
  const v128_t S0 = wasm_i32x4_splat(static_cast<int32_t>(s0)), S1 = wasm_i32x4_splat(static_cast<int32_t>(s1));
  const v128_t ha = finishHash(wasm_i32x4_add(x0, S0));
  const v128_t hb = finishHash(wasm_i32x4_add(x1, S0));
  const v128_t hc = finishHash(wasm_i32x4_add(x0, S1));
  const v128_t hd = finishHash(wasm_i32x4_add(x1, S1));
  *lo = bilerp(unitLow(ha), unitLow(hb), unitLow(hc), unitLow(hd), u01, v);
  *hi = bilerp(unitHigh(ha), unitHigh(hb), unitHigh(hc), unitHigh(hd), u23, v);
}

}  // namespace simd

// valueEvalScalar with four columns per step; writes paddedSize(n) outputs (inputs are padded).
template <bool Is3D>
inline void valueEvalSimd(const uint32_t* h0, const uint32_t* h1, const double* u, const ValueRow& r, int n,
                          double* out) {
  const v128_t v = wasm_f64x2_splat(r.v), w = wasm_f64x2_splat(r.w);
  for (int i = 0; i < n; i += kRowPad) {
    const v128_t x0 = wasm_v128_load(h0 + i), x1 = wasm_v128_load(h1 + i);
    const v128_t u01 = wasm_v128_load(u + i), u23 = wasm_v128_load(u + i + 2);
    v128_t lo, hi;
    simd::valueLayer4(x0, x1, u01, u23, r.s0[0], r.s1[0], v, &lo, &hi);
    if constexpr (Is3D) {  // n0 + (n1 - n0) * w
      v128_t lo1, hi1;
      simd::valueLayer4(x0, x1, u01, u23, r.s0[1], r.s1[1], v, &lo1, &hi1);
      lo = wasm_f64x2_add(lo, wasm_f64x2_mul(wasm_f64x2_sub(lo1, lo), w));
      hi = wasm_f64x2_add(hi, wasm_f64x2_mul(wasm_f64x2_sub(hi1, hi), w));
    }
    wasm_v128_store(out + i, lo);
    wasm_v128_store(out + i + 2, hi);
  }
}

// valueEvalSimd fused with field_fill.h's accumulate<FK>: acc[i] += amp * c(v[i]) in the scalar
// order (c: v for fbm, 1 - |2v - 1| ridged, |2v - 1| billow); acc holds paddedSize(n) doubles.
template <bool Is3D, FractalKind FK>
inline void valueAccumulateSimd(const uint32_t* h0, const uint32_t* h1, const double* u, const ValueRow& r, int n,
                                double amp, double* acc) {
  const v128_t v = wasm_f64x2_splat(r.v), w = wasm_f64x2_splat(r.w), A = wasm_f64x2_splat(amp);
  const v128_t one = wasm_f64x2_splat(1), two = wasm_f64x2_splat(2);
  for (int i = 0; i < n; i += kRowPad) {
    const v128_t x0 = wasm_v128_load(h0 + i), x1 = wasm_v128_load(h1 + i);
    const v128_t u01 = wasm_v128_load(u + i), u23 = wasm_v128_load(u + i + 2);
    v128_t val[2];
    simd::valueLayer4(x0, x1, u01, u23, r.s0[0], r.s1[0], v, &val[0], &val[1]);
    if constexpr (Is3D) {
      v128_t lo1, hi1;
      simd::valueLayer4(x0, x1, u01, u23, r.s0[1], r.s1[1], v, &lo1, &hi1);
      val[0] = wasm_f64x2_add(val[0], wasm_f64x2_mul(wasm_f64x2_sub(lo1, val[0]), w));
      val[1] = wasm_f64x2_add(val[1], wasm_f64x2_mul(wasm_f64x2_sub(hi1, val[1]), w));
    }
    for (int k = 0; k < 2; ++k) {
      v128_t c = val[k];
      if constexpr (FK == FractalKind::Ridged)
        c = wasm_f64x2_sub(one, wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(two, c), one)));
      else if constexpr (FK == FractalKind::Billow)
        c = wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(two, c), one));
      double* a = acc + i + 2 * k;
      wasm_v128_store(a, wasm_f64x2_add(wasm_v128_load(a), wasm_f64x2_mul(A, c)));
    }
  }
}

namespace simd {

inline v128_t select(v128_t ifTrue, v128_t ifFalse, v128_t mask) { return wasm_v128_bitselect(ifTrue, ifFalse, mask); }

// tk::clampUnit: v < 0 ? 0 : (v > 1 ? 1 : v).
inline v128_t clampUnit(v128_t v) {
  const v128_t zero = wasm_f64x2_splat(0), one = wasm_f64x2_splat(1);
  return select(zero, select(one, v, wasm_f64x2_gt(v, one)), wasm_f64x2_lt(v, zero));
}

template <CellDistance D, bool Squared>
inline v128_t cellDist(v128_t px, v128_t py) {
  if constexpr (Squared) return wasm_f64x2_add(wasm_f64x2_mul(px, px), wasm_f64x2_mul(py, py));
  else if constexpr (D == CellDistance::Euclidean)
    return wasm_f64x2_sqrt(wasm_f64x2_add(wasm_f64x2_mul(px, px), wasm_f64x2_mul(py, py)));
  else if constexpr (D == CellDistance::Manhattan) return wasm_f64x2_add(wasm_f64x2_abs(px), wasm_f64x2_abs(py));
  else return wasm_f64x2_max(wasm_f64x2_abs(px), wasm_f64x2_abs(py));  // both >= +0, never NaN: == fmax
}

}  // namespace simd

// cellAt for four columns per step: the 3 x 3 core of cellSearch with per-lane selects in place of
// its branches (f2 = d < f1 ? f1 : (d < f2 ? d : f2), then f1 = d < f1 ? d : f1); the nearest
// cell's hash is carried as an exact double. A lane whose outer ring may hold F1 / F2
// (tk::cellRingSkippable fails: near a cell edge with a large F2) is redone by the scalar cellAt,
// so every lane equals cellAt.
template <CellDistance D, CellReturn R>
inline void cellEvalSimd(const tk::Octave& o, const CellCols& c, const CellAxis& Y, int n, double* out) {
  constexpr bool kSquared = D == CellDistance::Euclidean && R != CellReturn::CellValue;
  constexpr bool kNeedF2 = R == CellReturn::F2 || R == CellReturn::F2MinusF1;
  constexpr int di = static_cast<int>(D);
  const v128_t jitter = wasm_f64x2_splat(o.jitter), half = wasm_f64x2_splat(0.5), fy = wasm_f64x2_splat(Y.f);
  const v128_t golden = wasm_i32x4_splat(static_cast<int32_t>(0x9E3779B9u));
  for (int i = 0; i < n; i += kRowPad) {
    const v128_t hx[3] = {wasm_v128_load(c.h[1].data() + i), wasm_v128_load(c.h[2].data() + i),
                          wasm_v128_load(c.h[3].data() + i)};
    const v128_t fx[2] = {wasm_v128_load(c.f.data() + i), wasm_v128_load(c.f.data() + i + 2)};
    v128_t f1[2], f2[2], nearest[2];
    for (int k = 0; k < 2; ++k) {
      f1[k] = f2[k] = wasm_f64x2_splat(1e9);
      nearest[k] = wasm_f64x2_splat(0);
    }
    for (int j = 0; j < 3; ++j) {
      const v128_t yh = wasm_i32x4_splat(static_cast<int32_t>(Y.h[j + 1]));
      const v128_t cy = wasm_f64x2_splat((j - 1) + 0.5);
      for (int ci = 0; ci < 3; ++ci) {
        const v128_t h = simd::finishHash(wasm_i32x4_add(hx[ci], yh));
        const v128_t h2 = simd::finishHash(wasm_i32x4_add(h, golden));
        const v128_t cx = wasm_f64x2_splat((ci - 1) + 0.5);
        for (int k = 0; k < 2; ++k) {
          const v128_t hk = k ? wasm_i32x4_shuffle(h, h, 2, 3, 2, 3) : h;
          const v128_t h2k = k ? wasm_i32x4_shuffle(h2, h2, 2, 3, 2, 3) : h2;
          const v128_t px =
              wasm_f64x2_sub(wasm_f64x2_add(cx, wasm_f64x2_mul(jitter, wasm_f64x2_sub(simd::unitLow(hk), half))), fx[k]);
          const v128_t py =
              wasm_f64x2_sub(wasm_f64x2_add(cy, wasm_f64x2_mul(jitter, wasm_f64x2_sub(simd::unitLow(h2k), half))), fy);
          const v128_t d = simd::cellDist<D, kSquared>(px, py);
          const v128_t lt1 = wasm_f64x2_lt(d, f1[k]), lt2 = wasm_f64x2_lt(d, f2[k]);
          f2[k] = simd::select(f1[k], simd::select(d, f2[k], lt2), lt1);
          f1[k] = simd::select(d, f1[k], lt1);
          if constexpr (R == CellReturn::CellValue)
            nearest[k] = simd::select(wasm_f64x2_convert_low_u32x4(h2k), nearest[k], lt1);
        }
      }
    }
    for (int k = 0; k < 2; ++k) {
      v128_t a = f1[k], b = f2[k];
      const double bound[2] = {wasm_f64x2_extract_lane(kNeedF2 ? b : a, 0), wasm_f64x2_extract_lane(kNeedF2 ? b : a, 1)};
      if constexpr (kSquared) {
        a = wasm_f64x2_sqrt(a);
        b = wasm_f64x2_sqrt(b);
      }
      v128_t r;
      const v128_t norm = wasm_f64x2_splat(tk::kCellNorm2[di]);
      if constexpr (R == CellReturn::F1) {
        r = simd::clampUnit(wasm_f64x2_div(a, norm));
      } else if constexpr (R == CellReturn::F2) {
        r = simd::clampUnit(wasm_f64x2_div(b, norm));
      } else if constexpr (R == CellReturn::F2MinusF1) {
        r = wasm_f64x2_sub(simd::clampUnit(wasm_f64x2_div(b, norm)), simd::clampUnit(wasm_f64x2_div(a, norm)));
      } else {
        const uint32_t n0 = static_cast<uint32_t>(wasm_f64x2_extract_lane(nearest[k], 0));
        const uint32_t n1 = static_cast<uint32_t>(wasm_f64x2_extract_lane(nearest[k], 1));
        r = wasm_f64x2_make(tk::unit(hashFinish(n0 + kHashMix)), tk::unit(hashFinish(n1 + kHashMix)));
      }
      wasm_v128_store(out + i + 2 * k, r);
      for (int l = 0; l < 2; ++l) {
        const int col = i + 2 * k + l;
        if (!tk::cellRingSkippable<kSquared>(o, c.f[col], Y.f, bound[l])) out[col] = cellAt<D, R>(o, c.at(col), Y);
      }
    }
  }
}

namespace simd {

// kGrad2 rows of the lanes `lane`, `lane + 1` of a u32x4 of gradient indices, as (gx, gy) pairs.
template <int Lane>
inline void grad2Pair(v128_t idx, v128_t* gx, v128_t* gy) {
  const v128_t g0 = wasm_v128_load(tk::kGrad2[wasm_u32x4_extract_lane(idx, Lane)]);
  const v128_t g1 = wasm_v128_load(tk::kGrad2[wasm_u32x4_extract_lane(idx, Lane + 1)]);
  *gx = wasm_i64x2_shuffle(g0, g1, 0, 2);
  *gy = wasm_i64x2_shuffle(g0, g1, 1, 3);
}

// g . (px, py) = gx * px + gy * py
inline v128_t dot(v128_t gx, v128_t gy, v128_t px, v128_t py) {
  return wasm_f64x2_add(wasm_f64x2_mul(gx, px), wasm_f64x2_mul(gy, py));
}

// gradientAt for the two columns whose gradient indices are lanes Lane, Lane + 1.
template <int Lane>
inline v128_t gradientPair(v128_t ia, v128_t ib, v128_t ic, v128_t id, v128_t tx, v128_t txm1, v128_t u,
                           v128_t ty, v128_t tym1, v128_t v) {
  v128_t gx, gy;
  grad2Pair<Lane>(ia, &gx, &gy);
  const v128_t va = dot(gx, gy, tx, ty);
  grad2Pair<Lane>(ib, &gx, &gy);
  const v128_t vb = dot(gx, gy, txm1, ty);
  grad2Pair<Lane>(ic, &gx, &gy);
  const v128_t vc = dot(gx, gy, tx, tym1);
  grad2Pair<Lane>(id, &gx, &gy);
  const v128_t vd = dot(gx, gy, txm1, tym1);
  const v128_t nn = bilerp(va, vb, vc, vd, u, v);  // k3 = va - vb - vc + vd, same order
  const v128_t half = wasm_f64x2_splat(0.5);
  return clampUnit(wasm_f64x2_add(half, wasm_f64x2_mul(half, wasm_f64x2_mul(nn, wasm_f64x2_splat(tk::kSqrt2)))));
}

}  // namespace simd

// gradientAt for four columns per step; writes paddedSize(n) outputs.
template <FadeKind F>
inline void gradientEvalSimd(const GradientCols<F>& c, const GradientRow& r, int n, double* out) {
  const v128_t S0 = wasm_i32x4_splat(static_cast<int32_t>(r.s0)), S1 = wasm_i32x4_splat(static_cast<int32_t>(r.s1));
  const v128_t ty = wasm_f64x2_splat(r.t), tym1 = wasm_f64x2_splat(r.tm1), v = wasm_f64x2_splat(r.v);
  for (int i = 0; i < n; i += kRowPad) {
    const v128_t x0 = wasm_v128_load(c.h0.data() + i), x1 = wasm_v128_load(c.h1.data() + i);
    const v128_t ia = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_add(x0, S0)), 29);
    const v128_t ib = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_add(x1, S0)), 29);
    const v128_t ic = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_add(x0, S1)), 29);
    const v128_t id = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_add(x1, S1)), 29);
    wasm_v128_store(out + i, simd::gradientPair<0>(ia, ib, ic, id, wasm_v128_load(c.t.data() + i),
                                                   wasm_v128_load(c.tm1.data() + i), wasm_v128_load(c.u.data() + i),
                                                   ty, tym1, v));
    wasm_v128_store(out + i + 2, simd::gradientPair<2>(ia, ib, ic, id, wasm_v128_load(c.t.data() + i + 2),
                                                       wasm_v128_load(c.tm1.data() + i + 2),
                                                       wasm_v128_load(c.u.data() + i + 2), ty, tym1, v));
  }
}

// SimplexKernel::eval2 for two samples per step (same row y). The two branches of the scalar code
// become selects: the middle corner's offset (x0 > y0) and "add the corner only if tt > 0"
// (n = tt > 0 ? n + contribution : n). Lattice indices come from trunc_sat, which equals
// wrapToU32 while |floor| < 2^31; pairs outside that range take the scalar kernel.
inline void simplexEvalSimd(const tk::Octave& o, const double* xs, double y, int n, double* out) {
  const v128_t Y = wasm_f64x2_splat(y), F2 = wasm_f64x2_splat(tk::kSimplexF2), G2 = wasm_f64x2_splat(tk::kSimplexG2);
  const v128_t G2x2 = wasm_f64x2_splat(2 * tk::kSimplexG2), one = wasm_f64x2_splat(1), zero = wasm_f64x2_splat(0);
  const v128_t half = wasm_f64x2_splat(0.5), limit = wasm_f64x2_splat(2147483648.0);
  const v128_t hx = wasm_i32x4_splat(static_cast<int32_t>(kHashX)), hy = wasm_i32x4_splat(static_cast<int32_t>(kHashY));
  const v128_t sd = wasm_i32x4_splat(static_cast<int32_t>(tk::seedTerm(o)));
  for (int i = 0; i < n; i += 2) {
    const v128_t X = wasm_v128_load(xs + i);
    const v128_t s = wasm_f64x2_mul(wasm_f64x2_add(X, Y), F2);
    const v128_t fi = wasm_f64x2_floor(wasm_f64x2_add(X, s)), fj = wasm_f64x2_floor(wasm_f64x2_add(Y, s));
    if (!wasm_i64x2_all_true(wasm_f64x2_lt(wasm_f64x2_abs(fi), limit)) ||
        !wasm_i64x2_all_true(wasm_f64x2_lt(wasm_f64x2_abs(fj), limit))) {
      for (int k = 0; k < 2; ++k) out[i + k] = tk::SimplexKernel::eval2<false>(o, xs[i + k], y, nullptr, nullptr);
      continue;
    }
    const v128_t t = wasm_f64x2_mul(wasm_f64x2_add(fi, fj), G2);
    const v128_t x0 = wasm_f64x2_sub(X, wasm_f64x2_sub(fi, t)), y0 = wasm_f64x2_sub(Y, wasm_f64x2_sub(fj, t));
    const v128_t m = wasm_f64x2_gt(x0, y0);  // i1 = 1, j1 = 0 where set
    const v128_t i1 = wasm_v128_and(m, one), j1 = wasm_v128_andnot(one, m);
    const v128_t cx[3] = {x0, wasm_f64x2_add(wasm_f64x2_sub(x0, i1), G2), wasm_f64x2_add(wasm_f64x2_sub(x0, one), G2x2)};
    const v128_t cy[3] = {y0, wasm_f64x2_add(wasm_f64x2_sub(y0, j1), G2), wasm_f64x2_add(wasm_f64x2_sub(y0, one), G2x2)};
    // Hash inputs (exact mod 2^32): corner 0 = ix * kHashX + iy * kHashY + seed term, corner 1 adds
    // kHashX or kHashY, corner 2 both. Lanes: h01 = [c0 s0, c0 s1, c1 s0, c1 s1], h2 = [c2 s0, c2 s1, -, -].
    const v128_t base = wasm_i32x4_add(
        wasm_i32x4_add(wasm_i32x4_mul(wasm_i32x4_trunc_sat_f64x2_zero(fi), hx),
                       wasm_i32x4_mul(wasm_i32x4_trunc_sat_f64x2_zero(fj), hy)),
        sd);
    const v128_t m32 = wasm_i32x4_shuffle(m, m, 0, 2, 0, 2);
    const v128_t c1 = wasm_i32x4_add(base, wasm_v128_bitselect(hx, hy, m32));
    const v128_t i01 = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_shuffle(base, c1, 0, 1, 4, 5)), 29);
    const v128_t i2 = wasm_u32x4_shr(simd::finishHash(wasm_i32x4_add(base, wasm_i32x4_add(hx, hy))), 29);
    v128_t gx[3], gy[3];
    simd::grad2Pair<0>(i01, &gx[0], &gy[0]);
    simd::grad2Pair<2>(i01, &gx[1], &gy[1]);
    simd::grad2Pair<0>(i2, &gx[2], &gy[2]);
    v128_t sum = zero;
    for (int k = 0; k < 3; ++k) {
      v128_t tt = wasm_f64x2_sub(wasm_f64x2_sub(half, wasm_f64x2_mul(cx[k], cx[k])), wasm_f64x2_mul(cy[k], cy[k]));
      const v128_t live = wasm_f64x2_gt(tt, zero);
      tt = wasm_f64x2_mul(tt, tt);
      const v128_t added = wasm_f64x2_add(sum, wasm_f64x2_mul(wasm_f64x2_mul(tt, tt), simd::dot(gx[k], gy[k], cx[k], cy[k])));
      sum = wasm_v128_bitselect(added, sum, live);
    }
    wasm_v128_store(out + i, simd::clampUnit(wasm_f64x2_add(
                                 half, wasm_f64x2_mul(half, wasm_f64x2_mul(sum, wasm_f64x2_splat(tk::kSimplexScale2))))));
  }
}

}  // namespace rows
}  // namespace nf
