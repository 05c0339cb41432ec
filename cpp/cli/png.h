// PNG writer: RGBA8, a per-row filter (none, sub or up, whichever sums smallest), deflated by zlib.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace nf::cli {

// rgba holds width * height * 4 bytes, row-major. Returns the encoded file (empty if zlib fails).
std::vector<uint8_t> encodePng(const uint8_t* rgba, int width, int height);
bool writePng(const std::string& path, const uint8_t* rgba, int width, int height);

}  // namespace nf::cli
