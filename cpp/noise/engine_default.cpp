// The Field engine (engine_impl.inc) on the target's own lanes: wasm SIMD in the wasm build (or
// scalar without -msimd128), scalar on targets other than x86 (which have engine_{scalar,sse2,avx2}.cpp).
#include "detail/row_source.h"  // NF_ENGINES_X86, NF_ENGINE_AVX2 (its kinds.h: no lane code)
#if !defined(NF_ENGINES_X86)
#include "engine_prelude.h"
#include "engine_impl.inc"

namespace nf {
const Engine kEngineDefault{NF_LANES_ISA == NF_ISA_WASM ? "wasm" : "scalar", &NF_ISA_NAMESPACE::opsFor2,
                            &NF_ISA_NAMESPACE::opsFor3, &NF_ISA_NAMESPACE::landscapeRows, &NF_ISA_NAMESPACE::storeFloatRow};
}  // namespace nf
#endif
