// The Field engine (engine_impl.inc) on avx2 lanes (four doubles an instruction).
#define NF_LANES_ISA NF_ISA_AVX2
#include "detail/row_source.h"  // NF_ENGINES_X86, NF_ENGINE_AVX2 (its kinds.h: no lane code)
#if defined(NF_ENGINE_AVX2)
#include "engine_prelude.h"
// Only this file's own code is compiled for AVX2 (the target region below): the shared headers and
// the standard library's templates came in before it, for the baseline target. No FMA: the
// region names avx2 alone, and the build's -ffp-contract=off forbids contraction anyway.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#include "engine_impl.inc"

namespace nf {
const Engine kEngineAvx2{"avx2", &NF_ISA_NAMESPACE::opsFor2, &NF_ISA_NAMESPACE::opsFor3, &NF_ISA_NAMESPACE::landscapeRows,
                          &NF_ISA_NAMESPACE::storeFloatRow};
}  // namespace nf
#if defined(__clang__)
#pragma clang attribute pop
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif
#endif
