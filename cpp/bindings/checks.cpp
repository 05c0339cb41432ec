#include "checks.h"

#include <cmath>
#include <cstdint>

#include "noise/schema.h"

namespace nf::bind {

std::string fmtNumber(double v) { return formatNumber(v); }

namespace {
struct StringOut {
  std::string s;
  StringOut& operator<<(const char* t) {
    s += t;
    return *this;
  }
  StringOut& operator<<(double v) {
    s += fmtNumber(v);
    return *this;
  }
};
}  // namespace

std::string checkInteger(const char* name, double v, double lo, double hi) {
  StringOut o;
  integerIn(o, name, v, lo, hi);
  return o.s;
}

std::string checkUnit(const char* name, double v) {
  StringOut o;
  unitIn(o, name, v);
  return o.s;
}

std::string checkFinite(const char* name, double v) {
  StringOut o;
  finite(o, name, v);
  return o.s;
}

std::string gridFromNumbers(double width, double height, double x, double y, double stepX, double stepY,
                            double offsetX, double offsetY, GridSpec& g) {
  std::string e;
  if (!(e = checkInteger("width", width, 1, kMaxFillSide)).empty()) return e;
  if (!(e = checkInteger("height", height, 1, kMaxFillSide)).empty()) return e;
  if (!(e = checkFinite("x", x)).empty()) return e;
  if (!(e = checkFinite("y", y)).empty()) return e;
  if (!(e = checkFinite("step", stepX)).empty()) return e;
  if (!(e = checkFinite("stepY", stepY)).empty()) return e;
  if (!(e = checkInteger("offsetX", offsetX, -4503599627370496.0, 4503599627370496.0)).empty()) return e;
  if (!(e = checkInteger("offsetY", offsetY, -4503599627370496.0, 4503599627370496.0)).empty()) return e;
  g.width = static_cast<int>(width);
  g.height = static_cast<int>(height);
  g.originX = x;
  g.originY = y;
  g.stepX = stepX;
  g.stepY = stepY;
  g.offsetX = static_cast<int64_t>(offsetX);
  g.offsetY = static_cast<int64_t>(offsetY);
  return validateGrid(g);
}

}  // namespace nf::bind
