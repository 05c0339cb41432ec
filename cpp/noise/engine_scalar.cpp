// The Field engine (engine_impl.inc) on scalar lanes (one sample a step).
#define NF_LANES_ISA NF_ISA_SCALAR
#include "detail/row_source.h"  // NF_ENGINES_X86, NF_ENGINE_AVX2 (its kinds.h: no lane code)
#if defined(NF_ENGINES_X86)
#include "engine_prelude.h"

#include "engine_impl.inc"

namespace nf {
const Engine kEngineScalar{"scalar", &NF_ISA_NAMESPACE::opsFor2, &NF_ISA_NAMESPACE::opsFor3, &NF_ISA_NAMESPACE::landscapeRows,
                          &NF_ISA_NAMESPACE::storeFloatRow};
}  // namespace nf

#endif
