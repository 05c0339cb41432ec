// The lattice hash of the 404 landscape, and the helpers that turn doubles into lattice indices.
// Everything is uint32_t so wrap-around is defined behaviour and equals JS Math.imul / >>> exactly.
#pragma once
#include <cmath>
#include <cstdint>

#include "kinds.h"

namespace nf {
NF_ISA_BEGIN

// The finalising scramble; split out so batch code can hash base + kHashX etc. (exact mod 2^32).
// U: uint32_t or a lane of them (lanes.h); the arithmetic wraps the same in every lane.
template <class U>
inline U hashFinishLanes(U h) {
  h = (h ^ (h >> 13)) * U(kHashMix);
  return h ^ (h >> 16);
}
inline uint32_t hashFinish(uint32_t h) { return hashFinishLanes(h); }

inline uint32_t hashU32(uint32_t x, uint32_t y, uint32_t seed, uint32_t seedMul = kLandscapeSeedMul) {
  return hashFinish(x * kHashX + y * kHashY + seed * seedMul);
}

// hash(x, y, seed) in [0, 1). Arguments are taken modulo 2^32, like JS's ToInt32 in Math.imul.
inline double hash(int32_t x, int32_t y, int32_t seed, uint32_t seedMul = kLandscapeSeedMul) {
  return hashU32(static_cast<uint32_t>(x), static_cast<uint32_t>(y), static_cast<uint32_t>(seed), seedMul) /
         kTwoPow32;
}

// JS ToUint32 of an integral double (what Math.imul does to Math.floor(x)): exact modulo 2^32 for
// every integer up to 2^53, and cheap in the common |d| < 2^31 case.
// The rare |d| >= 2^31 case lives out of line so the common case inlines into every kernel.
#if defined(__GNUC__)
__attribute__((noinline))
#endif
inline uint32_t wrapToU32Far(double d) {
  double m = std::fmod(d, kTwoPow32);
  if (m < 0) m += kTwoPow32;
  // A non-finite lattice coordinate (an octave or warp that overflowed) has no index; 0 keeps the
  // conversion defined, and the caller's result is non-finite anyway (README: coordinate range).
  if (!(m >= 0 && m < kTwoPow32)) return 0u;
  return static_cast<uint32_t>(m);
}
#if defined(__GNUC__)
#define NF_HOT_INLINE inline __attribute__((always_inline))
#else
#define NF_HOT_INLINE inline
#endif
// A loop over a chunk's lanes whose body is a whole inlined kernel: clang unrolls such loops fully
// (a copy of the kernel per lane step), which made the warps' octave loops tens of KB each in wasm
// for no measured speed. Other compilers keep their defaults.
#if defined(__clang__)
#define NF_LANE_LOOP _Pragma("clang loop unroll(disable)")
#else
#define NF_LANE_LOOP
#endif
// A short loop over compile-time constants (a search's cells) unrolled fully, so each visit's
// offsets are constants and its values stay in registers.
#if defined(__clang__)
#define NF_UNROLL_FULL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define NF_UNROLL_FULL _Pragma("GCC unroll 32")
#else
#define NF_UNROLL_FULL
#endif
NF_HOT_INLINE uint32_t wrapToU32(double d) {
  if (d > -2147483648.0 && d < 2147483648.0) return static_cast<uint32_t>(static_cast<int32_t>(d));
  return wrapToU32Far(d);
}

// Seeds given as any integral double (negative, or up to 2^32-1) map to the same uint32 as JS does.
inline uint32_t seedToU32(double s) { return std::isfinite(s) ? wrapToU32(std::trunc(s)) : 0u; }

NF_ISA_END
}  // namespace nf
