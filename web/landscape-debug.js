// The landscape's instruments for the tests and `./noisefield bench` (mount option debug: true,
// which the 404 page sets only behind its test hooks): timing and heap commands for the driver core
// and handle.debug for the page. landscape.js and landscape-worker.js import this file only then,
// so a visitor's page never downloads it; it imports nothing, and reaches the core's state through
// what createCore() hands it.

// The core's extra commands. c: { M, scene, framing, debug, layers, all, layout(), paint(mask),
// paintAdvanced(mask), finishRepaint(), whenRepainted() (a Promise of the repaint in progress
// shown, null with none), dropViews(), present(), freshen(), contexts (the painter's, of the layer
// canvases) } of one createCore().
export function coreInstruments({ M, scene, framing, debug, layers, all, layout, paint, paintAdvanced, finishRepaint, whenRepainted, dropViews, present, freshen, contexts }) {
  // Counts what is put on each layer's own canvas (debugInfo's puts), on the painter's own contexts
  // (a second getContext on a canvas handed to a worker throws in Firefox).
  debug.puts = contexts.map(() => 0);
  contexts.forEach((ctx, l) => {
    const put = ctx.putImageData.bind(ctx);
    ctx.putImageData = (/** @type {any[]} */ ...a) => { debug.puts[l]++; return put(...a); };
  });
  return {
    debugInfo() {
      return {
        firstPaintMs: debug.firstPaintMs ?? null, clock: scene.clock, day: scene.day, dusk: scene.dusk,
        heat: scene.heat, starsShown: scene.starsShown, starCount: scene.starCount,
        paintOnceCount: scene.paintOnceCount, renderCount: scene.renderCount,
        // The live loop's advance() calls and the frames it put on the canvases (uploads).
        steps: debug.frames, presents: debug.presents ?? 0,
        // Parts put on each layer's own canvas (a flattened run's, hidden, get none until shown).
        puts: [...debug.puts],
        heapUsed: M.heapUsedBytes(), heapTotal: M.HEAPU8.buffer.byteLength,
      };
    },
    setClock(t) { scene.setClock(t); },
    // Copies of the scene's layers (tests compare the canvases with them).
    layers() { return layers.map((_, l) => new Uint8ClampedArray(scene.pixels(l))); },
    // Busy work of ms milliseconds per 100,000 buffer pixels in every step of the live loop (0: none):
    // a scene too slow for its clock, to see the page adapt.
    burden(ms) { debug.burden = ms; return true; },
    // Puts what the live loop holds (changes not yet shown, waiting to share a frame) on the canvases,
    // and on the canvases the page hides (a flattened run's) what they lack: all current.
    showHeld() { present(); freshen(); return true; },
    // Puts on the canvases the page hides (a flattened run's) what they lack, without showing what
    // the loop holds: debug.shown()'s readers see every canvas current.
    freshenHidden() { freshen(); return true; },
    // Finishes a stepped repaint in progress at once (tests that read the layers next).
    settleRepaint() { finishRepaint(); return true; },
    // Waits for a stepped repaint in progress (a still frame after a change of the portal's mode,
    // say) to be put on the canvases in its own steps: -> true then (at once with none).
    async repainted() { await whenRepainted(); return true; },
    // n frames of dt seconds by hand (no loop), painting as the loop does: -> [mask, advance ms, paint ms] each.
    step(n = 1, dt = 1 / 60) {
      const out = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const mask = scene.advance(dt);
        const t1 = performance.now();
        paintAdvanced(mask);
        out.push([mask, t1 - t0, performance.now() - t1]);
      }
      return out;
    },
    // Paint-once cost: a forced repaint of the grid-, day- and seed-dependent layers -> ms.
    repaintOnce() {
      const t0 = performance.now();
      scene.setViewport({ cssWidth: layout().w, cssHeight: layout().h, pitch: layout().pitch, framing });
      if (scene.repainting) scene.stepRepaint(Infinity);  // the whole repaint's work, all steps
      const ms = performance.now() - t0;
      dropViews();
      paint(all);
      return ms;
    },
    // The scene's repaint for a new daylight -> ms.
    dayRepaint(d, k) {
      const t0 = performance.now();
      scene.setDayAndDusk(d, k);
      if (scene.repainting) scene.stepRepaint(Infinity);  // the whole repaint's work, all steps
      const ms = performance.now() - t0;
      dropViews();
      paint(all);  // the canvases keep up: later frames paint only what their ticks change
      return ms;
    },
    // n stepped frames with pointer eddies and splashes: -> [heap used before, after] (leak check).
    churn(n) {
      this.step(60, 1 / 60);
      const before = M.heapUsedBytes();
      for (let i = 0; i < n; i++) {
        scene.setPointer(200 + ((i * 37) % 1200), 100 + ((i * 13) % 500), true);
        if (i % 50 === 0) scene.splash(300 + ((i * 7) % 1000), 920);
        this.step(1, 1 / 60);
      }
      scene.setPointer(0, 0, false);
      return [before, M.heapUsedBytes()];
    },
  };
}

// The page's side. pageReport(debug, setClock) -> the report function for the core's messages,
// which keeps every frame's [mask, advance ms, paint ms, start] (up to 20000) in debug.advances,
// each report's fields, as seen, in debug.reportShapes (one shape in both modes: landscape-ops.js),
// and the last progress report's pace (keepingUp, busy, span) in debug.pace.
export function pageReport(debug, setClock) {
  const keep = (a) => { if (debug.advances.length < 20000) debug.advances.push(a); };
  debug.reportShapes = [];
  return (r) => {
    const shape = `${r.type}: ${Object.keys(r).join(', ')}`;
    if (!debug.reportShapes.includes(shape)) debug.reportShapes.push(shape);
    setClock(r.clock);
    if (r.type !== 'progress') return;
    debug.pace = { keepingUp: r.keepingUp, busy: r.busy, span: r.span };
    if (r.advances.length) { debug.frames = r.frames; r.advances.forEach(keep); }
  };
}

// handle.debug: debug (frames, advances, firstPaintMs, savedClock) with ways in to the core.
// p: { port, M, call, layout(), canvases, win }.
export function handleInstruments(debug, { port, M, call, layout, canvases, win }) {
  Object.assign(debug, {
    mode: port.mode,
    module: M,
    layout: () => ({ ...layout() }),
    // Any core command (debugInfo, setClock, step, repaintOnce, dayRepaint, churn...), where
    // the core runs: -> a Promise of its result.
    call,
    // Waits until what the core painted is on the page's canvases. The core answers once it has
    // painted; a worker's frames then reach the page's canvases (placeholders) on their own
    // schedule, later under load. A placeholder keeps its 300 x 150 until its first frame comes,
    // so the canvases must first have the layout's size (two frames were not always enough:
    // hashes of blank 300 x 150 canvases), then two more frames pass for a same-size frame.
    async shown() {
      await call('freshenHidden');
      const frame = () => new Promise((ok) => win.requestAnimationFrame(ok));
      const sized = () => !layout() || canvases.every((c) => c.width === layout().bw && c.height === layout().bh);
      for (let i = 0; i < 1200 && !sized(); i++) await frame();
      if (!sized()) throw new Error(`debug.shown(): the canvases never took the layout's size ${layout().bw} x ${layout().bh}`);
      for (let i = 0; i < 2; i++) await frame();
    },
  });
  // On the main thread the module outlives destroy(): the tests read the freed heap.
  if (port.mode === 'main') debug.heapUsed = () => M.heapUsedBytes();
  return debug;
}
