// The embind result objects the modules share. Nothing in the bindings throws: a call that can fail
// returns errorResult(message) and the api.*.post.js layer throws it as an Error (a C++ exception
// through embind would skip the cleanup of its arguments and leak on every bad call).
#pragma once

#include <emscripten/val.h>

#include <string>

#include "noise/grid.h"

namespace nf::bind {

emscripten::val errorResult(const std::string& message);

// { min, max, mean, width, height, view }: view is zero-copy over wasm memory, valid until the next
// call that may grow memory.
emscripten::val statsObject(const FillStats& s, int width, int height, const float* data);

}  // namespace nf::bind
