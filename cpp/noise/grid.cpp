// validateGrid: the one place that decides whether a GridSpec is usable by a batch fill.
//
// Rules (documented in the README):
//   * width and height are integers in [1, kMaxFillSide] and width * height <= kMaxFillSamples;
//   * originX/originY and stepX/stepY are finite. A step of 0 or a negative step is allowed
//     (0 repeats one coordinate along that axis, negative walks backwards); both are well defined;
//   * offsetX/offsetY are integers with |offset| <= 2^52, so offset + i is exact in a double;
//   * the first and the last sample coordinate on each axis are finite (every sample in between
//     is then finite too, because x(i) is monotone in i).
#include <cmath>
#include <cstdio>
#include <string>

#include "grid.h"
#include "schema.h"

namespace nf {
namespace {

std::string fmtNum(double v) { return nf::formatNumber(v); }  // JS-style NaN, Infinity

constexpr int64_t kMaxOffset = int64_t{1} << 52;

}  // namespace

std::string validateGrid(const GridSpec& g) {
  if (g.width < 1 || g.width > kMaxFillSide)
    return "width must be an integer in [1, " + std::to_string(kMaxFillSide) + "] (got " +
           std::to_string(g.width) + ")";
  if (g.height < 1 || g.height > kMaxFillSide)
    return "height must be an integer in [1, " + std::to_string(kMaxFillSide) + "] (got " +
           std::to_string(g.height) + ")";
  if (g.samples() > kMaxFillSamples)
    return "width * height must be at most " + std::to_string(kMaxFillSamples) + " (4096 * 4096) (got " +
           std::to_string(g.width) + " * " + std::to_string(g.height) + " = " + std::to_string(g.samples()) +
           ")";
  if (!std::isfinite(g.originX)) return "x (originX) must be finite (got " + fmtNum(g.originX) + ")";
  if (!std::isfinite(g.originY)) return "y (originY) must be finite (got " + fmtNum(g.originY) + ")";
  if (!std::isfinite(g.stepX)) return "stepX must be finite (got " + fmtNum(g.stepX) + ")";
  if (!std::isfinite(g.stepY)) return "stepY must be finite (got " + fmtNum(g.stepY) + ")";
  if (g.offsetX < -kMaxOffset || g.offsetX > kMaxOffset)
    return "offsetX must be an integer in [-2^52, 2^52] (got " + std::to_string(g.offsetX) + ")";
  if (g.offsetY < -kMaxOffset || g.offsetY > kMaxOffset)
    return "offsetY must be an integer in [-2^52, 2^52] (got " + std::to_string(g.offsetY) + ")";
  const double x0 = g.sampleX(0), x1 = g.sampleX(g.width - 1);
  const double y0 = g.sampleY(0), y1 = g.sampleY(g.height - 1);
  if (!std::isfinite(x0) || !std::isfinite(x1))
    return "the sample x coordinates must stay finite (x from " + fmtNum(x0) + " to " + fmtNum(x1) + ")";
  if (!std::isfinite(y0) || !std::isfinite(y1))
    return "the sample y coordinates must stay finite (y from " + fmtNum(y0) + " to " + fmtNum(y1) + ")";
  return "";
}

}  // namespace nf
