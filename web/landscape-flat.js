// The page's side of flattening (the core's is landscape-paint.js, setFlat). While the layers of
// the opaque base (M.Landscape.OPAQUE_BASE: sky to canopy) sit at one parallax offset (the pointer
// has not moved it), they are shown as ONE canvas, the flat canvas, which the core composites from
// them (the canopy's soft edges blended as the compositor blends its canvas: the same pixels), and
// their own canvases are hidden; with the pane (the tablet's line, over the fx layer: a 404 page
// with a path) the run ends below it, sky to fx, and the canopy has its own canvas. Once the parallax moves them apart, the longest run of adjacent
// layers at one offset whose alpha is all or nothing (M.Landscape.LAYER_HARD_ALPHA: the five at the
// gate's depth) is the flat canvas instead. The compositor then blends fewer full-window layers per
// frame (one while the pointer is still), with the same pixels.
//
// A change of run is made without a wrong frame (change()): the run's own canvases, which the
// core leaves as they are while hidden, are brought up to date and shown once that has reached the
// screen (two frames after the core's answer: a worker's frames reach the page's canvases on their
// own schedule); then the new run is drawn, shown in its layers' place (z-index) two frames after
// the answer, and its canvases hide and are left.

/**
 * @param {import('./landscape-view.js').View} v
 * @param {HTMLCanvasElement} canvas the flat canvas (in the stage, after the layers)
 */
export function createFlat(v, canvas) {
  const { canvases, win } = v;
  const hard = /** @type {boolean[]} */ (v.M.Landscape.LAYER_HARD_ALPHA ?? []);  // a module without it: no flattening
  const base = /** @type {number[]} */ (v.M.Landscape.OPAQUE_BASE ?? []);
  const paneAbove = v.M.Landscape.PANE_ABOVE ?? -1;
  /** @type {[number, number] | null} */
  let shown = null;  // the run the flat canvas stands for on the page now
  let want = '', gen = 0, on = true;
  // Two frames of the page (a worker's frames reach the page's canvases on their own schedule).
  const twoFrames = async () => { for (let i = 0; i < 2; i++) await new Promise((ok) => win.requestAnimationFrame(ok)); };

  /** @param {[number, number] | null} run */
  function show(run) {
    for (let l = 0; l < canvases.length; l++) canvases[l].style.visibility = run && l >= run[0] && l <= run[1] ? 'hidden' : '';
    canvas.style.visibility = run ? '' : 'hidden';
    if (run) {
      canvas.style.zIndex = String(2 * run[1] + 1);  // above the run's last layer, below the next
      canvas.style.transform = canvases[run[0]].style.transform;
    }
    shown = run;
  }
  // The layers' transforms as placed (landscape-layout.js, placeLayers): per layer [x, y] in CSS px.
  /** @param {Array<[number, number]>} applied */
  function place(applied) {
    /** @type {[number, number] | null} */
    let run = null;
    for (let a = 0, b = 0; a < applied.length; a = b + 1) {
      if (!hard[a]) { b = a; continue; }
      for (b = a; b + 1 < applied.length && hard[b + 1] && applied[b + 1][0] === applied[a][0] && applied[b + 1][1] === applied[a][1];) b++;
      if (b > a && (!run || b - a > run[1] - run[0])) run = [a, b];
    }
    // The opaque base, up to the layer under the pane's canvas while it shows (the tablet's line,
    // landscape-pane.js: the canopy above it then has its own canvas; the hard runs end below it).
    const b0 = applied[base[0]], top = /** @type {any} */ (v.layout)?.pane ? paneAbove : base[base.length - 1];
    if (b0 && top > base[0] && base.every((l) => l > top || (applied[l][0] === b0[0] && applied[l][1] === b0[1]))) run = [base[0], top];
    if (!on) run = null;
    const key = run ? run.join() : '';
    if (shown) canvas.style.transform = canvases[shown[0]].style.transform;  // its layers move as one
    if (key === want) return;
    want = key;
    void change(run, ++gen);
  }
  // From the run shown to another (or none). The run's own canvases lag while hidden (the core
  // leaves them: landscape-paint.js), so they get what they lack before they show again, and until
  // then the flat canvas stands for them, moved as its first layer (the layers apart a few frames
  // later than the parallax asks, never a wrong picture). A failed flat op answers false (the op
  // list reports it): the layers' own canvases stay shown.
  /** @param {[number, number] | null} run @param {number} g */
  async function change(run, g) {
    const ok = () => g === gen && !v.destroyed;
    if (shown) {
      await v.ops.flat(...shown, false);  // the core keeps every canvas current from now
      await twoFrames();
      if (!ok()) return;
      show(null);
    }
    const drawn = await v.ops.flat(...(run ?? [-1, -1]), false);
    if (!drawn || !run) return;
    await twoFrames();
    if (!ok()) return;
    show(run);
    void v.ops.flat(...run, true);  // hidden now: the core may leave the run's own canvases
  }
  // The tests' switch (handle.debug.flatten): off, every layer shows on its own canvas.
  /** @param {boolean} yes @param {Array<[number, number]>} applied */
  function enable(yes, applied) {
    on = yes;
    place(applied);
  }
  return { place, enable, shown: () => shown };
}
