// Lane types: the kernels are written once against these and instantiated for one sample
// (double, uint32_t, bool) or four (F64x4, U32x4, M64x4). The backend is the translation unit's
// NF_LANES_ISA (kinds.h): wasm SIMD in the wasm build (four doubles as two f64x2, four uint32 in
// one i32x4); natively the library holds three builds of its engine (engine_*.cpp), scalar, SSE2
// (two __m128d) and AVX2 (one __m256d), and picks one at run time from the CPU (field.cpp). The
// SSE2 pairs are the wasm pairs' twins, so the native tests run the very code the wasm build
// vectorises; without a vector backend, Wide is scalar. Each build's functions live in their own
// namespace (NF_ISA_BEGIN), so the linker never mixes them.
//
// Exactness: every vector operation is the IEEE operation of its scalar twin, lane by lane (add,
// sub, mul, div, sqrt are correctly rounded in every ISA; uint32 arithmetic wraps the same), and
// no fused multiply-add is used or contracted (-ffp-contract=off; the AVX2 target region does not
// enable FMA), so an expression written once gives the same bits at every width and on every
// backend. u32 -> f64 conversion is exact. Conversions the ISAs define differently (floor to a
// lattice index far out) take the scalar function per lane.
//
// This file is the one place that names SIMD intrinsics.
#pragma once
#define NF_LANES_INCLUDED 1  // engine_prelude.h checks that it never pulls lane code in
#include <cmath>
#include <cstdint>

#include "hash.h"

// The backend is this translation unit's NF_LANES_ISA (kinds.h): the engine files pick theirs,
// every other file takes the target's.
#if NF_LANES_ISA == NF_ISA_WASM
#include <wasm_simd128.h>
#define NF_LANES_VECTOR 1
#elif NF_LANES_ISA == NF_ISA_SSE2
#include <emmintrin.h>
#define NF_LANES_VECTOR 1
#elif NF_LANES_ISA == NF_ISA_AVX2
#include <immintrin.h>  // compiled inside engine_avx2.cpp's target region
#define NF_LANES_VECTOR 1
#define NF_LANES_AVX2 1
#endif

namespace nf {
NF_ISA_BEGIN
namespace lanes {

// ---- one sample -------------------------------------------------------------------------------
inline double select(bool m, double a, double b) { return m ? a : b; }
inline uint32_t select(bool m, uint32_t a, uint32_t b) { return m ? a : b; }
inline bool all(bool m) { return m; }
inline bool any(bool m) { return m; }
inline bool either(bool a, bool b) { return a || b; }
inline bool both(bool a, bool b) { return a && b; }
inline double abs(double v) { return std::fabs(v); }
inline double sqrt(double v) { return std::sqrt(v); }
inline double floor(double v) { return std::floor(v); }
// t where t > 0, else +0 (a NaN too): the kernel weight of a corner, which a sum may then add
// unconditionally where every term is finite (+0 times a finite value adds nothing to a sum that
// started at +0).
inline double positivePart(double t) { return t > 0 ? t : 0.0; }
// The larger / smaller of two distances, as the same select the vector form below makes, so the
// two agree on a NaN too (an overflowed coordinate's distance): fmax and fmin drop a NaN operand,
// the select keeps a when the comparison is false, and fills then differed from samples.
inline double maxDist(double a, double b) { return a < b ? b : a; }
inline double minDist(double a, double b) { return b < a ? b : a; }
// v < 0 ? 0 : (v > 1 ? 1 : v): a NaN and -0 pass through.
inline double clampUnit(double v) { return v < 0 ? 0.0 : (v > 1 ? 1.0 : v); }
// Mask arithmetic without a select (a select is three instructions in V8): a && !b; v where m,
// else +0; +0 where m, else v; -v where m, else v; m as a uint32 mask (all ones where true).
inline bool andNot(bool a, bool b) { return a && !b; }
inline double onlyWhere(bool m, double v) { return m ? v : 0.0; }
inline double zeroWhere(bool m, double v) { return m ? 0.0 : v; }
inline double negWhere(bool m, double v) { return m ? -v : v; }
inline uint32_t maskOf(bool m) { return m ? 0xFFFFFFFFu : 0u; }
inline double unit(uint32_t h) { return h / kTwoPow32; }
// unit(h) plus kUnitBias<D>, the form a lane builds from h's bits with no conversion (below).
// Biased units differ exactly as the units do (both differences are exact), so a sum that only
// needs differences and one unit skips taking the bias off three of four corners.
template <class D>
inline constexpr double kUnitBias = 0;
inline double biasedUnit(uint32_t h) { return h / kTwoPow32; }
inline double toDouble(uint32_t h) { return h; }
inline uint32_t latticeIndex(double floored) { return wrapToU32(floored); }
// The high 32 bits of the 64-bit product a * b.
inline uint32_t mulHi(uint32_t a, uint32_t b) { return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32); }
// Row `row` of a table of (c0, c1) pairs, as its two columns.
inline void gather2(const double (*table)[2], uint32_t row, double* c0, double* c1) {
  *c0 = table[row][0];
  *c1 = table[row][1];
}
// Row `row` of a table of (c0, c1, c2) triples, as its three columns.
inline void gather3(const double (*table)[3], uint32_t row, double* c0, double* c1, double* c2) {
  *c0 = table[row][0];
  *c1 = table[row][1];
  *c2 = table[row][2];
}
// The indices of floored coordinate f and of f + 1 (wrapToU32 of each).
inline void latticeIndices(double floored, uint32_t* i0, uint32_t* i1) {
  *i0 = wrapToU32(floored);
  *i1 = wrapToU32(floored + 1);
}
// Floored coordinates below this magnitude (2^51) take nearLatticeIndices: f + 1 is exact there.
constexpr double kNearLattice = 2251799813685248.0;
inline void nearLatticeIndices(double floored, uint32_t* i0, uint32_t* i1) { latticeIndices(floored, i0, i1); }
inline uint32_t nearLatticeIndex(double floored) { return wrapToU32(floored); }

#ifdef NF_LANES_VECTOR
// ---- the two-lane backend: f64x2 (P) and i32x4 (I) primitives ---------------------------------
// (AVX2 has its own four doubles and four uint32, below.)
#if NF_LANES_ISA == NF_ISA_WASM
using P = v128_t;
using I = v128_t;
inline P pSplat(double v) { return wasm_f64x2_splat(v); }
inline P pLoad(const double* p) { return wasm_v128_load(p); }
inline P pLoadF(const float* p) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p)); }
inline void pStore(double* p, P v) { wasm_v128_store(p, v); }
inline P pAdd(P a, P b) { return wasm_f64x2_add(a, b); }
inline P pSub(P a, P b) { return wasm_f64x2_sub(a, b); }
inline P pMul(P a, P b) { return wasm_f64x2_mul(a, b); }
inline P pDiv(P a, P b) { return wasm_f64x2_div(a, b); }
inline P pSqrt(P a) { return wasm_f64x2_sqrt(a); }
inline P pAbs(P a) { return wasm_f64x2_abs(a); }
inline P pFloor(P a) { return wasm_f64x2_floor(a); }
inline P pLt(P a, P b) { return wasm_f64x2_lt(a, b); }
inline P pLe(P a, P b) { return wasm_f64x2_le(a, b); }
inline P pGt(P a, P b) { return wasm_f64x2_gt(a, b); }
inline P pSelect(P m, P a, P b) { return wasm_v128_bitselect(a, b, m); }
inline P pPositive(P a) { return wasm_f64x2_pmax(wasm_f64x2_splat(0), a); }  // 0 < a ? a : 0
inline P pMinDist(P a, P b) { return wasm_f64x2_pmin(a, b); }  // b < a ? b : a
inline P pMaxDist(P a, P b) { return wasm_f64x2_pmax(a, b); }  // a < b ? b : a
inline P pClampUnit(P v) { return pSelect(pLt(v, pSplat(0)), pSplat(0), pSelect(pGt(v, pSplat(1)), pSplat(1), v)); }
inline P pOr(P a, P b) { return wasm_v128_or(a, b); }
inline P pAnd(P a, P b) { return wasm_v128_and(a, b); }
inline P pAndNot(P a, P b) { return wasm_v128_andnot(a, b); }  // a & ~b
inline P pXor(P a, P b) { return wasm_v128_xor(a, b); }
inline bool pAll(P m) { return wasm_i64x2_all_true(m); }
inline bool pAny(P m) { return wasm_v128_any_true(m); }
inline double pLane0(P a) { return wasm_f64x2_extract_lane(a, 0); }
inline double pLane1(P a) { return wasm_f64x2_extract_lane(a, 1); }
inline I iSplat(uint32_t v) { return wasm_i32x4_splat(static_cast<int32_t>(v)); }
inline I iLoad(const uint32_t* p) { return wasm_v128_load(p); }
inline void iStore(uint32_t* p, I v) { wasm_v128_store(p, v); }
inline I iAdd(I a, I b) { return wasm_i32x4_add(a, b); }
inline I iMul(I a, I b) { return wasm_i32x4_mul(a, b); }
inline I iXor(I a, I b) { return wasm_v128_xor(a, b); }
inline I iAnd(I a, I b) { return wasm_v128_and(a, b); }
inline I iSub(I a, I b) { return wasm_i32x4_sub(a, b); }
inline I iGtS(I a, I b) { return wasm_i32x4_gt(a, b); }  // signed
inline I iShr(I a, int n) { return wasm_u32x4_shr(a, n); }
inline I iShl(I a, int n) { return wasm_i32x4_shl(a, n); }
inline I iSelect(I m, I a, I b) { return wasm_v128_bitselect(a, b, m); }
// Lanes 0, 1 (Hi: 2, 3) of four uint32 as exact doubles.
inline P iToPLow(I h) { return wasm_f64x2_convert_low_u32x4(h); }
inline P iToPHigh(I h) { return wasm_f64x2_convert_low_u32x4(wasm_i32x4_shuffle(h, h, 2, 3, 2, 3)); }
// Lanes 0, 1 (Hi: 2, 3) of four uint32 h as the doubles with bits 0x41300000'hhhhhhhh: 2^20 + h / 2^32.
inline P iToBiasedUnitLow(I h) { return wasm_i32x4_shuffle(h, wasm_i32x4_splat(0x41300000), 0, 4, 1, 5); }
inline P iToBiasedUnitHigh(I h) { return wasm_i32x4_shuffle(h, wasm_i32x4_splat(0x41300000), 2, 6, 3, 7); }
// The int32 truncations of two pairs (|x| < 2^31) as four lanes.
inline I pTrunc4(P lo, P hi) {
  return wasm_i32x4_shuffle(wasm_i32x4_trunc_sat_f64x2_zero(lo), wasm_i32x4_trunc_sat_f64x2_zero(hi), 0, 1, 4, 5);
}
// A mask of two 64-bit lanes and one of two more as four 32-bit lanes.
inline I pMask4(P lo, P hi) { return wasm_i32x4_shuffle(lo, hi, 0, 2, 4, 6); }
template <int K>
inline uint32_t iLane(I a) { return wasm_u32x4_extract_lane(a, K); }
// The high halves of the four 64-bit products a * b.
inline I iMulHi(I a, uint32_t b) {
  const I B = wasm_i32x4_splat(static_cast<int32_t>(b));
  return wasm_i32x4_shuffle(wasm_u64x2_extmul_low_u32x4(a, B), wasm_u64x2_extmul_high_u32x4(a, B), 1, 3, 5, 7);
}
// (a0, b0) and (a1, b1) from two pairs a, b.
// Two pairs rounded to four floats (as static_cast<float>) stored at p, and those floats as doubles.
inline void pStoreF4(float* p, P lo, P hi, P* rlo, P* rhi) {
  const v128_t fl = wasm_f32x4_demote_f64x2_zero(lo), fh = wasm_f32x4_demote_f64x2_zero(hi);
  wasm_v128_store(p, wasm_i64x2_shuffle(fl, fh, 0, 2));
  *rlo = wasm_f64x2_promote_low_f32x4(fl);
  *rhi = wasm_f64x2_promote_low_f32x4(fh);
}
inline P pPair(const double* a, const double* b) { return wasm_f64x2_make(*a, *b); }  // (*a, *b)
inline P pFirsts(P a, P b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
inline P pSeconds(P a, P b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
#else
using P = __m128d;
using I = __m128i;
inline P pSplat(double v) { return _mm_set1_pd(v); }
inline P pLoad(const double* p) { return _mm_loadu_pd(p); }
inline P pLoadF(const float* p) { return _mm_cvtps_pd(_mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(p)))); }
inline void pStore(double* p, P v) { _mm_storeu_pd(p, v); }
inline P pAdd(P a, P b) { return _mm_add_pd(a, b); }
inline P pSub(P a, P b) { return _mm_sub_pd(a, b); }
inline P pMul(P a, P b) { return _mm_mul_pd(a, b); }
inline P pDiv(P a, P b) { return _mm_div_pd(a, b); }
inline P pSqrt(P a) { return _mm_sqrt_pd(a); }
inline P pAbs(P a) { return _mm_andnot_pd(_mm_set1_pd(-0.0), a); }
inline double pLane0(P a) { return _mm_cvtsd_f64(a); }
inline double pLane1(P a) { return _mm_cvtsd_f64(_mm_unpackhi_pd(a, a)); }
inline P pFloor(P a) { return _mm_set_pd(std::floor(pLane1(a)), std::floor(pLane0(a))); }  // SSE2 has no roundpd
inline P pLt(P a, P b) { return _mm_cmplt_pd(a, b); }
inline P pLe(P a, P b) { return _mm_cmple_pd(a, b); }
inline P pGt(P a, P b) { return _mm_cmpgt_pd(a, b); }
inline P pSelect(P m, P a, P b) { return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b)); }
inline P pPositive(P a) { return _mm_max_pd(a, _mm_setzero_pd()); }  // maxpd(a, 0): a > 0 ? a : 0
// minpd(x, y) is x < y ? x : y and maxpd(x, y) x > y ? x : y (y where either is a NaN), so with
// the operands swapped they are the selects of minDist / maxDist below.
inline P pMinDist(P a, P b) { return _mm_min_pd(b, a); }  // b < a ? b : a
inline P pMaxDist(P a, P b) { return _mm_max_pd(b, a); }  // a < b ? b : a
// clampUnit's selects as two instructions: minpd(1, v) is 1 < v ? 1 : v, then maxpd(0, w) is
// 0 > w ? 0 : w, the same value for every v (a NaN, and -0, pass through both, as the selects
// keep them).
inline P pClampUnit(P v) { return _mm_max_pd(_mm_setzero_pd(), _mm_min_pd(_mm_set1_pd(1.0), v)); }
inline P pOr(P a, P b) { return _mm_or_pd(a, b); }
inline P pAnd(P a, P b) { return _mm_and_pd(a, b); }
inline P pAndNot(P a, P b) { return _mm_andnot_pd(b, a); }  // a & ~b
inline P pXor(P a, P b) { return _mm_xor_pd(a, b); }
inline bool pAll(P m) { return _mm_movemask_pd(m) == 3; }
inline bool pAny(P m) { return _mm_movemask_pd(m) != 0; }
inline I iSplat(uint32_t v) { return _mm_set1_epi32(static_cast<int32_t>(v)); }
inline I iLoad(const uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline void iStore(uint32_t* p, I v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
inline I iAdd(I a, I b) { return _mm_add_epi32(a, b); }
#ifdef NF_LANES_AVX2
inline I iMul(I a, I b) { return _mm_mullo_epi32(a, b); }
#else
inline I iMul(I a, I b) {  // SSE2 has no pmulld: even and odd lanes by pmuludq, low halves kept
  const __m128i even = _mm_mul_epu32(a, b);
  const __m128i odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), _mm_srli_epi64(b, 32));
  return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, 0x08), _mm_shuffle_epi32(odd, 0x08));
}
#endif
inline I iXor(I a, I b) { return _mm_xor_si128(a, b); }
inline I iAnd(I a, I b) { return _mm_and_si128(a, b); }
inline I iSub(I a, I b) { return _mm_sub_epi32(a, b); }
inline I iGtS(I a, I b) { return _mm_cmpgt_epi32(a, b); }  // signed
inline I iShr(I a, int n) { return _mm_srl_epi32(a, _mm_cvtsi32_si128(n)); }
inline I iShl(I a, int n) { return _mm_sll_epi32(a, _mm_cvtsi32_si128(n)); }
inline I iSelect(I m, I a, I b) { return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b)); }
inline P iToPLow(I h) {  // signed conversion, then + 2^32 where the uint32 had its top bit set
  const P d = _mm_cvtepi32_pd(h);
  return _mm_add_pd(d, _mm_and_pd(_mm_cmplt_pd(d, _mm_setzero_pd()), _mm_set1_pd(kTwoPow32)));
}
inline P iToPHigh(I h) { return iToPLow(_mm_shuffle_epi32(h, 0xEE)); }
inline P iToBiasedUnitLow(I h) { return _mm_castsi128_pd(_mm_unpacklo_epi32(h, _mm_set1_epi32(0x41300000))); }
inline P iToBiasedUnitHigh(I h) { return _mm_castsi128_pd(_mm_unpackhi_epi32(h, _mm_set1_epi32(0x41300000))); }
inline I pTrunc4(P lo, P hi) { return _mm_unpacklo_epi64(_mm_cvttpd_epi32(lo), _mm_cvttpd_epi32(hi)); }
inline I pMask4(P lo, P hi) {
  return _mm_unpacklo_epi64(_mm_shuffle_epi32(_mm_castpd_si128(lo), 0x08), _mm_shuffle_epi32(_mm_castpd_si128(hi), 0x08));
}
#ifdef NF_LANES_AVX2
template <int K>
inline uint32_t iLane(I a) { return static_cast<uint32_t>(_mm_extract_epi32(a, K)); }
#else
template <int K>
inline uint32_t iLane(I a) { return static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_shuffle_epi32(a, K * 0x55))); }
#endif
inline I iMulHi(I a, uint32_t b) {  // pmuludq on even lanes and on odd ones, high halves kept
  const I B = _mm_set1_epi32(static_cast<int32_t>(b));
  const I even = _mm_mul_epu32(a, B), odd = _mm_mul_epu32(_mm_srli_epi64(a, 32), B);
  return _mm_unpacklo_epi32(_mm_shuffle_epi32(even, 0x0D), _mm_shuffle_epi32(odd, 0x0D));
}
inline void pStoreF4(float* p, P lo, P hi, P* rlo, P* rhi) {  // cvtpd2ps rounds as static_cast<float>
  const __m128 fl = _mm_cvtpd_ps(lo), fh = _mm_cvtpd_ps(hi);
  _mm_storeu_ps(p, _mm_movelh_ps(fl, fh));
  *rlo = _mm_cvtps_pd(fl);
  *rhi = _mm_cvtps_pd(fh);
}
inline P pPair(const double* a, const double* b) { return _mm_loadh_pd(_mm_load_sd(a), b); }
inline P pFirsts(P a, P b) { return _mm_unpacklo_pd(a, b); }
inline P pSeconds(P a, P b) { return _mm_unpackhi_pd(a, b); }
#endif

#ifdef NF_LANES_AVX2
// ---- four samples, AVX2: four doubles in one __m256d, four uint32 in one __m256i ----------------
// The same operations as the pairs below, lane for lane: add, sub, mul, div, sqrt and roundpd's
// floor are the IEEE operations (and no FMA is compiled: engine_avx2.cpp's target is avx2 alone),
// compares are the ordered ones the pairs use (false for NaN), blendv selects where the mask is
// all ones, so every value is the pairs' and the scalar code's, bit for bit.
struct M64x4 {
  __m256d v;
};
struct F64x4 {
  __m256d v;
  F64x4() = default;
  explicit F64x4(__m256d x) : v(x) {}
  F64x4(double d) : v(_mm256_set1_pd(d)) {}  // NOLINT: splat, so scalar constants mix in
};
// Four uint32, each in the low half of a 64-bit lane (the high halves hold whatever the operations
// left there and are never read): beside the doubles lane for lane, so an index is the bits of a
// double sum (nearLatticeIndex), a mask is a compare's bits (maskOf, select) and a product is one
// vpmuludq (its low half is the uint32 product), with no shuffle between the two kinds of lanes;
// in one __m128i they took a shuffle each way and vpmulld, two micro-ops of twice the latency.
struct U32x4 {
  __m256i v;
  U32x4() = default;
  explicit U32x4(__m256i x) : v(x) {}
  U32x4(uint32_t x) : v(_mm256_set1_epi32(static_cast<int32_t>(x))) {}  // NOLINT: splat
};

inline F64x4 operator+(F64x4 a, F64x4 b) { return F64x4(_mm256_add_pd(a.v, b.v)); }
inline F64x4 operator-(F64x4 a, F64x4 b) { return F64x4(_mm256_sub_pd(a.v, b.v)); }
inline F64x4 operator*(F64x4 a, F64x4 b) { return F64x4(_mm256_mul_pd(a.v, b.v)); }
inline F64x4 operator/(F64x4 a, F64x4 b) { return F64x4(_mm256_div_pd(a.v, b.v)); }
inline F64x4& operator+=(F64x4& a, F64x4 b) { return a = a + b; }
inline F64x4& operator*=(F64x4& a, F64x4 b) { return a = a * b; }
inline M64x4 operator<(F64x4 a, F64x4 b) { return {_mm256_cmp_pd(a.v, b.v, _CMP_LT_OQ)}; }
inline M64x4 operator<=(F64x4 a, F64x4 b) { return {_mm256_cmp_pd(a.v, b.v, _CMP_LE_OQ)}; }
inline M64x4 operator>(F64x4 a, F64x4 b) { return {_mm256_cmp_pd(a.v, b.v, _CMP_GT_OQ)}; }
inline M64x4 either(M64x4 a, M64x4 b) { return {_mm256_or_pd(a.v, b.v)}; }
inline M64x4 both(M64x4 a, M64x4 b) { return {_mm256_and_pd(a.v, b.v)}; }
inline F64x4 select(M64x4 m, F64x4 a, F64x4 b) { return F64x4(_mm256_blendv_pd(b.v, a.v, m.v)); }
inline U32x4 select(M64x4 m, U32x4 a, U32x4 b) {
  return U32x4(_mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(b.v), _mm256_castsi256_pd(a.v), m.v)));
}
inline bool all(M64x4 m) { return _mm256_movemask_pd(m.v) == 0xF; }
inline bool any(M64x4 m) { return _mm256_movemask_pd(m.v) != 0; }
inline M64x4 andNot(M64x4 a, M64x4 b) { return {_mm256_andnot_pd(b.v, a.v)}; }
inline F64x4 onlyWhere(M64x4 m, F64x4 v) { return F64x4(_mm256_and_pd(m.v, v.v)); }
inline F64x4 zeroWhere(M64x4 m, F64x4 v) { return F64x4(_mm256_andnot_pd(m.v, v.v)); }
inline F64x4 negWhere(M64x4 m, F64x4 v) { return F64x4(_mm256_xor_pd(v.v, _mm256_and_pd(m.v, _mm256_set1_pd(-0.0)))); }
inline U32x4 maskOf(M64x4 m) { return U32x4(_mm256_castpd_si256(m.v)); }
// The selects below as one instruction each (vmaxpd / vminpd with the operands swapped, as pMaxDist).
inline F64x4 maxDist(F64x4 a, F64x4 b) { return F64x4(_mm256_max_pd(b.v, a.v)); }  // a < b ? b : a
inline F64x4 minDist(F64x4 a, F64x4 b) { return F64x4(_mm256_min_pd(b.v, a.v)); }  // b < a ? b : a
inline F64x4 clampUnit(F64x4 v) {  // pClampUnit's two instructions
  return F64x4(_mm256_max_pd(_mm256_setzero_pd(), _mm256_min_pd(_mm256_set1_pd(1.0), v.v)));
}
inline F64x4 abs(F64x4 a) { return F64x4(_mm256_andnot_pd(_mm256_set1_pd(-0.0), a.v)); }
inline F64x4 sqrt(F64x4 a) { return F64x4(_mm256_sqrt_pd(a.v)); }
inline F64x4 floor(F64x4 a) { return F64x4(_mm256_round_pd(a.v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)); }
inline F64x4 positivePart(F64x4 a) { return F64x4(_mm256_max_pd(a.v, _mm256_setzero_pd())); }  // a > 0 ? a : 0

// 32-bit operations on every half: the low halves are the uint32 lanes' results (each half is
// shifted, added, compared on its own; vpmuludq multiplies the low halves into 64 bits, whose low
// half is the product mod 2^32).
inline U32x4 operator+(U32x4 a, U32x4 b) { return U32x4(_mm256_add_epi32(a.v, b.v)); }
inline U32x4 operator*(U32x4 a, U32x4 b) { return U32x4(_mm256_mul_epu32(a.v, b.v)); }
inline U32x4 operator-(U32x4 a, U32x4 b) { return U32x4(_mm256_sub_epi32(a.v, b.v)); }
inline U32x4 operator^(U32x4 a, U32x4 b) { return U32x4(_mm256_xor_si256(a.v, b.v)); }
inline U32x4 operator>>(U32x4 a, int n) { return U32x4(_mm256_srli_epi32(a.v, n)); }
inline U32x4 operator<<(U32x4 a, int n) { return U32x4(_mm256_slli_epi32(a.v, n)); }
inline U32x4 operator&(U32x4 a, U32x4 b) { return U32x4(_mm256_and_si256(a.v, b.v)); }
inline U32x4 greaterSigned(U32x4 a, U32x4 b) { return U32x4(_mm256_cmpgt_epi32(a.v, b.v)); }  // all ones where int32 a > b
inline U32x4 mulHi(U32x4 a, uint32_t b) { return U32x4(_mm256_srli_epi64(_mm256_mul_epu32(a.v, U32x4(b).v), 32)); }
// The lanes as four 64-bit indices (the high halves cleared), for the gathers.
NF_HOT_INLINE __m256i indices64(U32x4 a) { return _mm256_and_si256(a.v, _mm256_set1_epi64x(0xFFFFFFFFLL)); }
inline U32x4 loadU4(const uint32_t* p) { return U32x4(_mm256_cvtepu32_epi64(iLoad(p))); }
inline void storeU4(uint32_t* p, U32x4 v) {
  iStore(p, _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v.v, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6))));
}

// The four lanes in general registers (table rows or byte offsets, for loads).
NF_HOT_INLINE void offsetsOf(U32x4 off, uint32_t* o) {
  const __m128i lo = _mm256_castsi256_si128(off.v), hi = _mm256_extracti128_si256(off.v, 1);
  o[0] = static_cast<uint32_t>(_mm_cvtsi128_si32(lo));
  o[1] = static_cast<uint32_t>(_mm_extract_epi32(lo, 2));
  o[2] = static_cast<uint32_t>(_mm_cvtsi128_si32(hi));
  o[3] = static_cast<uint32_t>(_mm_extract_epi32(hi, 2));
}
// Rows of a table of (c0, c1) pairs at byte offsets off[k] from base, as two columns: two
// vgatherqpd (the doubles as they are in memory). Measured in 2-D OpenSimplex2 fills: 0.96x the
// time of 16-byte loads of the rows unpacked (which gather3 keeps: 0.96x the gathers' time there).
NF_HOT_INLINE void gatherAt(const char* base, U32x4 off, F64x4* c0, F64x4* c1) {
  const __m256i o = indices64(off);
  *c0 = F64x4(_mm256_i64gather_pd(reinterpret_cast<const double*>(base), o, 1));
  *c1 = F64x4(_mm256_i64gather_pd(reinterpret_cast<const double*>(base + 8), o, 1));
}
NF_HOT_INLINE void gather2(const double (*table)[2], U32x4 rows, F64x4* c0, F64x4* c1) {
  gatherAt(reinterpret_cast<const char*>(table), rows << 4, c0, c1);  // 16 bytes a row
}
// Rows rows[k] of a table of (c0, c1, c2) triples as three columns: the first two from one 16-byte
// load a row, rows 0 and 2 (1 and 3) in one register, then unpacked; the third two scalars a half.
NF_HOT_INLINE void gather3(const double (*table)[3], U32x4 rows, F64x4* c0, F64x4* c1, F64x4* c2) {
  uint32_t o[4];
  offsetsOf(rows, o);
  const double* r[4] = {table[o[0]], table[o[1]], table[o[2]], table[o[3]]};
  const __m256d r02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(r[0])), _mm_loadu_pd(r[2]), 1);
  const __m256d r13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(r[1])), _mm_loadu_pd(r[3]), 1);
  *c0 = F64x4(_mm256_unpacklo_pd(r02, r13));
  *c1 = F64x4(_mm256_unpackhi_pd(r02, r13));
  *c2 = F64x4(_mm256_set_pd(r[3][2], r[2][2], r[1][2], r[0][2]));
}

// A table of doubles as 32-bit words, [column][0: low, 1: high word][row], for register lookups
// (vpermd takes eight 32-bit entries): built at compile time from the table's own doubles.
template <int Rows, int Cols>
struct WordTable {
  alignas(32) int32_t w[Cols][2][Rows];
};
template <int Rows, int Cols>
constexpr WordTable<Rows, Cols> wordTable(const double (&t)[Rows][Cols]) {
  WordTable<Rows, Cols> r{};
  for (int i = 0; i < Rows; ++i)
    for (int c = 0; c < Cols; ++c) {
      const uint64_t b = __builtin_bit_cast(uint64_t, t[i][c]);
      r.w[c][0][i] = static_cast<int32_t>(static_cast<uint32_t>(b));
      r.w[c][1][i] = static_cast<int32_t>(static_cast<uint32_t>(b >> 32));
    }
  return r;
}
// The four hashes h, each in both words of its 64-bit lane.
NF_HOT_INLINE __m256i pairsOf(U32x4 h) { return _mm256_shuffle_epi32(h.v, 0xA0); }
// The double of column c at rows (an eight-row table t, the row in bits 0-2 of each word of
// rows): its low and its high word looked up, put back together.
template <int Cols>
NF_HOT_INLINE F64x4 lookupColumn(const WordTable<8, Cols>& t, int c, __m256i rows) {
  const __m256i lo = _mm256_permutevar8x32_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(t.w[c][0])), rows);
  const __m256i hi = _mm256_permutevar8x32_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(t.w[c][1])), rows);
  return F64x4(_mm256_castsi256_pd(_mm256_blend_epi32(lo, hi, 0xAA)));
}
// Row h >> 29 of an 8-row table of (c0, c1) pairs as two columns, without a gather (the rows'
// words looked up in registers): the same doubles.
NF_HOT_INLINE void pick8(const WordTable<8, 2>& t, U32x4 h, F64x4* c0, F64x4* c1) {
  const __m256i rows = _mm256_srli_epi32(pairsOf(h), 29);
  *c0 = lookupColumn(t, 0, rows);
  *c1 = lookupColumn(t, 1, rows);
}
// h exactly: the double with bits 0x43300000'hhhhhhhh is 2^52 + h, and taking 2^52 away is exact.
inline F64x4 toDouble(U32x4 h) {
  const __m256i b = _mm256_blend_epi32(h.v, _mm256_set1_epi64x(0x4330000000000000LL), 0xAA);
  return F64x4(_mm256_sub_pd(_mm256_castsi256_pd(b), _mm256_set1_pd(4503599627370496.0)));
}
// h / 2^32 exactly without a conversion: the doubles with bits 0x41300000'hhhhhhhh are 2^20 + h / 2^32.
template <>
inline constexpr double kUnitBias<F64x4> = 1048576.0;
inline F64x4 biasedUnit(U32x4 h) {
  return F64x4(_mm256_castsi256_pd(_mm256_blend_epi32(h.v, _mm256_set1_epi64x(0x4130000000000000LL), 0xAA)));
}
inline F64x4 unit(U32x4 h) { return biasedUnit(h) - kUnitBias<F64x4>; }

// The index of f where |f| < 2^51 is known: f + 1.5 * 2^52 holds f mod 2^32 in its low bits.
inline U32x4 nearLatticeIndex(F64x4 f) {
  return U32x4(_mm256_castpd_si256(_mm256_add_pd(f.v, _mm256_set1_pd(6755399441055744.0))));
}
inline U32x4 latticeIndex(F64x4 f) {
  if (all(abs(f) < F64x4(kNearLattice))) return nearLatticeIndex(f);
  double d[4];
  _mm256_storeu_pd(d, f.v);
  uint32_t u[4];
  for (int k = 0; k < 4; ++k) u[k] = wrapToU32(d[k]);
  return loadU4(u);
}
inline void nearLatticeIndices(F64x4 f, U32x4* i0, U32x4* i1) {
  *i0 = nearLatticeIndex(f);
  *i1 = *i0 + U32x4(1u);
}
inline void latticeIndices(F64x4 f, U32x4* i0, U32x4* i1) {
  if (all(abs(f) < F64x4(kNearLattice))) return nearLatticeIndices(f, i0, i1);
  *i0 = latticeIndex(f);
  *i1 = latticeIndex(f + 1);
}
inline F64x4 load4(const double* p) { return F64x4(_mm256_loadu_pd(p)); }
inline F64x4 load4(const float* p) { return F64x4(_mm256_cvtps_pd(_mm_loadu_ps(p))); }  // exact
inline void store4(double* p, F64x4 v) { _mm256_storeu_pd(p, v.v); }
// Four doubles rounded to floats (vcvtpd2ps: as static_cast<float>) stored at p; returns those floats as doubles.
inline F64x4 storeF4(float* p, F64x4 v) {
  const __m128 f = _mm256_cvtpd_ps(v.v);
  _mm_storeu_ps(p, f);
  return F64x4(_mm256_cvtps_pd(f));
}
#else
// ---- four samples -----------------------------------------------------------------------------
struct M64x4 {
  P lo, hi;
};
struct F64x4 {
  P lo, hi;
  F64x4() = default;
  F64x4(P l, P h) : lo(l), hi(h) {}
  F64x4(double v) : lo(pSplat(v)), hi(pSplat(v)) {}  // NOLINT: splat, so scalar constants mix in
};
struct U32x4 {
  I v;
  U32x4() = default;
  explicit U32x4(I x) : v(x) {}
  U32x4(uint32_t x) : v(iSplat(x)) {}  // NOLINT: splat
};

inline F64x4 operator+(F64x4 a, F64x4 b) { return {pAdd(a.lo, b.lo), pAdd(a.hi, b.hi)}; }
inline F64x4 operator-(F64x4 a, F64x4 b) { return {pSub(a.lo, b.lo), pSub(a.hi, b.hi)}; }
inline F64x4 operator*(F64x4 a, F64x4 b) { return {pMul(a.lo, b.lo), pMul(a.hi, b.hi)}; }
inline F64x4 operator/(F64x4 a, F64x4 b) { return {pDiv(a.lo, b.lo), pDiv(a.hi, b.hi)}; }
inline F64x4& operator+=(F64x4& a, F64x4 b) { return a = a + b; }
inline F64x4& operator*=(F64x4& a, F64x4 b) { return a = a * b; }
inline M64x4 operator<(F64x4 a, F64x4 b) { return {pLt(a.lo, b.lo), pLt(a.hi, b.hi)}; }
inline M64x4 operator<=(F64x4 a, F64x4 b) { return {pLe(a.lo, b.lo), pLe(a.hi, b.hi)}; }
inline M64x4 operator>(F64x4 a, F64x4 b) { return {pGt(a.lo, b.lo), pGt(a.hi, b.hi)}; }
inline M64x4 either(M64x4 a, M64x4 b) { return {pOr(a.lo, b.lo), pOr(a.hi, b.hi)}; }
inline M64x4 both(M64x4 a, M64x4 b) { return {pAnd(a.lo, b.lo), pAnd(a.hi, b.hi)}; }
inline F64x4 select(M64x4 m, F64x4 a, F64x4 b) { return {pSelect(m.lo, a.lo, b.lo), pSelect(m.hi, a.hi, b.hi)}; }
inline U32x4 select(M64x4 m, U32x4 a, U32x4 b) { return U32x4(iSelect(pMask4(m.lo, m.hi), a.v, b.v)); }
inline bool all(M64x4 m) { return pAll(m.lo) && pAll(m.hi); }
inline bool any(M64x4 m) { return pAny(m.lo) || pAny(m.hi); }
inline M64x4 andNot(M64x4 a, M64x4 b) { return {pAndNot(a.lo, b.lo), pAndNot(a.hi, b.hi)}; }
inline F64x4 onlyWhere(M64x4 m, F64x4 v) { return {pAnd(m.lo, v.lo), pAnd(m.hi, v.hi)}; }
inline F64x4 zeroWhere(M64x4 m, F64x4 v) { return {pAndNot(v.lo, m.lo), pAndNot(v.hi, m.hi)}; }
inline F64x4 negWhere(M64x4 m, F64x4 v) {
  const P sign = pSplat(-0.0);
  return {pXor(v.lo, pAnd(m.lo, sign)), pXor(v.hi, pAnd(m.hi, sign))};
}
inline U32x4 maskOf(M64x4 m) { return U32x4(pMask4(m.lo, m.hi)); }
inline F64x4 maxDist(F64x4 a, F64x4 b) { return {pMaxDist(a.lo, b.lo), pMaxDist(a.hi, b.hi)}; }  // a < b ? b : a
inline F64x4 minDist(F64x4 a, F64x4 b) { return {pMinDist(a.lo, b.lo), pMinDist(a.hi, b.hi)}; }  // b < a ? b : a
inline F64x4 abs(F64x4 a) { return {pAbs(a.lo), pAbs(a.hi)}; }
inline F64x4 sqrt(F64x4 a) { return {pSqrt(a.lo), pSqrt(a.hi)}; }
inline F64x4 floor(F64x4 a) { return {pFloor(a.lo), pFloor(a.hi)}; }
inline F64x4 positivePart(F64x4 a) { return {pPositive(a.lo), pPositive(a.hi)}; }

inline U32x4 operator+(U32x4 a, U32x4 b) { return U32x4(iAdd(a.v, b.v)); }
inline U32x4 operator*(U32x4 a, U32x4 b) { return U32x4(iMul(a.v, b.v)); }
inline U32x4 operator-(U32x4 a, U32x4 b) { return U32x4(iSub(a.v, b.v)); }
inline U32x4 operator^(U32x4 a, U32x4 b) { return U32x4(iXor(a.v, b.v)); }
inline U32x4 operator>>(U32x4 a, int n) { return U32x4(iShr(a.v, n)); }
inline U32x4 operator&(U32x4 a, U32x4 b) { return U32x4(iAnd(a.v, b.v)); }
inline U32x4 operator<<(U32x4 a, int n) { return U32x4(iShl(a.v, n)); }
inline U32x4 greaterSigned(U32x4 a, U32x4 b) { return U32x4(iGtS(a.v, b.v)); }  // all ones where int32 a > b
inline U32x4 mulHi(U32x4 a, uint32_t b) { return U32x4(iMulHi(a.v, b)); }
inline U32x4 loadU4(const uint32_t* p) { return U32x4(iLoad(p)); }
inline void storeU4(uint32_t* p, U32x4 v) { iStore(p, v.v); }
inline F64x4 clampUnit(F64x4 v) { return {pClampUnit(v.lo), pClampUnit(v.hi)}; }

// Rows of a table of (c0, c1) pairs at byte offsets off[k] from base, as two columns of four
// lanes: each row is one 16-byte load and each pair of lanes two shuffles. Storing the lanes and
// gathering scalars through memory instead made 2-D gradient and simplex fills ~10-15 % slower in
// V8. A lane costs one extract and one load.
inline void gatherAt(const char* base, U32x4 offsets, F64x4* c0, F64x4* c1) {
  const I off = offsets.v;
  const P r0 = pLoad(reinterpret_cast<const double*>(base + iLane<0>(off)));
  const P r1 = pLoad(reinterpret_cast<const double*>(base + iLane<1>(off)));
  const P r2 = pLoad(reinterpret_cast<const double*>(base + iLane<2>(off)));
  const P r3 = pLoad(reinterpret_cast<const double*>(base + iLane<3>(off)));
  *c0 = {pFirsts(r0, r1), pFirsts(r2, r3)};
  *c1 = {pSeconds(r0, r1), pSeconds(r2, r3)};
}
// Rows rows[k] of a table of (c0, c1) pairs: the byte offsets come from one vector shift.
inline void gather2(const double (*table)[2], U32x4 rows, F64x4* c0, F64x4* c1) {
  gatherAt(reinterpret_cast<const char*>(table), U32x4(iShl(rows.v, 4)), c0, c1);  // 16 bytes a row
}

// Rows rows[k] of a table of (c0, c1, c2) triples (24 bytes a row) as three columns: the first
// two as gather2's pairs, the third two scalars a pair.
inline void gather3(const double (*table)[3], U32x4 rows, F64x4* c0, F64x4* c1, F64x4* c2) {
  const char* base = reinterpret_cast<const char*>(table);
  const I off = iAdd(iShl(rows.v, 4), iShl(rows.v, 3));  // 24 bytes a row
  const double* r[4] = {reinterpret_cast<const double*>(base + iLane<0>(off)),
                        reinterpret_cast<const double*>(base + iLane<1>(off)),
                        reinterpret_cast<const double*>(base + iLane<2>(off)),
                        reinterpret_cast<const double*>(base + iLane<3>(off))};
  const P r0 = pLoad(r[0]), r1 = pLoad(r[1]), r2 = pLoad(r[2]), r3 = pLoad(r[3]);
  *c0 = {pFirsts(r0, r1), pFirsts(r2, r3)};
  *c1 = {pSeconds(r0, r1), pSeconds(r2, r3)};
  *c2 = {pPair(r[0] + 2, r[1] + 2), pPair(r[2] + 2, r[3] + 2)};
}

inline F64x4 toDouble(U32x4 h) { return {iToPLow(h.v), iToPHigh(h.v)}; }
// h / 2^32 exactly, without a conversion instruction (V8 lowers those to long sequences): the
// double 2^20 + h / 2^32 is exact (its last mantissa bit is 2^-32), and so is taking 2^20 away.
template <>
inline constexpr double kUnitBias<F64x4> = 1048576.0;
inline F64x4 biasedUnit(U32x4 h) { return {iToBiasedUnitLow(h.v), iToBiasedUnitHigh(h.v)}; }
inline F64x4 unit(U32x4 h) { return biasedUnit(h) - kUnitBias<F64x4>; }

// The lattice index of floored coordinates: int32 truncation where every lane is within int32
// (then equal to wrapToU32), else wrapToU32 lane by lane.
inline U32x4 latticeIndex(F64x4 f) {
  // Below 2^51 an integral f + 1.5 * 2^52 is exact and holds f mod 2^32 (wrapToU32) in its low
  // 32 bits: one add per pair, where a truncation would cost a long sequence in V8.
  const F64x4 limit(kNearLattice);
  if (all(abs(f) < limit)) {
    const P magic = pSplat(6755399441055744.0);
    return U32x4(pMask4(pAdd(f.lo, magic), pAdd(f.hi, magic)));
  }
  double d[4];
  pStore(d, f.lo);
  pStore(d + 2, f.hi);
  uint32_t u[4];
  for (int k = 0; k < 4; ++k) u[k] = wrapToU32(d[k]);
  return U32x4(iLoad(u));
}
// The index of f where |f| < 2^51 is known (a caller that bounded a whole row once): latticeIndex's
// first case without its check.
inline U32x4 nearLatticeIndex(F64x4 f) {
  const P magic = pSplat(6755399441055744.0);
  return U32x4(pMask4(pAdd(f.lo, magic), pAdd(f.hi, magic)));
}
// Indices of f and f + 1 where |f| < 2^51 is known: latticeIndices' first case without its check.
inline void nearLatticeIndices(F64x4 f, U32x4* i0, U32x4* i1) {
  *i0 = nearLatticeIndex(f);
  *i1 = *i0 + U32x4(1u);
}
// Indices of f and f + 1: in the exact range (|f| < 2^51, so f + 1 is exact too) the second is
// the first plus one (mod 2^32), as wrapToU32(f + 1) is.
inline void latticeIndices(F64x4 f, U32x4* i0, U32x4* i1) {
  const F64x4 limit(kNearLattice);
  if (all(abs(f) < limit)) return nearLatticeIndices(f, i0, i1);
  *i0 = latticeIndex(f);
  *i1 = latticeIndex(f + 1);
}
inline F64x4 load4(const double* p) { return {pLoad(p), pLoad(p + 2)}; }
inline F64x4 load4(const float* p) { return {pLoadF(p), pLoadF(p + 2)}; }
inline void store4(double* p, F64x4 v) {
  pStore(p, v.lo);
  pStore(p + 2, v.hi);
}
// Four doubles rounded to floats (as static_cast<float>) stored at p; returns those floats as doubles.
inline F64x4 storeF4(float* p, F64x4 v) {
  F64x4 r;
  pStoreF4(p, v.lo, v.hi, &r.lo, &r.hi);
  return r;
}
#endif  // NF_LANES_AVX2
#endif

// ---- width-generic access ---------------------------------------------------------------------
template <class D>
struct Lane;
template <>
struct Lane<double> {
  using U = uint32_t;
  using M = bool;
  static constexpr int kWidth = 1;
  static double load(const double* p) { return *p; }
  static double loadF(const float* p) { return *p; }  // float -> double is exact
  static uint32_t loadU(const uint32_t* p) { return *p; }
  static void store(double* p, double v) { *p = v; }
  static void storeU(uint32_t* p, uint32_t v) { *p = v; }
  // v rounded to a float stored at p; returns that float as a double.
  static double storeF(float* p, double v) {
    *p = static_cast<float>(v);
    return *p;
  }
};
#ifdef NF_LANES_VECTOR
template <>
struct Lane<F64x4> {
  using U = U32x4;
  using M = M64x4;
  static constexpr int kWidth = 4;
  static F64x4 load(const double* p) { return load4(p); }
  static F64x4 loadF(const float* p) { return load4(p); }
  static U32x4 loadU(const uint32_t* p) { return loadU4(p); }
  static void store(double* p, F64x4 v) { store4(p, v); }
  static void storeU(uint32_t* p, U32x4 v) { storeU4(p, v); }
  static F64x4 storeF(float* p, F64x4 v) { return storeF4(p, v); }
};
using Wide = F64x4;  // what row fills and scattered pairs run on
#else
using Wide = double;
#endif
template <class D>
using UOf = typename Lane<D>::U;
template <class D>
using MOf = typename Lane<D>::M;
template <class D>
constexpr int kWidthOf = Lane<D>::kWidth;

// Rows of samples are padded to a multiple of the widest lane, so every step loads whole lanes.
constexpr int kRowPad = 4;
inline size_t paddedSize(int n) { return static_cast<size_t>((n + kRowPad - 1) / kRowPad * kRowPad); }

}  // namespace lanes
NF_ISA_END
}  // namespace nf
