// Argument checks shared by every module's bindings: each returns "" or a message naming the
// parameter and its allowed range, which the JS face throws as an Error. No Emscripten headers,
// so a binding layer without embind can use them too.
#pragma once

#include <string>

#include "noise/grid.h"

namespace nf::bind {

std::string fmtNumber(double v);  // JS-style NaN, Infinity
std::string checkInteger(const char* name, double v, double lo, double hi);
std::string checkUnit(const char* name, double v);
std::string checkFinite(const char* name, double v);

// Builds a GridSpec from the JS numbers of a fill call; "" or the first problem found.
std::string gridFromNumbers(double width, double height, double x, double y, double stepX, double stepY,
                            double offsetX, double offsetY, GridSpec& g);

}  // namespace nf::bind
