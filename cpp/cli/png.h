// A minimal PNG writer: RGBA8, no filtering, stored (uncompressed) deflate blocks. Big files, no
// dependencies.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace nf::cli {

uint32_t crc32(const uint8_t* data, size_t n, uint32_t crc = 0);
uint32_t adler32(const uint8_t* data, size_t n);

// rgba holds width * height * 4 bytes, row-major. Returns the encoded file.
std::vector<uint8_t> encodePng(const uint8_t* rgba, int width, int height);
bool writePng(const std::string& path, const uint8_t* rgba, int width, int height);

}  // namespace nf::cli
