// The sampling grid shared by every batch fill: sample (i, j) sits at
//   x = originX + (offsetX + i) * stepX,  y = originY + (offsetY + j) * stepY
// computed in doubles. Because offsets are integers, a tile filled at an offset is exactly the
// matching region of a larger fill (the same doubles, the same samples).
#pragma once
#include <cstdint>
#include <string>

namespace nf {

constexpr int64_t kMaxFillSamples = 4096LL * 4096LL;  // 16.7 M samples (64 MiB of floats)
constexpr int kMaxFillSide = 16384;

struct GridSpec {
  int width = 0, height = 0;
  double originX = 0, originY = 0;
  double stepX = 1, stepY = 1;
  int64_t offsetX = 0, offsetY = 0;

  double sampleX(int i) const { return originX + static_cast<double>(offsetX + i) * stepX; }
  double sampleY(int j) const { return originY + static_cast<double>(offsetY + j) * stepY; }
  int64_t samples() const { return static_cast<int64_t>(width) * height; }
};

struct FillStats {
  double min = 0, max = 0, mean = 0;
};

// "" when the grid is usable, otherwise a message naming the parameter and its allowed range.
std::string validateGrid(const GridSpec& g);

// Accumulates min / max / mean of the floats a fill writes.
class StatsAccumulator {
 public:
  void add(double v) {
    if (v < min_) min_ = v;
    if (v > max_) max_ = v;
    sum_ += v;
    ++n_;
  }
  // The same additions in the same order as add(), kept in locals so the loop does not store the
  // running values to memory at every sample.
  void addRow(const float* row, int n) {
    double lo = min_, hi = max_, sum = sum_;
    for (int i = 0; i < n; ++i) {
      const double v = row[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      sum += v;
    }
    min_ = lo;
    max_ = hi;
    sum_ = sum;
    n_ += n;
  }
  // Rounds a row of double results to the floats a fill writes, stores them and adds them (colour
  // fills keep the doubles for shading and report the statistics fill() would).
  void storeRow(const double* h, int n, float* out) {
    for (int i = 0; i < n; ++i) out[i] = static_cast<float>(h[i]);
    addRow(out, n);
  }
  // The running sum so far (row_stats.h decides from it whether a row's sum may be taken in lanes).
  double runningSum() const { return sum_; }
  // A row of n values whose statistics were found apart (detail/row_stats.h, in lanes) where they
  // equal addRow's bit for bit: lo and hi its smallest and largest value (the first of equals,
  // as addRow keeps them), sum the running sum after it (runningSum() + the row, exact).
  void mergeRow(double lo, double hi, double sum, int n) {
    if (lo < min_) min_ = lo;
    if (hi > max_) max_ = hi;
    sum_ = sum;
    n_ += n;
  }
  FillStats result() const {
    FillStats s;
    if (n_ > 0) {
      s.min = min_;
      s.max = max_;
      s.mean = sum_ / static_cast<double>(n_);
    }
    return s;
  }

 private:
  double min_ = 1e300, max_ = -1e300, sum_ = 0;
  int64_t n_ = 0;
};

}  // namespace nf
