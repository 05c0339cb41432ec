// The seven layers flattened into one picture, as a browser stacks the canvases (straight-alpha
// "over", back to front) and crops the parallax overhang: for tools and tests that look at the
// scene as a whole.
#pragma once
#include <cstdint>
#include <vector>

#include "landscape.h"

namespace nf::scene {

struct Picture {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, row-major
};

// crop: drop the 48 CSS px inset (rounded to whole buffer pixels) on every side.
Picture compositeLayers(const Landscape& scene, bool crop);

}  // namespace nf::scene
