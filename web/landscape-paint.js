// The core's pixels: zero-copy ImageData views over the scene's layer buffers in wasm memory, put
// on the layer canvases whole or only the part a tick changed. Views are dropped after anything
// that may allocate in wasm (a grown memory detaches the old buffer).

/**
 * @param {{ scene: any, layout: { bw: number, bh: number } | null }} c the core's state
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
  /** @param {number} mask */
  function paint(mask) {
    for (let l = 0; l < n; l++) if (mask & (1 << l)) ctxs[l].putImageData(image(l), 0, 0);
  }
  // What advance() changed: of each layer it reports, only the part its tick painted (the rest of
  // the canvas shows that layer already), so a fine pitch does not copy megabytes it never touched.
  /** @param {number} mask */
  function paintAdvanced(mask) {
    if (!mask) return;
    const r = c.scene.changedRects();
    for (let l = 0; l < n; l++) {
      if (!(mask & (1 << l))) continue;
      const k = 4 * l;
      if (r[k + 2] > 0 && r[k + 3] > 0) ctxs[l].putImageData(image(l), 0, 0, r[k], r[k + 1], r[k + 2], r[k + 3]);
    }
  }
  return { all, dropViews, paint, paintAdvanced };
}
