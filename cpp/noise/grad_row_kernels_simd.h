// Wasm SIMD loop of the value-noise gradient row kernel (included by grad_row_kernels.h when
// __wasm_simd128__ is set): valueGradEvalScalar with four columns per step, the hashes as one
// i32x4 per corner, the doubles as two f64x2 halves doing the scalar operations in the same order
// (exact u32 -> f64 conversion, no FMA in wasm), so every lane equals the scalar result bit for bit.
#pragma once
#include <wasm_simd128.h>

#include <cstdint>

#include "row_kernels.h"

namespace nf {
namespace rows {
namespace simd {

struct ValueGrad2 {
  v128_t v, gx, gy;  // two columns
};

// valueGradLayer for the two columns of one half: corners a, b, c, d as doubles.
inline ValueGrad2 valueGradPair(v128_t a, v128_t b, v128_t c, v128_t d, v128_t u, v128_t du, v128_t v,
                                v128_t dv) {
  const v128_t ba = wasm_f64x2_sub(b, a), ca = wasm_f64x2_sub(c, a);
  const v128_t k3 = wasm_f64x2_add(wasm_f64x2_sub(wasm_f64x2_sub(a, b), c), d);
  ValueGrad2 r;
  r.gx = wasm_f64x2_mul(du, wasm_f64x2_add(ba, wasm_f64x2_mul(k3, v)));
  r.gy = wasm_f64x2_mul(dv, wasm_f64x2_add(ca, wasm_f64x2_mul(k3, u)));
  v128_t s = wasm_f64x2_add(a, wasm_f64x2_mul(ba, u));
  s = wasm_f64x2_add(s, wasm_f64x2_mul(ca, v));
  r.v = wasm_f64x2_add(s, wasm_f64x2_mul(wasm_f64x2_mul(k3, u), v));
  return r;
}

// One layer for four columns: halves 0 (columns 0, 1) and 1 (columns 2, 3).
inline void valueGradLayer4(v128_t x0, v128_t x1, const v128_t u[2], const v128_t du[2], uint32_t s0, uint32_t s1,
                            v128_t v, v128_t dv, ValueGrad2 out[2]) {
  const v128_t S0 = wasm_i32x4_splat(static_cast<int32_t>(s0)), S1 = wasm_i32x4_splat(static_cast<int32_t>(s1));
  const v128_t ha = finishHash(wasm_i32x4_add(x0, S0));
  const v128_t hb = finishHash(wasm_i32x4_add(x1, S0));
  const v128_t hc = finishHash(wasm_i32x4_add(x0, S1));
  const v128_t hd = finishHash(wasm_i32x4_add(x1, S1));
  out[0] = valueGradPair(unitLow(ha), unitLow(hb), unitLow(hc), unitLow(hd), u[0], du[0], v, dv);
  out[1] = valueGradPair(unitHigh(ha), unitHigh(hb), unitHigh(hc), unitHigh(hd), u[1], du[1], v, dv);
}

// a + (b - a) * w
inline v128_t lerpW(v128_t a, v128_t b, v128_t w) { return wasm_f64x2_add(a, wasm_f64x2_mul(wasm_f64x2_sub(b, a), w)); }

// Columns i .. i + 3 of one octave (3-D: the two layers blended by w), shared by the plain and the
// fused-accumulate loops so both see the very same lanes. V, DV, W: r.v, r.dv, r.w splatted once
// per row by the caller, outside the column loop.
template <FadeKind F, bool Is3D>
inline void valueGradColumns4(const ValueGradCols<F>& c, const ValueGradRow& r, int i, v128_t V, v128_t DV, v128_t W,
                              ValueGrad2 out[2]) {
  const v128_t x0 = wasm_v128_load(c.h0.data() + i), x1 = wasm_v128_load(c.h1.data() + i);
  const v128_t u[2] = {wasm_v128_load(c.u.data() + i), wasm_v128_load(c.u.data() + i + 2)};
  const v128_t du[2] = {wasm_v128_load(c.du.data() + i), wasm_v128_load(c.du.data() + i + 2)};
  valueGradLayer4(x0, x1, u, du, r.s0[0], r.s1[0], V, DV, out);
  if constexpr (Is3D) {
    ValueGrad2 l1[2];
    valueGradLayer4(x0, x1, u, du, r.s0[1], r.s1[1], V, DV, l1);
    for (int k = 0; k < 2; ++k) {
      out[k].gx = lerpW(out[k].gx, l1[k].gx, W);
      out[k].gy = lerpW(out[k].gy, l1[k].gy, W);
      out[k].v = lerpW(out[k].v, l1[k].v, W);
    }
  }
}

}  // namespace simd

template <FadeKind F, bool Is3D>
inline void valueGradEvalSimd(const ValueGradCols<F>& c, const ValueGradRow& r, int n, double* v, double* gx,
                              double* gy) {
  const v128_t V = wasm_f64x2_splat(r.v), DV = wasm_f64x2_splat(r.dv), W = wasm_f64x2_splat(r.w);
  for (int i = 0; i < n; i += kRowPad) {
    simd::ValueGrad2 l0[2];
    simd::valueGradColumns4<F, Is3D>(c, r, i, V, DV, W, l0);
    for (int k = 0; k < 2; ++k) {
      wasm_v128_store(v + i + 2 * k, l0[k].v);
      wasm_v128_store(gx + i + 2 * k, l0[k].gx);
      wasm_v128_store(gy + i + 2 * k, l0[k].gy);
    }
  }
}

// valueGradEvalSimd fused with field_grad_fill.h's accumulateGrad<FK> (one octave of
// Impl::fractal<true>): the octave's value and gradient go straight into the sums, in the scalar
// order: sum += amp * c, sgx += amp * dc * gx * freq (left to right), likewise sgy.
template <FadeKind F, bool Is3D, FractalKind FK>
inline void valueGradAccumulateSimd(const ValueGradCols<F>& c, const ValueGradRow& r, int n, double amp,
                                    double freq, double* sum, double* sgx, double* sgy) {
  const v128_t V = wasm_f64x2_splat(r.v), DV = wasm_f64x2_splat(r.dv), W = wasm_f64x2_splat(r.w);
  const v128_t A = wasm_f64x2_splat(amp), Fq = wasm_f64x2_splat(freq);
  const v128_t one = wasm_f64x2_splat(1), two = wasm_f64x2_splat(2), zero = wasm_f64x2_splat(0);
  for (int i = 0; i < n; i += kRowPad) {
    simd::ValueGrad2 l0[2];
    simd::valueGradColumns4<F, Is3D>(c, r, i, V, DV, W, l0);
    for (int k = 0; k < 2; ++k) {
      const int o = i + 2 * k;
      v128_t term = l0[k].v, ampDc = A;  // fbm: c = v, dc = 1 (amp * 1 == amp exactly)
      if constexpr (FK == FractalKind::Ridged || FK == FractalKind::Billow) {
        const v128_t sv = wasm_f64x2_sub(wasm_f64x2_mul(two, l0[k].v), one);
        const v128_t pos = wasm_f64x2_gt(sv, zero);
        const v128_t m2 = wasm_f64x2_neg(two);
        if constexpr (FK == FractalKind::Ridged) {
          term = wasm_f64x2_sub(one, wasm_f64x2_abs(sv));
          ampDc = wasm_f64x2_mul(A, simd::select(m2, two, pos));
        } else {
          term = wasm_f64x2_abs(sv);
          ampDc = wasm_f64x2_mul(A, simd::select(two, m2, pos));
        }
      }
      wasm_v128_store(sum + o, wasm_f64x2_add(wasm_v128_load(sum + o), wasm_f64x2_mul(A, term)));
      wasm_v128_store(sgx + o, wasm_f64x2_add(wasm_v128_load(sgx + o),
                                              wasm_f64x2_mul(wasm_f64x2_mul(ampDc, l0[k].gx), Fq)));
      wasm_v128_store(sgy + o, wasm_f64x2_add(wasm_v128_load(sgy + o),
                                              wasm_f64x2_mul(wasm_f64x2_mul(ampDc, l0[k].gy), Fq)));
    }
  }
}

}  // namespace rows
}  // namespace nf
