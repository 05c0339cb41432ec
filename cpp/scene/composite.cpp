#include "composite.h"

#include <cstring>

namespace nf::scene {
namespace {

void over(uint8_t* dst, const uint8_t* src, size_t n) {
  for (size_t k = 0; k < n; k += 4) {
    const int a = src[k + 3];
    if (a == 0) continue;
    if (a == 255) {
      std::memcpy(dst + k, src + k, 4);
      continue;
    }
    const int da = dst[k + 3];
    const double sa = a / 255.0, oa = sa + da / 255.0 * (1 - sa);
    for (int c = 0; c < 3; ++c)
      dst[k + c] = static_cast<uint8_t>((src[k + c] * sa + dst[k + c] * (da / 255.0) * (1 - sa)) / oa + 0.5);
    dst[k + 3] = static_cast<uint8_t>(oa * 255 + 0.5);
  }
}

}  // namespace

Picture compositeLayers(const Landscape& scene, bool crop) {
  Picture p;
  const int bw = scene.bufferWidth(), bh = scene.bufferHeight();
  if (!scene.pixels(kSky)) return p;
  std::vector<uint8_t> img(static_cast<size_t>(bw) * bh * 4, 0);
  for (int l = 0; l < kLayerCount; ++l) over(img.data(), scene.pixels(static_cast<Layer>(l)), img.size());
  int inset = crop ? (kInset + scene.pitch() / 2) / scene.pitch() : 0;
  if (bw - 2 * inset <= 0 || bh - 2 * inset <= 0) inset = 0;
  p.width = bw - 2 * inset;
  p.height = bh - 2 * inset;
  p.rgba.resize(static_cast<size_t>(p.width) * p.height * 4);
  for (int y = 0; y < p.height; ++y)
    std::memcpy(&p.rgba[static_cast<size_t>(y) * p.width * 4], &img[(static_cast<size_t>(y + inset) * bw + inset) * 4],
                static_cast<size_t>(p.width) * 4);
  return p;
}

}  // namespace nf::scene
