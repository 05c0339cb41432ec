// The pane's canvas (cpp/scene/landscape.h, "the pane"): the tablet's carved line and the falling
// letters at one CSS px a pixel, one small canvas over the layer M.Landscape.PANE_ABOVE at its
// parallax. The core's side wraps the painter (landscape-paint.js): the pane's bit in a mask puts
// its pixels (whole, or the part changedRects gives at 4 * PANE_LAYER) from a zero-copy view of
// wasm memory; the page's side (placePane) puts the canvas at the pane's box on the layer canvas.

/**
 * @template {{ all: number, paint: (mask: number) => void, hold: (mask: number) => void, present: () => boolean, paintAdvanced: (mask: number) => void }} P
 * @param {P} painter
 * @param {{ scene: any }} c the core's state
 * @param {HTMLCanvasElement | OffscreenCanvas | null} canvas the pane's (none: the painter as it is)
 * @param {number} layer M.Landscape.PANE_LAYER
 * @returns {P}
 */
export function withPane(painter, c, canvas, layer) {
  if (!canvas || !(layer >= 0)) return painter;
  const bit = 1 << layer;
  const ctx = /** @type {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d', { alpha: true }));
  let x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // held, pane pixels
  /** @param {number} [x] @param {number} [y] @param {number} [w] @param {number} [h] */
  function put(x, y, w, h) {
    const p = c.scene.pane;
    if (!p) {
      if (canvas.width) canvas.width = canvas.height = 0;
      return;
    }
    if (canvas.width !== p.width || canvas.height !== p.height) {
      canvas.width = p.width;
      canvas.height = p.height;
      x = undefined;  // a new size: all of it
    }
    const id = new ImageData(new Uint8ClampedArray(p.pixels.buffer, p.pixels.byteOffset, p.pixels.length), p.width, p.height);
    if (x === undefined) ctx.putImageData(id, 0, 0);
    else ctx.putImageData(id, 0, 0, x, /** @type {number} */ (y), /** @type {number} */ (w), /** @type {number} */ (h));
  }
  /** @param {number} mask */
  function hold(mask) {
    painter.hold(mask);
    if (!(mask & bit)) return;
    const r = c.scene.changedRects(), k = 4 * layer;
    if (!(r[k + 2] > 0 && r[k + 3] > 0)) return;
    if (x1 > x0) {
      x0 = Math.min(x0, r[k]); y0 = Math.min(y0, r[k + 1]);
      x1 = Math.max(x1, r[k] + r[k + 2]); y1 = Math.max(y1, r[k + 1] + r[k + 3]);
    } else {
      x0 = r[k]; y0 = r[k + 1]; x1 = r[k] + r[k + 2]; y1 = r[k + 1] + r[k + 3];
    }
  }
  function present() {
    const shown = painter.present();
    if (!(x1 > x0)) return shown;
    put(x0, y0, x1 - x0, y1 - y0);
    x0 = y0 = x1 = y1 = 0;
    return true;
  }
  return {
    ...painter,
    all: painter.all | bit,
    /** @param {number} mask */
    paint(mask) {
      painter.paint(mask);
      if (mask & bit) { put(); x0 = y0 = x1 = y1 = 0; }
    },
    hold,
    present,
    /** @param {number} mask */
    paintAdvanced(mask) { if (mask) { hold(mask); present(); } },
  };
}

/**
 * The page's pane canvas at the pane's box (the core's placement, `pane`: x, y, width, height on
 * the layer canvas in CSS px; none: hidden).
 * @param {HTMLCanvasElement} canvas
 * @param {{ x: number, y: number, width: number, height: number } | null | undefined} box
 */
export function placePane(canvas, box) {
  const s = canvas.style;
  if (!box) { s.visibility = 'hidden'; return; }
  Object.assign(s, { visibility: '', left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px` });
}
