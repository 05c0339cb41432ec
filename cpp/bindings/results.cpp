#include "results.h"

#include <cstddef>

using emscripten::val;

namespace nf::bind {

val errorResult(const std::string& message) {
  val r = val::object();
  r.set("error", message);
  return r;
}

val statsObject(const FillStats& s, int width, int height, const float* data) {
  val r = val::object();
  r.set("min", s.min);
  r.set("max", s.max);
  r.set("mean", s.mean);
  r.set("width", width);
  r.set("height", height);
  r.set("view", val(emscripten::typed_memory_view(static_cast<size_t>(width) * height, data)));
  return r;
}

}  // namespace nf::bind
