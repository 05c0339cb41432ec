// Value-noise fractals at four scattered points at once (wasm SIMD): the per-point stages of a
// domain warp (the nebula's two warped fbm stages), where samples share no row or column terms,
// one stage over a whole row at a time (displacedRow).
// Doubles travel as two f64x2 halves (points 0, 1 and 2, 3), hashes as one i32x4 (points 0..3).
//
// Bit-exact to Impl::fractal<false> (field.cpp) over tk::ValueKernel<F>::eval2, 2-D, untiled: every
// lane performs the scalar code's double operations in its order, and the two conversions use
// exact bit tricks instead of the conversion instructions, which V8 lowers to long sequences:
//   lattice index: floor(c) + 1.5 * 2^52 holds floor(c) mod 2^32 in its low 32 bits, exactly
//     wrapToU32(floor(c)) while |floor(c)| < 2^51 (the caller falls back to scalar code beyond);
//   hash -> unit: the bits 0x41300000'hhhhhhhh are the double 2^20 + h * 2^-32, so subtracting
//     2^20 gives h / 2^32 exactly, the scalar tk::unit.
#pragma once
#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cstdint>

#include "fbm.h"
#include "field.h"
#include "kernels.h"
#include "scatter_simd.h"

namespace nf {
namespace scatter4 {

struct D4 {
  v128_t lo, hi;  // points 0, 1 and 2, 3
};

// wrapToU32(f) of four integral doubles with |f| < 2^51, as one i32x4.
inline v128_t indices(v128_t flo, v128_t fhi) {
  const v128_t magic = wasm_f64x2_splat(6755399441055744.0);  // 1.5 * 2^52
  return wasm_i32x4_shuffle(wasm_f64x2_add(flo, magic), wasm_f64x2_add(fhi, magic), 0, 2, 4, 6);
}

// tk::unit of four u32 hashes.
inline D4 units(v128_t h) {
  const v128_t exponent = wasm_i32x4_splat(0x41300000), offset = wasm_f64x2_splat(1048576.0);
  return D4{wasm_f64x2_sub(wasm_i32x4_shuffle(h, exponent, 0, 4, 1, 5), offset),
            wasm_f64x2_sub(wasm_i32x4_shuffle(h, exponent, 2, 6, 3, 7), offset)};
}

// ValueKernel<F>::eval2 at four points with seed term s.
template <FadeKind F>
inline D4 layer(const D4& x, const D4& y, uint32_t s) {
  const v128_t fxl = wasm_f64x2_floor(x.lo), fxh = wasm_f64x2_floor(x.hi);
  const v128_t fyl = wasm_f64x2_floor(y.lo), fyh = wasm_f64x2_floor(y.hi);
  const v128_t ul = scatter::fadePair<F>(wasm_f64x2_sub(x.lo, fxl)), uh = scatter::fadePair<F>(wasm_f64x2_sub(x.hi, fxh));
  const v128_t vl = scatter::fadePair<F>(wasm_f64x2_sub(y.lo, fyl)), vh = scatter::fadePair<F>(wasm_f64x2_sub(y.hi, fyh));
  // Corner hash inputs x * kHashX + y * kHashY + s (uint32 sums, any grouping): b adds kHashX, c kHashY.
  const v128_t KX = wasm_i32x4_splat(static_cast<int32_t>(kHashX)), KY = wasm_i32x4_splat(static_cast<int32_t>(kHashY));
  const v128_t a = wasm_i32x4_add(wasm_i32x4_mul(indices(fxl, fxh), KX),
                                  wasm_i32x4_add(wasm_i32x4_mul(indices(fyl, fyh), KY), wasm_i32x4_splat(static_cast<int32_t>(s))));
  const v128_t b = wasm_i32x4_add(a, KX);
  const D4 ha = units(rows::simd::finishHash(a)), hb = units(rows::simd::finishHash(b));
  const D4 hc = units(rows::simd::finishHash(wasm_i32x4_add(a, KY))), hd = units(rows::simd::finishHash(wasm_i32x4_add(b, KY)));
  return D4{rows::simd::bilerp(ha.lo, hb.lo, hc.lo, hd.lo, ul, vl), rows::simd::bilerp(ha.hi, hb.hi, hc.hi, hd.hi, uh, vh)};
}

// True when every lane's |c| < 2^51 (false for NaN and infinities): indices() is then exact.
inline bool inRange(const D4& c) {
  const v128_t lim = wasm_f64x2_splat(2251799813685248.0);
  return wasm_i64x2_all_true(wasm_v128_and(wasm_f64x2_lt(wasm_f64x2_abs(c.lo), lim), wasm_f64x2_lt(wasm_f64x2_abs(c.hi), lim)));
}

template <FractalKind FK>
inline v128_t term(v128_t v) {  // the fractal's per-octave term (rows::octaveTerm)
  const v128_t one = wasm_f64x2_splat(1);
  if constexpr (FK == FractalKind::Ridged)
    return wasm_f64x2_sub(one, wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(wasm_f64x2_splat(2), v), one)));
  else if constexpr (FK == FractalKind::Billow)
    return wasm_f64x2_abs(wasm_f64x2_sub(wasm_f64x2_mul(wasm_f64x2_splat(2), v), one));
  else
    return v;
}

// The per-octave constants of one fractal (Impl::fractal's seed terms, amplitudes and norm by its
// recurrences), taken once per row instead of once per octave and step.
struct OctavePlan {
  int octaves = 1;
  uint32_t term[kMaxOctaves] = {};
  double amp[kMaxOctaves] = {};
  double norm = 1, lacunarity = 1;
};
inline OctavePlan octavePlan(const FieldParams& p, uint32_t seed) {
  OctavePlan o;
  o.lacunarity = p.lacunarity;
  if (p.fractal == FractalKind::None) {
    o.term[0] = tk::seedTerm(p.octaveSeed(seed, 0), p.base.seedMul);
    return o;
  }
  o.octaves = p.octaves;
  double norm = 0, amp = 0.5;
  for (int i = 0; i < p.octaves; ++i) {
    o.term[i] = tk::seedTerm(p.octaveSeed(seed, i), p.base.seedMul);
    o.amp[i] = amp;
    norm += amp;
    amp *= p.gain;
  }
  o.norm = norm;
  return o;
}

// Impl<ValueKernel<F>, false>::fractal<false> at four points; *ok = false when an octave's
// coordinate leaves the range where indices() is exact. Octave coordinates grow with the octave
// (lacunarity >= 1), so the last octave's decide.
template <FadeKind F, FractalKind FK>
inline D4 fractal(const OctavePlan& o, D4 x, D4 y, bool* ok) {
  if constexpr (FK == FractalKind::None) {
    *ok = inRange(x) && inRange(y);
    return layer<F>(x, y, o.term[0]);
  }
  const v128_t lac = wasm_f64x2_splat(o.lacunarity);
  v128_t sl = wasm_f64x2_splat(0), sh = sl;
  const int last = o.octaves - 1;
  for (int i = 0; i <= last; ++i) {
    if (i == last) *ok = inRange(x) && inRange(y);
    const D4 v = layer<F>(x, y, o.term[i]);
    const v128_t A = wasm_f64x2_splat(o.amp[i]);
    sl = wasm_f64x2_add(sl, wasm_f64x2_mul(A, term<FK>(v.lo)));
    sh = wasm_f64x2_add(sh, wasm_f64x2_mul(A, term<FK>(v.hi)));
    x = D4{wasm_f64x2_mul(x.lo, lac), wasm_f64x2_mul(x.hi, lac)};
    y = D4{wasm_f64x2_mul(y.lo, lac), wasm_f64x2_mul(y.hi, lac)};
  }
  const v128_t N = wasm_f64x2_splat(o.norm);
  return D4{wasm_f64x2_div(sl, N), wasm_f64x2_div(sh, N)};
}

// One displaced stage of a domain warp over a row, four samples per step: out[i] = the fractal at
// (x[i] + w * (qx[i] - c), y + w * (qy[i] - c)) (Impl::warped's operations) for i < 4 * (n / 4).
// Returns false when some step left the exact range, and sets bad[k] to 1 for each such step k (its
// four outputs are unspecified, the caller redoes them; other flags are left as they are). Kept out of line: in its own function the engine
// (V8) keeps the loop's values in registers.
template <FadeKind F, FractalKind FK>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
bool displacedRow(const OctavePlan& o, const double* x, double y, double w, double c, const double* qx,
                  const double* qy, int n, double* out, uint8_t* bad) {
  const v128_t Y = wasm_f64x2_splat(y), W = wasm_f64x2_splat(w), C = wasm_f64x2_splat(c);
  auto shift = [&](v128_t b, const double* q) { return wasm_f64x2_add(b, wasm_f64x2_mul(W, wasm_f64x2_sub(wasm_v128_load(q), C))); };
  bool all = true;
  for (int i = 0; i + 3 < n; i += 4) {
    const D4 px{shift(wasm_v128_load(x + i), qx + i), shift(wasm_v128_load(x + i + 2), qx + i + 2)};
    const D4 py{shift(Y, qy + i), shift(Y, qy + i + 2)};
    bool ok = true;
    const D4 v = fractal<F, FK>(o, px, py, &ok);
    wasm_v128_store(out + i, v.lo);
    wasm_v128_store(out + i + 2, v.hi);
    bad[i / 4] |= !ok;
    all = all && ok;
  }
  return all;
}

}  // namespace scatter4
}  // namespace nf
#endif
