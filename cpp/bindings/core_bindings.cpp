// The core module's embind glue (api.core.post.js wraps it): the exact landscape primitives, the
// seeded generator and NoiseGrid, the batch fill of the landscape functions. Every module has it.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "checks.h"
#include "noise/fade.h"
#include "noise/fbm.h"
#include "noise/grid.h"
#include "noise/hash.h"
#include "noise/landscape_fill.h"
#include "noise/random.h"
#include "noise/schema.h"
#include "noise/value_noise.h"
#include "noise/version.h"
#include "results.h"

using emscripten::val;
using namespace nf::bind;

namespace {

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
  function("rawHash", &jsHash);
  function("rawValueNoise", &jsValueNoise);
  function("rawFbm", &jsFbm);
  function("rawNebula", &jsNebula);
  function("rawClamp01", &nf::clamp01);
  function("rawSmooth", &nf::smooth);
  function("rawSmoothstep", &nf::smoothstep);
  function("rawQuintic", &nf::quintic);
  function("rawLerp", &nf::lerp);
  function("limits", &limits);
  constant("version", std::string(nf::kVersion));
  class_<JsMulberry32>("RawMulberry32").constructor<double>().function("next", &JsMulberry32::next).function(
      "nextU32", &JsMulberry32::nextU32);
  class_<NoiseGrid>("RawNoiseGrid")
      .constructor<>()
      .function("fillLandscape", &NoiseGrid::fillLandscape)
      .function("view", &NoiseGrid::view)
      .function("width", &NoiseGrid::width)
      .function("height", &NoiseGrid::height)
      .function("release", &NoiseGrid::release);
}
