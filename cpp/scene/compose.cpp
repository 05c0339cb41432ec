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

// A soft pixel (straight alpha 1..254) onto an opaque one, as Chromium's software compositor
// shows a canvas over an opaque one (--disable-gpu, the headless and GPU-less case): the canvas
// keeps the pixel premultiplied, each channel rounded (c * a / 255 to nearest), and the compositor's
// "source over" adds the opaque pixel scaled by 256 - a, shifted down by 8 (Skia's SkPMSrcOver).
// Fitted on Debian's Chromium: every channel value over every opaque one, for ten alphas from 1 to
// 254, at one and two screen pixels per canvas pixel, no pixel off; tests/browser/frames.test.mjs
// holds the flattened page to the layered one on the screen.
void overOpaque(uint8_t* dst, const uint8_t* src) {
  const int a = src[3];
  for (int c = 0; c < 3; ++c) dst[c] = static_cast<uint8_t>((src[c] * a + 127) / 255 + ((dst[c] * (256 - a)) >> 8));
  dst[3] = 255;
}

}  // namespace

ComposeRect viewportRect(const Landscape& scene, int zoom) {
  const Grid& g = scene.grid();
  return {g.cssW * zoom, g.cssH * zoom, kInset * zoom, kInset * zoom, g.pitch * zoom};
}

ComposeRect bufferViewRect(const Landscape& scene, int zoom) {
  const Grid& g = scene.grid();
  if (!g.valid()) return {0, 0, 0, 0, zoom};
  const int i0 = kInset / g.pitch, j0 = kInset / g.pitch;
  const int i1 = std::min(g.bw, (kInset + g.cssW + g.pitch - 1) / g.pitch);
  const int j1 = std::min(g.bh, (kInset + g.cssH + g.pitch - 1) / g.pitch);
  return {(i1 - i0) * zoom, (j1 - j0) * zoom, i0 * zoom, j0 * zoom, zoom};
}

bool flattenRect(const Landscape& scene, int first, int last, int x0, int y0, int x1, int y1, PodList<uint8_t>& out) {
  const int bw = scene.bufferWidth(), bh = scene.bufferHeight();
  if (bw <= 0 || bh <= 0 || !scene.pixels(kSky)) return false;
  const size_t size = static_cast<size_t>(bw) * bh * 4;
  if (out.size() != size) out.assign(size, 0);
  x0 = std::max(0, x0); y0 = std::max(0, y0);
  x1 = std::min(bw, x1); y1 = std::min(bh, y1);
  const uint8_t* layer[kLayerCount];
  for (int l = first; l <= last; ++l) layer[l] = scene.pixels(static_cast<Layer>(l));
  // Top down: the first opaque pixel is the answer when everything above it is clear; a soft pixel
  // above it (the canopy's) is blended onto it as the compositor blends that layer's canvas onto
  // what is under it (overOpaque), layer by layer, back to front. Without an
  // opaque pixel in the run, a soft pixel on the way composites this pixel back to front, as
  // composite() does (what a page shows then depends on what is under the canvas).
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const size_t k = (static_cast<size_t>(y) * bw + x) * 4;
      uint8_t* dst = &out[k];
      int l = last;
      bool soft = false;
      for (; l >= first; --l) {
        const int a = layer[l][k + 3];
        if (a == 255) break;
        soft = soft || a != 0;
      }
      if (!soft) {
        if (l < first) std::memset(dst, 0, 4);
        else std::memcpy(dst, layer[l] + k, 4);
      } else if (l >= first) {
        std::memcpy(dst, layer[l] + k, 4);
        for (int m = l + 1; m <= last; ++m) {
          const int a = layer[m][k + 3];
          if (a != 0) overOpaque(dst, layer[m] + k);
        }
      } else {
        std::memset(dst, 0, 4);
        for (int m = first; m <= last; ++m) over(dst, layer[m] + k);
      }
    }
  }
  return true;
}

PodList<uint8_t> composite(const Landscape& scene, const ComposeRect& r) {
  const int bw = scene.bufferWidth(), bh = scene.bufferHeight();
  if (bw <= 0 || bh <= 0 || r.width <= 0 || r.height <= 0 || r.step <= 0 || !scene.pixels(kSky)) return {};
  // Flatten once at buffer resolution, then sample.
  PodList<uint8_t> flat;
  flat.assign(static_cast<size_t>(bw) * bh * 4, 0);
  for (int l = 0; l < kLayerCount; ++l) {
    const uint8_t* src = scene.pixels(static_cast<Layer>(l));
    for (size_t k = 0; k < flat.size(); k += 4) over(&flat[k], src + k);
  }
  PodList<uint8_t> out(static_cast<size_t>(r.width) * r.height * 4);
  // The pane over the layers up to kPaneAbove, at one CSS px a pixel: output pixel x covers canvas
  // CSS px [(x + offX) * pitch / step, (x + 1 + offX) * pitch / step).
  const Rect pane = scene.paneBox();
  const uint8_t* panePx = scene.panePixels();
  const int pitch = scene.pitch(), pw = pane.i1 - pane.i0;
  const uint8_t* above[kLayerCount];
  const uint8_t* below[kLayerCount];
  for (int l = 0; l < kLayerCount; ++l) (l > kPaneAbove ? above : below)[l] = scene.pixels(static_cast<Layer>(l));
  for (int y = 0; y < r.height; ++y) {
    const int j = std::min(bh - 1, std::max(0, (y + r.offY) / r.step));
    const long long cy = static_cast<long long>(y + r.offY) * pitch / r.step;
    const long long cy1 = std::max(cy + 1, static_cast<long long>(y + 1 + r.offY) * pitch / r.step);
    const bool paneRow = panePx && cy1 > pane.j0 && cy < pane.j1;
    for (int x = 0; x < r.width; ++x) {
      const int i = std::min(bw - 1, std::max(0, (x + r.offX) / r.step));
      uint8_t* dst = &out[(static_cast<size_t>(y) * r.width + x) * 4];
      const size_t k = (static_cast<size_t>(j) * bw + i) * 4;
      std::memcpy(dst, &flat[k], 4);
      if (!paneRow) continue;
      const long long cx = static_cast<long long>(x + r.offX) * pitch / r.step;
      if (r.step >= pitch) {
        // One CSS px or less an output pixel: the pane pixel it shows.
        if (cx < pane.i0 || cx >= pane.i1 || cy < pane.j0) continue;
        const uint8_t* p = panePx + (static_cast<size_t>(cy - pane.j0) * pw + (cx - pane.i0)) * 4;
        if (p[3] == 0) continue;
        // The pane's pixel over the layers below it (its fringe is translucent), then the layers
        // above it, as the page stacks them: over an opaque picture (the sky is) as the compositor
        // blends the pane's canvas onto the canvases under it (overOpaque).
        if (p[3] == 255) {
          std::memcpy(dst, p, 4);
        } else {
          uint8_t b[4] = {0, 0, 0, 0};
          for (int l = 0; l <= kPaneAbove; ++l) over(b, below[l] + k);
          if (b[3] == 255) overOpaque(b, p);
          else over(b, p);
          std::memcpy(dst, b, 4);
        }
      } else {
        // Coarser: the box filter, the average of the n CSS px the output pixel covers, each the
        // pane's pixel where it has one (alpha-weighted) and the layers below it elsewhere.
        const long long cx1 = std::max(cx + 1, static_cast<long long>(x + 1 + r.offX) * pitch / r.step);
        if (cx1 <= pane.i0 || cx >= pane.i1) continue;
        const long long n = (cx1 - cx) * (cy1 - cy);
        long long sa = 0, sc[3] = {0, 0, 0};
        for (long long v = std::max<long long>(cy, pane.j0); v < std::min<long long>(cy1, pane.j1); ++v) {
          const uint8_t* row = panePx + static_cast<size_t>(v - pane.j0) * pw * 4;
          for (long long u = std::max<long long>(cx, pane.i0); u < std::min<long long>(cx1, pane.i1); ++u) {
            const uint8_t* p = row + (u - pane.i0) * 4;
            sa += p[3];
            for (int c = 0; c < 3; ++c) sc[c] += p[c] * p[3];
          }
        }
        if (sa == 0) continue;
        uint8_t b[4] = {0, 0, 0, 0};
        for (int l = 0; l <= kPaneAbove; ++l) over(b, below[l] + k);
        // Premultiplied: alpha*W = 255 sa + (W - sa) ba, colour*alpha*W = 255 sc + (W - sa) bc ba,
        // W = 255 n; rounded to nearest, integers only.
        const long long w = 255 * n, rest = w - sa;
        const long long na = 255 * sa + rest * b[3];
        if (na == 0) continue;
        for (int c = 0; c < 3; ++c) dst[c] = static_cast<uint8_t>((2 * (255 * sc[c] + rest * b[c] * b[3]) + na) / (2 * na));
        dst[3] = static_cast<uint8_t>((2 * na + w) / (2 * w));
      }
      for (int l = kPaneAbove + 1; l < kLayerCount; ++l) over(dst, above[l] + k);
    }
  }
  return out;
}

}  // namespace nf::scene
