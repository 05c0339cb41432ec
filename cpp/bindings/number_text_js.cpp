// nf::formatNumber and nf::decimalValue for the 404 page's module: JavaScript does the conversions
// (imports supplied by cpp/bindings/landscape.entry.js), so the module links no printf, strtod or
// long-double arithmetic. Same results as cpp/noise/number_text.cpp: Number() is correctly rounded
// like strtod, and the JS side writes the same %g text.
#include <cstddef>

#include "noise/number_text.h"

extern "C" {
// Writes the text of v (at most 32 ASCII bytes) at out; returns its length.
__attribute__((import_module("env"), import_name("nf_number_text"))) int nf_number_text(double v, char* out);
// Number() of the ASCII text at p (n bytes).
__attribute__((import_module("env"), import_name("nf_decimal_value"))) double nf_decimal_value(const char* p, size_t n);
}

namespace nf {

size_t formatNumber(double v, char* out) { return static_cast<size_t>(nf_number_text(v, out)); }

std::string formatNumber(double v) {
  char buf[kNumberTextMax];
  return std::string(buf, formatNumber(v, buf));
}

double decimalValue(std::string_view literal) { return nf_decimal_value(literal.data(), literal.size()); }

}  // namespace nf
