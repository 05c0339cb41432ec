#include "grid.h"

#include <algorithm>
#include <cmath>

namespace nf::scene {

int autoPitch(int cssWidth) {
  const int cw = std::max(1, std::min(cssWidth, 16384)) + 2 * kInset;
  return std::max(3, std::min(6, jsRound(cw / 380.0)));
}

namespace {

// The offset that puts scene coordinate `centre` at the middle of a canvas `canvas` px long, kept
// so the scene (`scene` px long at this zoom) covers the canvas, or centred when it cannot.
double placeAxis(double canvas, double scene, double centre) {
  if (scene <= canvas) return (canvas - scene) / 2;
  return std::min(0.0, std::max(canvas - scene, canvas / 2 - centre));
}

// The offset that moves the scene, centred first, just far enough to bring scene span [lo, hi]
// (px at this zoom) inside the viewport part [inset, canvas - inset] of the canvas.
double nudgeAxis(double canvas, double scene, double lo, double hi) {
  double off = (canvas - scene) / 2;
  if (hi - lo > canvas - 2 * kInset) return placeAxis(canvas, scene, (lo + hi) / 2);
  if (lo + off < kInset) off = kInset - lo;
  if (hi + off > canvas - kInset) off = canvas - kInset - hi;
  return scene <= canvas ? (canvas - scene) / 2 : std::min(0.0, std::max(canvas - scene, off));
}

}  // namespace

Grid makeGrid(int cssWidth, int cssHeight, int pitch, const Framing& framing) {
  Grid g;
  // Bounded so a bogus size cannot ask for gigabytes; 16k CSS px is beyond any real screen.
  g.cssW = std::max(1, std::min(cssWidth, 16384));
  g.cssH = std::max(1, std::min(cssHeight, 16384));
  g.cw = g.cssW + 2 * kInset;
  g.ch = g.cssH + 2 * kInset;
  g.pitch = pitch > 0 ? std::min(pitch, 64) : autoPitch(g.cssW);
  g.bw = (g.cw + g.pitch - 1) / g.pitch;
  g.bh = (g.ch + g.pitch - 1) / g.pitch;
  while (static_cast<long long>(g.bw) * g.bh > kMaxBufferPixels) {  // 8K at ?px=1, say
    ++g.pitch;
    g.bw = (g.cw + g.pitch - 1) / g.pitch;
    g.bh = (g.ch + g.pitch - 1) / g.pitch;
  }
  g.scale = std::max(g.cw / kSceneW, g.ch / kSceneH);
  if (framing.kind == Framing::Cover) {
    g.ox = (g.cw - kSceneW * g.scale) / 2;
    g.oy = (g.ch - kSceneH * g.scale) / 2;
  } else {
    const bool region = framing.kind == Framing::Region;
    if (region) {
      const double w = std::max(1.0, framing.x1 - framing.x0), h = std::max(1.0, framing.y1 - framing.y0);
      g.scale = std::min(g.scale, std::min(g.cssW / w, g.cssH / h));
    }
    const double cx = region ? (framing.x0 + framing.x1) / 2 : framing.x;
    const double cy = region ? (framing.y0 + framing.y1) / 2 : framing.y;
    if (region && !framing.centre) {
      g.ox = nudgeAxis(g.cw, kSceneW * g.scale, framing.x0 * g.scale, framing.x1 * g.scale);
      g.oy = nudgeAxis(g.ch, kSceneH * g.scale, framing.y0 * g.scale, framing.y1 * g.scale);
    } else {
      g.ox = placeAxis(g.cw, kSceneW * g.scale, cx * g.scale);
      g.oy = placeAxis(g.ch, kSceneH * g.scale, cy * g.scale);
    }
  }
  g.px = g.pitch / g.scale;
  g.bottom = (g.ch - kInset - g.oy) / g.scale;
  g.sx.assign(static_cast<size_t>(g.bw), 0.f);
  g.sy.assign(static_cast<size_t>(g.bh), 0.f);
  for (int i = 0; i < g.bw; ++i) g.sx[i] = static_cast<float>(((i + 0.5) * g.pitch - g.ox) / g.scale);
  for (int j = 0; j < g.bh; ++j) g.sy[j] = static_cast<float>(((j + 0.5) * g.pitch - g.oy) / g.scale);
  return g;
}

}  // namespace nf::scene
