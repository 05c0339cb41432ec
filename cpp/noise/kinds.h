// The plain types and constants shared by every build of the kernels: the config enums, one
// octave's parameters, the lattice hash constants and the seed term. No lane code: these are the
// same in the scalar, SSE2, AVX2 and wasm kernel builds (lanes.h), which live in namespaces of
// their own (NF_ISA_BEGIN below), so a kernel inline function compiled for AVX2 never stands in
// for the SSE2 one at link time.
#pragma once
#include <cstdint>

// The lane backend of this translation unit: an engine file (engine_*.cpp) sets NF_LANES_ISA
// before its first include; every other file takes the target's: wasm SIMD, SSE2, else scalar.
#define NF_ISA_SCALAR 0
#define NF_ISA_SSE2 1
#define NF_ISA_AVX2 2
#define NF_ISA_WASM 3
#ifndef NF_LANES_ISA
#if defined(__wasm_simd128__)
#define NF_LANES_ISA NF_ISA_WASM
#elif defined(__SSE2__)
#define NF_LANES_ISA NF_ISA_SSE2
#else
#define NF_LANES_ISA NF_ISA_SCALAR
#endif
#endif
// Everything the kernel headers define that holds code is inside NF_ISA_BEGIN ... NF_ISA_END: an
// inline namespace named for the backend, transparent to callers, part of every mangled name.
#if NF_LANES_ISA == NF_ISA_SCALAR
#define NF_ISA_NAMESPACE isa_scalar
#elif NF_LANES_ISA == NF_ISA_SSE2
#define NF_ISA_NAMESPACE isa_sse2
#elif NF_LANES_ISA == NF_ISA_AVX2
#define NF_ISA_NAMESPACE isa_avx2
#else
#define NF_ISA_NAMESPACE isa_wasm
#endif
#define NF_ISA_BEGIN inline namespace NF_ISA_NAMESPACE {
#define NF_ISA_END }

namespace nf {

constexpr uint32_t kHashX = 374761393u;
constexpr uint32_t kHashY = 668265263u;
constexpr uint32_t kHashZ = 2246822519u;  // third lattice multiplier (3-D hashes)
constexpr uint32_t kHashW = 3266489917u;  // fourth lattice multiplier (4-D simplex hashes)
constexpr uint32_t kLandscapeSeedMul = 144269504u;   // the 404 page's multiplier (nine digits)
constexpr uint32_t kTutorialSeedMul = 1442695041u;   // the noise-fields tutorial's multiplier
constexpr uint32_t kHashMix = 1274126177u;
constexpr double kTwoPow32 = 4294967296.0;

enum class FadeKind : uint8_t { Linear, Cubic, Quintic };
enum class FractalKind : uint8_t { None, Fbm, Ridged, Billow };
enum class CellDistance : uint8_t { Euclidean, Manhattan, Chebyshev };
enum class CellReturn : uint8_t { F1, F2, F2MinusF1, CellValue };

// What one octave of a kernel needs besides the coordinates (tk::Octave in the kernels).
struct Octave {
  uint32_t seed = 0;  // this octave's seed (the field's seed + seedStep * i)
  uint32_t seedMul = kLandscapeSeedMul;
  uint32_t term = 0;  // the seed term of its lattice hashes (FieldParams::setOctaveSeed)
  double periodX = 0, periodY = 0;  // 0: not tiled
  double jitter = 1;                // cellular only
  CellDistance cellDistance = CellDistance::Euclidean;
  CellReturn cellReturn = CellReturn::F1;
};

// The seed term of a Field's lattice hashes for seed `seed` (each octave's own seed, each warp's):
// murmur3's 32-bit finaliser of the seed keyed by the hash's multiplier, a bijection of the
// uint32 seeds with full avalanche. The hash input is x * kHashX + y * kHashY + term, and
// hashFinish passes a structured difference between two terms to the gradient-picking top bits
// weakly: seed * multiplier made seeds 0 and 2^25 (landscape multiplier 2^6 x odd: terms 2^31
// apart) share 42-82 % of gradient, simplex and OpenSimplex2 samples, and repeated every 2^26
// seeds. Finalised, seeds that differ in any bit have unrelated terms, so unrelated fields.
// The landscape's functions (nf::fbm, the nebula, NoiseGrid: FieldParams::landscapeSeeds) keep
// seed * multiplier, their reference formula. (Plain uint32 code, the same in every build.)
inline uint32_t seedTerm(uint32_t seed, uint32_t seedMul) {
  uint32_t h = seed ^ seedMul;
  h = (h ^ (h >> 16)) * 0x85EBCA6Bu;
  h = (h ^ (h >> 13)) * 0xC2B2AE35u;
  return h ^ (h >> 16);
}
inline uint32_t seedTerm(const Octave& o) { return o.term; }

}  // namespace nf
