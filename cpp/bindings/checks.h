// Argument checks shared by every module's bindings: each returns "" or a message naming the
// parameter and its allowed range, which the JS face throws as an Error. No Emscripten headers,
// so a binding layer without embind can use them too.
#pragma once

#include <cmath>
#include <string>

#include "noise/grid.h"

namespace nf::bind {

std::string fmtNumber(double v);  // JS-style NaN, Infinity

// The rules and their messages, written to any sink with << for texts and for numbers (which
// it formats with fmtNumber): true when v passes. The 404 page's module writes them straight into
// its message buffer (scene_exports.cpp); the std::string forms below serve the full module.
template <class Out>
bool integerIn(Out& out, const char* name, double v, double lo, double hi) {
  if (std::isfinite(v) && std::trunc(v) == v && v >= lo && v <= hi) return true;  // JS numbers arrive as doubles
  out << name << " must be an integer in [" << lo << ", " << hi << "] (got " << v << ")";
  return false;
}
template <class Out>
bool unitIn(Out& out, const char* name, double v) {
  if (std::isfinite(v) && v >= 0 && v <= 1) return true;
  out << name << " must be a number in [0, 1] (got " << v << ")";
  return false;
}
template <class Out>
bool finite(Out& out, const char* name, double v) {
  if (std::isfinite(v)) return true;
  out << name << " must be a finite number (got " << v << ")";
  return false;
}

// "" or the message.
std::string checkInteger(const char* name, double v, double lo, double hi);
std::string checkUnit(const char* name, double v);
std::string checkFinite(const char* name, double v);

// Builds a GridSpec from the JS numbers of a fill call; "" or the first problem found.
std::string gridFromNumbers(double width, double height, double x, double y, double stepX, double stepY,
                            double offsetX, double offsetY, GridSpec& g);

}  // namespace nf::bind
