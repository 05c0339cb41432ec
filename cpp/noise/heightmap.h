// Heightmaps for game engines and terrain tools, encoded in C++ (the JS package gets the same bytes
// through the bindings): a 16-bit greyscale PNG, raw 16-bit little-endian (.r16, as Unity and
// Unreal import it) or raw float32 little-endian (.f32), rows top to bottom. The field is sampled
// on the grid in strips, so a side up to kMaxHeightmapSide needs no full-size float buffer; every
// sample is exactly Field::fill's float, and a 16-bit value is heightTo16 of it.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "field.h"
#include "grid.h"

namespace nf {

enum class HeightmapFormat : uint8_t { Png16, R16, F32 };
constexpr int kMaxHeightmapSide = 8192;

// "png16", "r16", "f32"; parseHeightmapFormat returns false for anything else.
const char* heightmapFormatName(HeightmapFormat f);
bool parseHeightmapFormat(std::string_view name, HeightmapFormat* out);
// The file name extension: "png", "r16", "f32".
const char* heightmapExtension(HeightmapFormat f);

// round(h * 65535) for h clamped to [0, 1] (fields are in [0, 1]; NaN is 0).
inline uint16_t heightTo16(float h) {
  const double v = h;
  if (!(v > 0)) return 0;
  if (v >= 1) return 65535;
  return static_cast<uint16_t>(v * 65535.0 + 0.5);
}

// "" and the file appended to `out`, or an error naming the parameter and its range. The grid's
// width and height are in [1, kMaxHeightmapSide]; the rest as validateGrid asks.
std::string encodeHeightmap(const Field& field, const GridSpec& g, HeightmapFormat format, std::vector<uint8_t>* out);

}  // namespace nf
