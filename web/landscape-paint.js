// The core's pixels: zero-copy ImageData views over the scene's layer buffers in wasm memory, put
// on the layer canvases whole or only the part a tick changed. Views are dropped after anything
// that may allocate in wasm (a grown memory detaches the old buffer).
//
// What the live loop's advances change can be held and shown later in one frame (hold(), then
// present()): the union of each layer's changed rectangles since the canvases last got it, so
// ticks of different layers share a frame and the pixels shown are the layers' as they are then.
//
// Flattening (setFlat): a run of adjacent layers that the page shows at one parallax offset is also
// composited in C++ (scene.flatten, compose.h) and put on one more canvas (the flat canvas), which
// the page shows in their place: the compositor then blends one full-window layer instead of
// several (most of what a still page costs its visitor, with software compositing). The layer
// canvases stay current (the page shows them again when the run changes), and each frame redoes
// only the union of what changed in the run's layers. (drawImage from the layer canvases did the
// same on the canvas side, but snapshotting each source canvas cost more than it saved.)
//
// While the page hides the run's own canvases (setFlat's hidden), they are left as they are and what
// changed on them is kept (stale); before the page may show them again (setFlat without hidden, or
// another run), they get it. In a worker every canvas that changes is one more frame sent to the
// compositor: two thirds of what the page cost beyond the scene with the pointer still.

/**
 * @param {{ scene: any, layout: { bw: number, bh: number } | null, debug: any }} c the core's state
 * @param {Array<HTMLCanvasElement | OffscreenCanvas>} canvases one per layer
 * @param {HTMLCanvasElement | OffscreenCanvas | null} [flatCanvas] the flat canvas (none: no flattening)
 */
export function createPainter(c, canvases, flatCanvas = null) {
  /** @type {(cv: any) => CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} */
  const context = (cv) => cv.getContext('2d', { alpha: true });
  const ctxs = canvases.map(context);
  const flat = flatCanvas && context(flatCanvas);
  const n = ctxs.length;
  let runMask = 0, runA = 0, runB = 0;  // the flattened run: layers runA..runB (runMask: their bits)
  let hiddenMask = 0;  // the layers whose canvases the page hides (the run's, or none): left stale
  /** @type {Array<ImageData | null>} */
  const images = new Array(n).fill(null);
  const all = (1 << n) - 1;
  const dropViews = () => { images.fill(null); };
  // A buffer's size (the layers') in wasm memory as ImageData, no copy.
  /** @param {any} v */
  const view = (v) => new ImageData(new Uint8ClampedArray(v.buffer, v.byteOffset, v.length), /** @type {any} */ (c.layout).bw, /** @type {any} */ (c.layout).bh);
  /** @param {number} l */
  function image(l) {
    let id = images[l];
    // A grown memory detaches the old buffer: length 0.
    if (!id || id.data.length === 0) id = images[l] = view(c.scene.pixels(l));
    return id;
  }
  // Held changes: x0, y0, x1, y1 per layer, for the layers of heldMask; stale: the same for the
  // layers of staleMask, what their hidden canvases have not got.
  const held = new Int32Array(4 * n), stale = new Int32Array(4 * n);
  let heldMask = 0, staleMask = 0;
  /** @param {Int32Array} rs @param {number} bits @param {number} l @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 -> bits with l's */
  function unite(rs, bits, l, x0, y0, x1, y1) {
    const k = 4 * l;
    if (bits & (1 << l)) {
      rs[k] = Math.min(rs[k], x0); rs[k + 1] = Math.min(rs[k + 1], y0);
      rs[k + 2] = Math.max(rs[k + 2], x1); rs[k + 3] = Math.max(rs[k + 3], y1);
    } else {
      rs[k] = x0; rs[k + 1] = y0; rs[k + 2] = x1; rs[k + 3] = y1;
    }
    return bits | (1 << l);
  }
  /** @param {number} l @param {Int32Array} rs @param {number} [k] */
  const put = (l, rs, k = 4 * l) => ctxs[l].putImageData(image(l), 0, 0, rs[k], rs[k + 1], rs[k + 2] - rs[k], rs[k + 3] - rs[k + 1]);
  /** @param {number} mask */
  function paint(mask) {
    for (let l = 0; l < n; l++) if (mask & (1 << l)) ctxs[l].putImageData(image(l), 0, 0);
    heldMask &= ~mask;  // those layers are on their canvases whole: nothing of them is held (a stale part
    // put again later is put as it is now: no harm, and rare)
    if (mask & runMask && c.layout) drawFlat(0, 0, c.layout.bw, c.layout.bh);
  }
  // The stale canvases of the layers in mask get what they lack.
  /** @param {number} mask */
  function freshen(mask) {
    for (let l = 0; l < n; l++) if (mask & staleMask & (1 << l)) put(l, stale);
    staleMask &= ~mask;
  }
  // The run's layers, in order, onto the flat canvas within [x0, x1) x [y0, y1).
  /** @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 */
  function drawFlat(x0, y0, x1, y1) {
    const L = c.layout;
    if (!flat || !L || x1 <= x0 || y1 <= y0) return;
    const w = x1 - x0, h = y1 - y0;
    // One call composites the part; its buffer may be new (memory grown): a fresh view each time.
    flat.putImageData(view(c.scene.flatten(runA, runB, x0, y0, w, h)), 0, 0, x0, y0, w, h);
  }
  // Layers a..b flattened from now on (a > b, or no flat canvas: none), drawn whole at once; hidden:
  // the page hides their own canvases (else every canvas is current when this returns, and kept so).
  /** @param {number} a @param {number} b @param {boolean} hidden -> whether a run is flattened */
  function setFlat(a, b, hidden) {
    const mask = a >= 0 && b > a && b < n ? ((1 << (b + 1)) - 1) & ~((1 << a) - 1) : 0;
    hiddenMask = hidden ? mask : 0;
    freshen(~hiddenMask);  // first: whatever follows, the canvases the page may show are current
    // None flattened until it is drawn (a failure leaves none: the frames go on without it, the page
    // reports it); runA..runB mean something only with runMask.
    runMask = 0;
    if (!flat || !mask) return false;
    runA = a; runB = b;
    // Drawn from the layers as they are; what is held for the next frame redraws its part then.
    if (c.layout) drawFlat(0, 0, c.layout.bw, c.layout.bh);
    runMask = mask;
    return true;
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
      heldMask = unite(held, heldMask, l, r[k], r[k + 1], r[k] + r[k + 2], r[k + 1] + r[k + 3]);
    }
  }
  // The held changes onto the canvases, one putImageData per layer: one frame. -> true if any.
  function present() {
    if (!heldMask) return false;
    // Within the run: the union of its layers' parts, or each part on its own where they add up to
    // less (a tick in the sky and one on the water: two strips, not the whole buffer).
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, parts = 0;
    for (let l = 0; l < n; l++) {
      if (!(heldMask & (1 << l))) continue;
      const k = 4 * l;
      if (hiddenMask & (1 << l)) staleMask = unite(stale, staleMask, l, held[k], held[k + 1], held[k + 2], held[k + 3]);
      else put(l, held);
      if (!(runMask & (1 << l))) continue;
      parts += (held[k + 2] - held[k]) * (held[k + 3] - held[k + 1]);
      x0 = Math.min(x0, held[k]); y0 = Math.min(y0, held[k + 1]);
      x1 = Math.max(x1, held[k + 2]); y1 = Math.max(y1, held[k + 3]);
    }
    if (x1 > x0 && parts < (x1 - x0) * (y1 - y0)) {
      for (let l = runA; l <= runB; l++) {
        const k = 4 * l;
        if (heldMask & (1 << l)) drawFlat(held[k], held[k + 1], held[k + 2], held[k + 3]);
      }
    } else if (x1 > x0) drawFlat(x0, y0, x1, y1);
    heldMask = 0;
    if (c.debug) c.debug.presents = (c.debug.presents ?? 0) + 1;
    return true;
  }
  // contexts: the layer canvases' own, for the tests' instruments to count what is put on them.
  return { all, dropViews, paint, paintAdvanced, hold, present, setFlat, freshen, contexts: ctxs };
}
