// The core's pixels: zero-copy ImageData views over the scene's layer buffers in wasm memory, put
// on the layer canvases whole or only the part a tick changed. Views are dropped after anything
// that may allocate in wasm (a grown memory detaches the old buffer).
//
// What the live loop's advances change can be held and shown later in one frame (hold(), then
// present()): the union of each layer's changed rectangles since the canvases last got it, so
// ticks of different layers share a frame and the pixels shown are the layers' as they are then.

/**
 * @param {{ scene: any, layout: { bw: number, bh: number } | null, debug: any }} c the core's state
 * @param {Array<CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D>} ctxs one per layer
 */
export function createPainter(c, ctxs) {
  const n = ctxs.length;
  /** @type {Array<ImageData | null>} */
  const images = new Array(n).fill(null);
  const all = (1 << n) - 1;
  const dropViews = () => { images.fill(null); };
  /** @param {number} l */
  function image(l) {
    let id = images[l];
    if (!id || id.data.length === 0) {  // a grown memory detaches the old buffer: length 0
      const v = c.scene.pixels(l);
      const L = /** @type {{ bw: number, bh: number }} */ (c.layout);
      id = new ImageData(new Uint8ClampedArray(v.buffer, v.byteOffset, v.length), L.bw, L.bh);
      images[l] = id;
    }
    return id;
  }
  // Held changes: x0, y0, x1, y1 per layer, for the layers of heldMask.
  const held = new Int32Array(4 * n);
  let heldMask = 0;
  /** @param {number} mask */
  function paint(mask) {
    for (let l = 0; l < n; l++) if (mask & (1 << l)) ctxs[l].putImageData(image(l), 0, 0);
    heldMask &= ~mask;  // those layers are on their canvases whole: nothing of them is held
  }
  // What advance() changed: of each layer it reports, only the part its tick painted (the rest of
  // the canvas shows that layer already), so a fine pitch does not copy megabytes it never touched.
  /** @param {number} mask */
  function paintAdvanced(mask) {
    if (!mask) return;
    hold(mask);
    present();
  }
  // Keeps what the last advance() changed (its mask) for the next present().
  /** @param {number} mask */
  function hold(mask) {
    if (!mask) return;
    const r = c.scene.changedRects();
    for (let l = 0; l < n; l++) {
      if (!(mask & (1 << l))) continue;
      const k = 4 * l;
      if (!(r[k + 2] > 0 && r[k + 3] > 0)) continue;
      const x1 = r[k] + r[k + 2], y1 = r[k + 1] + r[k + 3];
      if (heldMask & (1 << l)) {
        held[k] = Math.min(held[k], r[k]);
        held[k + 1] = Math.min(held[k + 1], r[k + 1]);
        held[k + 2] = Math.max(held[k + 2], x1);
        held[k + 3] = Math.max(held[k + 3], y1);
      } else {
        held[k] = r[k]; held[k + 1] = r[k + 1]; held[k + 2] = x1; held[k + 3] = y1;
        heldMask |= 1 << l;
      }
    }
  }
  // The held changes onto the canvases, one putImageData per layer: one frame. -> true if any.
  function present() {
    if (!heldMask) return false;
    for (let l = 0; l < n; l++) {
      if (!(heldMask & (1 << l))) continue;
      const k = 4 * l;
      ctxs[l].putImageData(image(l), 0, 0, held[k], held[k + 1], held[k + 2] - held[k], held[k + 3] - held[k + 1]);
    }
    heldMask = 0;
    if (c.debug) c.debug.presents = (c.debug.presents ?? 0) + 1;
    return true;
  }
  return { all, dropViews, paint, paintAdvanced, hold, present };
}
