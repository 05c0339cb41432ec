#include "png.h"

#include <zlib.h>

#include <cstdio>
#include <cstdlib>

namespace nf::cli {
namespace {

void put32(std::vector<uint8_t>& out, uint32_t v) {
  out.push_back(static_cast<uint8_t>(v >> 24));
  out.push_back(static_cast<uint8_t>(v >> 16));
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}

void chunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
  put32(out, static_cast<uint32_t>(data.size()));
  const size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  put32(out, static_cast<uint32_t>(::crc32(0L, out.data() + start, static_cast<uInt>(out.size() - start))));
}

}  // namespace

std::vector<uint8_t> encodePng(const uint8_t* rgba, int width, int height) {
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> ihdr;
  put32(ihdr, static_cast<uint32_t>(width));
  put32(ihdr, static_cast<uint32_t>(height));
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8-bit RGBA, deflate, adaptive filtering, no interlace
  chunk(out, "IHDR", ihdr);

  // Pixel art upscaled by whole numbers: "up" zeroes repeated rows, "sub" flat runs.
  const size_t stride = static_cast<size_t>(width) * 4;
  std::vector<uint8_t> raw((stride + 1) * static_cast<size_t>(height));
  std::vector<uint8_t> cand[3] = {std::vector<uint8_t>(stride), std::vector<uint8_t>(stride), std::vector<uint8_t>(stride)};
  for (int y = 0; y < height; ++y) {
    const uint8_t* row = rgba + y * stride;
    const uint8_t* prev = y > 0 ? row - stride : nullptr;
    long best = -1;
    int pick = 0;
    for (int f = 0; f < 3; ++f) {
      long sum = 0;
      for (size_t k = 0; k < stride; ++k) {
        const uint8_t left = k >= 4 ? row[k - 4] : 0, up = prev ? prev[k] : 0;
        const uint8_t v = static_cast<uint8_t>(row[k] - (f == 1 ? left : f == 2 ? up : 0));
        cand[f][k] = v;
        sum += v < 128 ? v : 256 - v;
      }
      if (best < 0 || sum < best) best = sum, pick = f;
    }
    uint8_t* dst = &raw[static_cast<size_t>(y) * (stride + 1)];
    dst[0] = static_cast<uint8_t>(pick);
    std::copy(cand[pick].begin(), cand[pick].end(), dst + 1);
  }
  uLongf zlen = compressBound(static_cast<uLong>(raw.size()));
  std::vector<uint8_t> z(zlen);
  if (compress2(z.data(), &zlen, raw.data(), static_cast<uLong>(raw.size()), 9) != Z_OK) return {};
  z.resize(zlen);
  chunk(out, "IDAT", z);
  chunk(out, "IEND", {});
  return out;
}

bool writePng(const std::string& path, const uint8_t* rgba, int width, int height) {
  const std::vector<uint8_t> png = encodePng(rgba, width, height);
  if (png.empty()) return false;
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(png.data(), 1, png.size(), f) == png.size();
  return std::fclose(f) == 0 && ok;
}

}  // namespace nf::cli
