// THE list of noise types: one row per type, and everything else about a type is generated from
// its row, so a new type is one kernel (kernels.h) and one row here:
//   - the NoiseType enumerator (below);
//   - its capability row in kTypeCaps (schema.h), which validate(), nf.capabilities() and the
//     README's capability table read;
//   - the schema's `type` values, range and description, and the applicability rules of the
//     type-specific parameters (schema.cpp);
//   - the dispatch case that maps the type to its kernel routines (opsFor in field.cpp).
//
// X(Id, name, kernel, dims3, tileable, analyticGradient, analyticWhenTiled, keys, blurb):
//   Id        the NoiseType enumerator.
//   name      the type's name in the schema, URLs (`t=name`) and JS configs.
//   kernel    how opsFor picks the kernel from a config (field.cpp): OneKernel<K>, or a kernel
//             template over a config enum, ByFade<K> (FadeKind) or ByCellDistance<K>
//             (CellDistance): one instantiation per value, chosen once per Field.
//   dims3     a 3-D variant exists (`dimensions` = 3 and `z` take effect).
//   tileable  periodX / periodY allowed.
//   analyticGradient   sampleGrad is analytic (through warps too); otherwise central differences.
//   analyticWhenTiled  ... also for tiled fields (periodX / periodY > 0).
//   keys      the type-specific parameters the kernel reads, space-separated ("" for none): those
//             parameters apply to exactly the types that list them.
//   blurb     the type's words in the schema's `type` description.
// A type's id is its row's index (set("type", i), share links' numbers, the explorer's <select>
// order): a new row goes last, and a row is never removed or moved. The capability and
// applicability tests run over every row (ToolkitExplorer.*), so a row whose flags or keys the
// kernel does not honour fails them.
#pragma once
#include <cstddef>
#include <cstdint>

// clang-format off
#define NF_NOISE_TYPES(X)                                                                          \
  X(Value, "value", ByFade<tk::ValueKernel>, true, true, true, true, "fade",                        \
    "hashed lattice values")                                                                       \
  X(Gradient, "gradient", ByFade<tk::GradientKernel>, true, true, true, true, "fade", "Perlin")     \
  /* Tiled simplex samples a 3-D cylinder or 4-D torus (kernels.h): its gradient is then by        \
     central differences. */                                                                       \
  X(Simplex, "simplex", OneKernel<tk::SimplexKernel>, true, true, true, false, "",                  \
    "classic, Gustavson")                                                                          \
  X(Cellular, "cellular", ByCellDistance<tk::CellularKernel>, true, true, false, false,            \
    "cellDistance cellReturn jitter", "Worley")                                                    \
  /* OpenSimplex2 has no circle / torus variant here (kernels.h). */                               \
  X(OpenSimplex2, "opensimplex2", OneKernel<tk::OpenSimplex2Kernel>, true, false, true, false, "",  \
    "OpenSimplex2: 24 gradients in 2-D, the BCC lattice in 3-D")
// clang-format on

namespace nf {

#define NF_NOISE_TYPE_ID(Id, ...) Id,
enum class NoiseType : uint8_t { NF_NOISE_TYPES(NF_NOISE_TYPE_ID) };
#undef NF_NOISE_TYPE_ID

#define NF_NOISE_TYPE_ONE(...) +1
inline constexpr size_t kNoiseTypeCount = 0 NF_NOISE_TYPES(NF_NOISE_TYPE_ONE);
#undef NF_NOISE_TYPE_ONE

}  // namespace nf
