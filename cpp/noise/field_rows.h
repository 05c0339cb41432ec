// What the views and the analysis (field_views.cpp) read from the engine (field.cpp): a Field's
// samples at a fixed set of columns, one row at a time, each value exactly Field::sample's (or
// sampleGrad's) with the fills' rule for overflowed results applied. The row samplers behind them
// stay the engine's business, so view code never sees kernels, padding or dispatch.
#pragma once
#include <memory>
#include <vector>

namespace nf {

struct FieldOps;
struct FieldParams;
class StatsAccumulator;
template <bool G>
class RowSource;
using RowSampler = RowSource<false>;
using GradRowSampler = RowSource<true>;

// row(y)[i] = sample(xs[i], y) (definedResult applied); the pointer stays valid until the next row().
class SampleRows {
 public:
  SampleRows(const FieldOps& ops, const FieldParams& p, const std::vector<double>& xs);
  SampleRows(std::unique_ptr<RowSampler> src, int n);  // a sampler over n columns
  ~SampleRows();
  const double* row(double y);
  // row(y) written to out (room for lanes::paddedSize(n) doubles: the samplers write whole lanes)
  // instead of this object's buffer, for a caller that keeps the row; returns out.
  double* rowInto(double y, double* out);

 private:
  int n_;
  std::unique_ptr<RowSampler> src_;
  std::vector<double> out_;
};

// Field::sampleGrad over rows: the analytic row sampler where sampleGrad is analytic, else its
// central differences (its step e) from row samplers at the same offset coordinates. After row(y),
// h(), gx(), gy() hold the n values of that row (defineGradient applied).
class GradientRows {
 public:
  GradientRows(const FieldOps& ops, const FieldParams& p, bool analytic, const std::vector<double>& xs);
  ~GradientRows();
  void row(double y);
  const double* h() const { return h_.data(); }
  const double* gx() const { return gx_.data(); }
  const double* gy() const { return gy_.data(); }

 private:
  int n_;
  double e_;  // sampleGrad's step
  std::unique_ptr<GradRowSampler> grad_;
  std::unique_ptr<RowSampler> mid_, right_, left_;
  std::vector<double> h_, gx_, gy_, a_, b_;
};

// acc->storeRow(h, n, out) (the floats of a row stored and added to the statistics), natively by
// the engine's lanes (Engine::storeFloatRow: the same floats and statistics, bit for bit); the
// wasm build keeps the serial loop (the 404 page's module links no engine table).
void storeStatsRow(const double* h, int n, float* out, StatsAccumulator* acc);

}  // namespace nf
