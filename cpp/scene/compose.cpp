#include "compose.h"

#include <algorithm>
#include <cstring>

namespace nf::scene {
namespace {

// Straight-alpha "over" of src onto dst (dst turns opaque once anything opaque lands).
void over(uint8_t* dst, const uint8_t* src) {
  const int a = src[3];
  if (a == 0) return;
  if (a == 255) {
    std::memcpy(dst, src, 4);
    return;
  }
  const int da = dst[3];
  const double sa = a / 255.0, oa = sa + da / 255.0 * (1 - sa);
  for (int c = 0; c < 3; ++c)
    dst[c] = static_cast<uint8_t>((src[c] * sa + dst[c] * (da / 255.0) * (1 - sa)) / oa + 0.5);
  dst[3] = static_cast<uint8_t>(oa * 255 + 0.5);
}

}  // namespace

ComposeRect viewportRect(const Landscape& scene, int zoom) {
  const Grid& g = scene.grid();
  return {g.cssW * zoom, g.cssH * zoom, kInset * zoom, kInset * zoom, g.pitch * zoom, false};
}

ComposeRect bufferViewRect(const Landscape& scene, int zoom) {
  const Grid& g = scene.grid();
  if (!g.valid()) return {0, 0, 0, 0, zoom};
  const int i0 = kInset / g.pitch, j0 = kInset / g.pitch;
  const int i1 = std::min(g.bw, (kInset + g.cssW + g.pitch - 1) / g.pitch);
  const int j1 = std::min(g.bh, (kInset + g.cssH + g.pitch - 1) / g.pitch);
  return {(i1 - i0) * zoom, (j1 - j0) * zoom, i0 * zoom, j0 * zoom, zoom, true};
}

PodList<uint8_t> composite(const Landscape& scene, const ComposeRect& r) {
  const Grid& g = scene.grid();
  if (!g.valid() || r.width <= 0 || r.height <= 0 || r.step <= 0 || !scene.pixels(kSky)) return {};
  // Each output pixel shows, per layer, the pixel that holds its place on the canvas: in units of
  // 1/zoom CSS px, output pixel x is at x + offX for the page's rect, and the buffer's output pixel
  // x (pitch / zoom CSS px wide) at its centre, (x + offX) * pitch + pitch / 2: a coarse layer's
  // pixel (x + offX) / zoom, a fine layer's as fine as the zoom shows. Tables per layer, so the
  // loop below only indexes.
  const int zoom = r.buffer ? r.step : std::max(1, r.step / g.pitch);  // output pixels per CSS px, or per buffer pixel
  auto at = [&](int x, int off, int l, int n) {
    const long long sub = !r.buffer ? static_cast<long long>(x + off)
                                    : static_cast<long long>(x + off) * g.pitch + g.pitch / 2;
    const long long i = sub / (static_cast<long long>(scene.layerPitch(static_cast<Layer>(l))) * zoom);
    return static_cast<int>(std::min<long long>(n - 1, std::max<long long>(0, i)));
  };
  PodList<int> cols, rows;
  cols.assign(static_cast<size_t>(r.width) * kLayerCount, 0);
  rows.assign(static_cast<size_t>(r.height) * kLayerCount, 0);
  for (int l = 0; l < kLayerCount; ++l) {
    const Layer L = static_cast<Layer>(l);
    for (int x = 0; x < r.width; ++x) cols[static_cast<size_t>(l) * r.width + x] = at(x, r.offX, l, scene.layerWidth(L));
    for (int y = 0; y < r.height; ++y) rows[static_cast<size_t>(l) * r.height + y] = at(y, r.offY, l, scene.layerHeight(L));
  }
  const uint8_t* src[kLayerCount];
  for (int l = 0; l < kLayerCount; ++l) src[l] = scene.pixels(static_cast<Layer>(l));
  PodList<uint8_t> out(static_cast<size_t>(r.width) * r.height * 4);
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      uint8_t px[4] = {0, 0, 0, 0};
      for (int l = 0; l < kLayerCount; ++l) {
        const size_t k = (static_cast<size_t>(rows[static_cast<size_t>(l) * r.height + y]) * scene.layerWidth(static_cast<Layer>(l)) +
                          cols[static_cast<size_t>(l) * r.width + x]) * 4;
        over(px, src[l] + k);
      }
      std::memcpy(&out[(static_cast<size_t>(y) * r.width + x) * 4], px, 4);
    }
  return out;
}

}  // namespace nf::scene
