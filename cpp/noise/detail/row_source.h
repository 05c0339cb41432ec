// The engine's interface, the same in every kernel build (kinds.h): a row source, the per-type
// function table a Field picks once, and the table of engines, one per lane backend, that
// field.cpp chooses from at run time (engine_*.cpp).
#pragma once
#include <memory>

#include "../kinds.h"

// Which engines this build compiles (engine_*.cpp): the three x86 ones (AVX2 where the compiler
// takes a target region), else the target's own.
#if (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#define NF_ENGINES_X86 1
#if defined(__GNUC__) || defined(__clang__)
#define NF_ENGINE_AVX2 1
#endif
#endif

namespace nf {

struct FieldParams;
struct FieldConfig;
class StatsAccumulator;

// The field's samples at columns xs[0..n) (sample coordinates), one row y at a time:
// h[i] = Field::sample(xs[i], sy) (the double before any rounding to float), with G also
// gx[i], gy[i] = Field::sampleGrad's gradient; every array holds lanes::paddedSize(n) doubles.
template <bool G>
class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual void row(double sy, double* h, double* gx = nullptr, double* gy = nullptr) = 0;
};
using RowSampler = RowSource<false>;
using GradRowSampler = RowSource<true>;

// The per-type function table a Field chooses once at construction (an engine's opsFor): the
// only dispatch between a config and its instantiated kernel.
struct FieldOps {
  double (*sample)(const FieldParams&, double, double, double);
  double (*sampleGrad)(const FieldParams&, double, double, double, double*, double*);  // null: none
  // Row samplers at columns xs[0..n): every batch and colour fill reads through them.
  std::unique_ptr<RowSampler> (*rows)(const FieldParams&, const double* xs, int n);
  // Null exactly when sampleGrad is (kernels without analytic gradients).
  std::unique_ptr<GradRowSampler> (*gradRows)(const FieldParams&, const double* xs, int n);
};

// One build of the kernels (engine_*.cpp): every routine set, for 2-D and 3-D configs.
struct Engine {
  const char* name;  // "scalar", "sse2", "avx2", "wasm"
  const FieldOps* (*ops2)(const FieldConfig&);
  const FieldOps* (*ops3)(const FieldConfig&);
  // The landscape's value noise rows (fillLandscape), named apart so a module can link them alone.
  std::unique_ptr<RowSampler> (*landscapeRows)(const FieldParams&, const double* xs, int n);
  // out[i] = static_cast<float>(h[i]) for i < n, the row added to acc as acc->storeRow(h, n, out)
  // adds it, bit for bit, with the statistics taken in lanes (detail/row_stats.h).
  void (*storeFloatRow)(const double* h, int n, float* out, StatsAccumulator* acc);
};
// The engines this build has (engine_*.cpp): scalar, SSE2 and AVX2 on x86, else the target's own
// (wasm SIMD, or scalar) as kEngineDefault.
extern const Engine kEngineScalar, kEngineSse2, kEngineAvx2, kEngineDefault;
// The engine every Field of this process uses, chosen once (field.cpp): NOISEFIELD_ISA=scalar,
// sse2 or avx2 if set (avx2 only where the CPU has it), else the best the CPU runs.
const Engine& laneEngine();

NF_ISA_BEGIN
// This translation unit's own engine's landscape rows (the wasm build calls them directly).
std::unique_ptr<RowSampler> landscapeRows(const FieldParams& p, const double* xs, int n);
// This translation unit's own engine's storeFloatRow.
void storeFloatRow(const double* h, int n, float* out, StatsAccumulator* acc);
NF_ISA_END

}  // namespace nf
