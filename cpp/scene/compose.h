// The composited view: the seven layers flattened back to front ("over", straight alpha), as the
// page stacks its canvases, and sampled nearest-neighbour as image-rendering: pixelated shows them.
// The native CLI's PNGs and the page's "Save picture" both come from here.
#pragma once
#include <cstdint>

#include "landscape.h"
#include "pod_list.h"

namespace nf::scene {

// Output pixel (x, y) shows buffer pixel ((x + offX) / step, (y + offY) / step), integer division,
// clamped to the buffer. The page at a devicePixelRatio of zoom: step = pitch * zoom and
// off = 48 * zoom (the inset). The buffer itself, each pixel a zoom x zoom block: step = zoom.
struct ComposeRect {
  int width, height;  // output pixels
  int offX, offY;     // output-pixel offset into the stretched buffer
  int step;           // output pixels per buffer pixel
};

// The rectangle of the viewport as the page shows it at devicePixelRatio zoom (cssWidth x
// cssHeight CSS px, so cssWidth * zoom x cssHeight * zoom pixels).
ComposeRect viewportRect(const Landscape& scene, int zoom);
// The buffer pixels the viewport covers (partly covered edge pixels included), zoom x zoom each.
ComposeRect bufferViewRect(const Landscape& scene, int zoom);

// RGBA8, rect.width * rect.height * 4 bytes; empty before setViewport() or for an empty rect. The
// pane (landscape.h) is composited in its place, at its own resolution (one CSS px a pixel): at
// step >= pitch each output pixel shows the pane pixel it falls in; coarser (the buffer view at a
// zoom below the pitch), each output pixel gets the exact box filter of the CSS px it covers, the
// pane's pixels alpha-weighted over the layers below it (integer arithmetic, rounded to nearest),
// then the layers above it, so the pane's text reduces instead of being point-sampled.
PodList<uint8_t> composite(const Landscape& scene, const ComposeRect& rect);

// Layers first..last flattened into out, a buffer of the layers' size (resized, cleared, when it
// is not), within buffer pixels [x0, x1) x [y0, y1) (clamped): the page shows such a run of layers
// at one parallax offset as one canvas. Where the run has an opaque pixel, what is above it is
// blended as Chromium's software compositor blends the layers' canvases (so a run with soft pixels
// over an opaque bottom, kOpaqueBase, shows the screen's pixels); elsewhere "over", as composite().
// -> false without pixels.
bool flattenRect(const Landscape& scene, int first, int last, int x0, int y0, int x1, int y1, PodList<uint8_t>& out);

}  // namespace nf::scene
