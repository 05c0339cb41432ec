// The one Emscripten file: embind glue between the pure C++ library and JavaScript.
// Convention: nothing here throws. Functions that can fail return a JS object with an `error`
// string; cpp/bindings/api.post.js turns that into a thrown Error. Throwing from C++ would skip
// destructors (embind's argument cleanup included) and leak on every bad call.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/grid.h"
#include "noise/hash.h"
#include "noise/landscape_fill.h"
#include "noise/random.h"
#include "noise/value_noise.h"

using emscripten::val;

namespace {

val errorResult(const std::string& message) {
  val r = val::object();
  r.set("error", message);
  return r;
}

std::string fmtNumber(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// JS numbers -> integer parameter, with a message naming the parameter and its range.
std::string checkInteger(const char* name, double v, double lo, double hi) {
  if (!(std::isfinite(v) && std::trunc(v) == v && v >= lo && v <= hi)) {
    return std::string(name) + " must be an integer in [" + fmtNumber(lo) + ", " + fmtNumber(hi) + "] (got " +
           fmtNumber(v) + ")";
  }
  return "";
}

std::string checkFinite(const char* name, double v) {
  if (!std::isfinite(v)) return std::string(name) + " must be a finite number (got " + fmtNumber(v) + ")";
  return "";
}

// Builds a GridSpec from the JS numbers of a fill call; "" or the first problem found.
std::string gridFromNumbers(double width, double height, double x, double y, double stepX, double stepY,
                            double offsetX, double offsetY, nf::GridSpec& g) {
  std::string e;
  if (!(e = checkInteger("width", width, 1, nf::kMaxFillSide)).empty()) return e;
  if (!(e = checkInteger("height", height, 1, nf::kMaxFillSide)).empty()) return e;
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
  return nf::validateGrid(g);
}

val statsObject(const nf::FillStats& s, int width, int height, const float* data) {
  val r = val::object();
  r.set("min", s.min);
  r.set("max", s.max);
  r.set("mean", s.mean);
  r.set("width", width);
  r.set("height", height);
  r.set("view", val(emscripten::typed_memory_view(static_cast<size_t>(width) * height, data)));
  return r;
}

// ---- the exact landscape primitives ----
// Seeds follow JS ToUint32 (what Math.imul does), so any integer seed in [-2^31, 2^32) works.
double jsHash(double x, double y, double seed) {
  return nf::hashU32(nf::seedToU32(x), nf::seedToU32(y), nf::seedToU32(seed)) / nf::kTwoPow32;
}
double jsValueNoise(double x, double y, double seed) { return nf::valueNoise(x, y, nf::seedToU32(seed)); }
double jsFbm(double x, double y, double seed, int octaves) { return nf::fbm(x, y, nf::seedToU32(seed), octaves); }
double jsNebula(double x, double y) { return nf::nebula(x, y); }

class JsMulberry32 {
 public:
  explicit JsMulberry32(double seed) : rng_(nf::seedToU32(seed)) {}
  double next() { return rng_.next(); }
  double nextU32() { return rng_.nextU32(); }

 private:
  nf::Mulberry32 rng_;
};

// A float buffer owned by the module; fills write into it and hand JS a zero-copy view.
class NoiseGrid {
 public:
  val fillLandscape(int kind, double width, double height, double x, double y, double stepX, double stepY,
                    double offsetX, double offsetY, double seed, double octaves) {
    nf::GridSpec g;
    std::string e = gridFromNumbers(width, height, x, y, stepX, stepY, offsetX, offsetY, g);
    if (e.empty() && kind == static_cast<int>(nf::LandscapeKind::Fbm)) {
      e = checkInteger("octaves", octaves, nf::kMinOctaves, nf::kMaxOctaves);
    }
    if (e.empty()) e = checkInteger("seed", seed, -2147483648.0, 4294967295.0);
    if (e.empty() && !(kind >= 0 && kind <= 2)) e = "kind must be one of value, fbm, nebula";
    if (!e.empty()) return errorResult(e);
    data_.resize(static_cast<size_t>(g.samples()));
    width_ = g.width;
    height_ = g.height;
    const nf::FillStats s = nf::fillLandscape(static_cast<nf::LandscapeKind>(kind), g, nf::seedToU32(seed),
                                              static_cast<int>(octaves), data_.data());
    return statsObject(s, width_, height_, data_.data());
  }
  val view() const { return val(emscripten::typed_memory_view(data_.size(), data_.data())); }
  int width() const { return width_; }
  int height() const { return height_; }
  void release() { std::vector<float>().swap(data_); width_ = height_ = 0; }

 private:
  std::vector<float> data_;
  int width_ = 0, height_ = 0;
};

double heapUsedBytes() { return static_cast<double>(mallinfo().uordblks); }

val limits() {
  val r = val::object();
  r.set("maxSide", nf::kMaxFillSide);
  r.set("maxSamples", static_cast<double>(nf::kMaxFillSamples));
  r.set("minOctaves", nf::kMinOctaves);
  r.set("maxOctaves", nf::kMaxOctaves);
  r.set("nonFiniteResult", nf::kNonFiniteResult);
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(noisefield_core) {
  using namespace emscripten;
  function("hash", &jsHash);
  function("valueNoise", &jsValueNoise);
  function("rawFbm", &jsFbm);
  function("nebula", &jsNebula);
  function("clamp01", &nf::clamp01);
  function("smooth", &nf::smooth);
  function("smoothstep", &nf::smoothstep);
  function("quintic", &nf::quintic);
  function("lerp", &nf::lerp);
  function("heapUsedBytes", &heapUsedBytes);
  function("limits", &limits);
  class_<JsMulberry32>("Mulberry32").constructor<double>().function("next", &JsMulberry32::next).function(
      "nextU32", &JsMulberry32::nextU32);
  class_<NoiseGrid>("RawNoiseGrid")
      .constructor<>()
      .function("fillLandscape", &NoiseGrid::fillLandscape)
      .function("view", &NoiseGrid::view)
      .function("width", &NoiseGrid::width)
      .function("height", &NoiseGrid::height)
      .function("release", &NoiseGrid::release);
}

// ==== toolkit bindings ====
// ==== end toolkit bindings ====

// ==== scene bindings ====
// ==== end scene bindings ====
