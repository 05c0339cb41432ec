// The heightmap encoder of heightmap.h. PNG: signature, IHDR (bit depth 16, colour type 0), one
// IDAT whose zlib stream (deflate.h) is written strip by strip, IEND; each row carries the PNG
// filter (of None, Sub, Up, Paeth) with the smallest sum of absolute bytes, the usual heuristic.
#include "heightmap.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "deflate.h"

namespace nf {
namespace {

constexpr int64_t kStripSamples = int64_t{1} << 20;  // floats sampled per strip: 4 MiB

void put32be(std::vector<uint8_t>* out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out->push_back(static_cast<uint8_t>(v >> s));
}
void patch32be(std::vector<uint8_t>* out, size_t at, uint32_t v) {
  for (int k = 0; k < 4; ++k) (*out)[at + k] = static_cast<uint8_t>(v >> (24 - 8 * k));
}

// A chunk is length, type, data, CRC of type and data; begin() leaves the length to end().
size_t beginChunk(std::vector<uint8_t>* out, const char type[4]) {
  const size_t at = out->size();
  put32be(out, 0);
  out->insert(out->end(), type, type + 4);
  return at;
}
void endChunk(std::vector<uint8_t>* out, size_t at) {
  const size_t dataLen = out->size() - at - 8;
  patch32be(out, at, static_cast<uint32_t>(dataLen));
  put32be(out, crc32(out->data() + at + 4, dataLen + 4));
}

inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
  const int p = a + b - c;
  const int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
  return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

// Filters `row` (n bytes, 2 per sample) against `up` (the previous row, zeros for the first) into
// out[0] (the filter type) and out[1..n].
void filterRow(const uint8_t* row, const uint8_t* up, size_t n, uint8_t* out, std::vector<uint8_t>& trial) {
  constexpr size_t bpp = 2;
  trial.resize(n);
  uint64_t best = ~uint64_t{0};
  for (uint8_t type = 0; type < 5; ++type) {
    if (type == 3) continue;  // Average: rarely best on smooth 16-bit fields; four trials suffice
    uint64_t cost = 0;
    for (size_t i = 0; i < n; ++i) {
      const uint8_t a = i >= bpp ? row[i - bpp] : 0, b = up[i], c = i >= bpp ? up[i - bpp] : 0;
      const uint8_t pred = type == 0 ? 0 : type == 1 ? a : type == 2 ? b : paeth(a, b, c);
      const uint8_t v = static_cast<uint8_t>(row[i] - pred);
      trial[i] = v;
      cost += v < 128 ? v : 256 - v;
    }
    if (cost < best) {
      best = cost;
      out[0] = type;
      std::memcpy(out + 1, trial.data(), n);
    }
  }
}

}  // namespace

const char* heightmapFormatName(HeightmapFormat f) {
  switch (f) {
    case HeightmapFormat::Png16: return "png16";
    case HeightmapFormat::R16: return "r16";
    case HeightmapFormat::F32: return "f32";
  }
  return "";
}
const char* heightmapExtension(HeightmapFormat f) { return f == HeightmapFormat::Png16 ? "png" : heightmapFormatName(f); }
bool parseHeightmapFormat(std::string_view name, HeightmapFormat* out) {
  for (HeightmapFormat f : {HeightmapFormat::Png16, HeightmapFormat::R16, HeightmapFormat::F32})
    if (name == heightmapFormatName(f)) {
      *out = f;
      return true;
    }
  return false;
}

std::string encodeHeightmap(const Field& field, const GridSpec& g, HeightmapFormat format, std::vector<uint8_t>* out) {
  const std::string side = "[1, " + std::to_string(kMaxHeightmapSide) + "]";
  if (g.width < 1 || g.width > kMaxHeightmapSide)
    return "width must be an integer in " + side + " (got " + std::to_string(g.width) + ")";
  if (g.height < 1 || g.height > kMaxHeightmapSide)
    return "height must be an integer in " + side + " (got " + std::to_string(g.height) + ")";
  const int stripRows = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(g.height, kStripSamples / g.width)));
  GridSpec whole = g;  // validateGrid's other rules, on a grid of the strips' shape
  whole.height = stripRows;
  const std::string err = validateGrid(whole);
  if (!err.empty()) return err;
  GridSpec last = g;
  last.offsetY = g.offsetY + g.height - 1;
  last.height = 1;
  const std::string errLast = validateGrid(last);
  if (!errLast.empty()) return errLast;

  const size_t w = static_cast<size_t>(g.width);
  std::vector<float> strip(w * static_cast<size_t>(stripRows));
  const size_t rowBytes = w * 2;
  std::vector<uint8_t> row16, prev16, filtered, trial;
  size_t idat = 0;
  std::optional<ZlibWriter> z;  // the PNG's IDAT stream
  std::vector<uint8_t> zbuf;    // the filtered rows of one strip, handed to it together
  const size_t total = format == HeightmapFormat::F32 ? w * g.height * 4 : w * g.height * 2;
  if (format == HeightmapFormat::Png16) {
    static const uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    out->insert(out->end(), kSignature, kSignature + 8);
    const size_t ihdr = beginChunk(out, "IHDR");
    put32be(out, static_cast<uint32_t>(g.width));
    put32be(out, static_cast<uint32_t>(g.height));
    out->insert(out->end(), {16, 0, 0, 0, 0});  // bit depth, greyscale, deflate, adaptive filters, no interlace
    endChunk(out, ihdr);
    out->reserve(out->size() + total / 2 + 64);
    idat = beginChunk(out, "IDAT");
    row16.resize(rowBytes);
    prev16.assign(rowBytes, 0);
    filtered.resize(rowBytes + 1);
    z.emplace(out);
  } else {
    out->reserve(out->size() + total);
  }

  for (int j0 = 0; j0 < g.height; j0 += stripRows) {
    GridSpec s = g;
    s.height = std::min(stripRows, g.height - j0);
    s.offsetY = g.offsetY + j0;
    field.fill(s, strip.data());
    const size_t n = w * static_cast<size_t>(s.height);
    if (format == HeightmapFormat::F32) {
      const size_t at = out->size();
      out->resize(at + n * 4);
      for (size_t i = 0; i < n; ++i) {
        uint32_t bits;
        std::memcpy(&bits, &strip[i], 4);
        for (int k = 0; k < 4; ++k) (*out)[at + 4 * i + k] = static_cast<uint8_t>(bits >> (8 * k));
      }
    } else if (format == HeightmapFormat::R16) {
      const size_t at = out->size();
      out->resize(at + n * 2);
      for (size_t i = 0; i < n; ++i) {
        const uint16_t v = heightTo16(strip[i]);
        (*out)[at + 2 * i] = static_cast<uint8_t>(v);
        (*out)[at + 2 * i + 1] = static_cast<uint8_t>(v >> 8);
      }
    } else {
      zbuf.clear();
      for (int r = 0; r < s.height; ++r) {
        const float* f = strip.data() + static_cast<size_t>(r) * w;
        for (size_t i = 0; i < w; ++i) {
          const uint16_t v = heightTo16(f[i]);
          row16[2 * i] = static_cast<uint8_t>(v >> 8);  // PNG samples are big-endian
          row16[2 * i + 1] = static_cast<uint8_t>(v);
        }
        filterRow(row16.data(), prev16.data(), rowBytes, filtered.data(), trial);
        zbuf.insert(zbuf.end(), filtered.begin(), filtered.end());
        row16.swap(prev16);
      }
      z->write(zbuf.data(), zbuf.size());
    }
  }
  if (format == HeightmapFormat::Png16) {
    z->finish();
    endChunk(out, idat);
    endChunk(out, beginChunk(out, "IEND"));
  }
  return "";
}

}  // namespace nf
