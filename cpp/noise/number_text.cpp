#include "number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace nf {

size_t formatNumber(double v, char* out) {
  const std::string s = formatNumber(v);
  s.copy(out, kNumberTextMax);
  return std::min(s.size(), kNumberTextMax);
}

std::string formatNumber(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  if (v == std::trunc(v) && std::fabs(v) < 1e15) {  // integers without an exponent
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

double decimalValue(std::string_view literal) { return std::strtod(std::string(literal).c_str(), nullptr); }

}  // namespace nf
