// The landscape's driver core: the wasm scene, the seven layer canvases' 2-D contexts and the
// animation loop. It touches no DOM and no window, so the same code runs in a dedicated module
// worker (web/landscape-worker.js, painting OffscreenCanvas layers transferred from the page) or
// on the page's main thread (web/landscape.js when a worker cannot start). landscape.js keeps the
// DOM, the pointer, the parallax and the handle, and drives this core through its commands (the
// methods of createCore's result): called directly on the main thread, by postMessage otherwise.
// Every command takes and returns plain, cloneable data.
//
// Per animation frame the core makes ONE advance(dt) call into wasm and, for each layer whose bit
// is set in the returned mask, one putImageData of the part that changed (changedRects) from a
// zero-copy view of wasm memory. It does no per-pixel work in JavaScript.

// The canvases are made before the module loads (in worker mode, on another thread), so the page
// needs the order up front; createCore checks it against the module's (cpp/scene/landscape.h).
export const LAYERS = ['sky', 'land', 'rift', 'hill', 'gate', 'near', 'canopy'];
const ALL = (1 << LAYERS.length) - 1;
const MODE_IDLE = 0;

// The frame clock of the thread the core runs on: requestAnimationFrame where the global has it
// (windows; dedicated workers in current browsers), else a 60 Hz timer.
function frameClock(g) {
  if (typeof g.requestAnimationFrame === 'function') {
    return { request: (fn) => g.requestAnimationFrame(fn), cancel: (id) => g.cancelAnimationFrame(id) };
  }
  return { request: (fn) => g.setTimeout(() => fn(performance.now()), 16), cancel: (id) => g.clearTimeout(id) };
}

/**
 * createCore(M, init, emit) -> the core's commands.
 * M      the loaded module (landscape-loader.js)
 * init   { canvases (HTMLCanvasElement or OffscreenCanvas, LAYERS order), seed, season, day, dusk,
 *          frozen (a clock in s, or null), motion, framing, debug }
 * emit   called with what the page mirrors: { type: 'progress', clock, frames, advance } while the
 *        loop runs (advance only with debug: [mask, advance ms, paint ms, frame start in the page's
 *        performance.now() time]), { type: 'sleep', clock } when it stops.
 * instruments  with init.debug: landscape-debug.js's coreInstruments, whose commands (debugInfo,
 *        step, churn ...) join the core's; loaded only then, so a visitor's page carries none of them.
 */
export function createCore(M, init, emit, instruments = null) {
  const clock = frameClock(globalThis);
  const scene = new M.Landscape(init.seed);
  const ctxs = init.canvases.map((c) => c.getContext('2d', { alpha: true }));
  const framing = init.framing;
  const frozen = init.frozen;
  let motion = init.motion;
  let paused = false, visible = true, destroyed = false;
  let raf = 0, lastTs = null;
  let layout = null;  // { w, h, pitch, bw, bh }
  const debug = init.debug ? { frames: 0 } : null;
  // The page reads performance.now() on its own clock; a worker's starts later.
  const toPageTime = (t) => t + performance.timeOrigin - (init.timeOrigin ?? performance.timeOrigin);

  // Stepped repaints (cpp/scene/landscape.h, setStepped): a resize, seed, season or daylight change
  // is painted a few milliseconds per task into back buffers while the old layers stay up, so no
  // task runs long; shown() puts the new layers on the canvases when they are complete.
  const stepped = typeof scene.setStepped === 'function';
  if (stepped) scene.setStepped(true);
  const STEP_MS = 8;    // per task while the old layers are shown (the loop's frames run between)
  // Per task before the first frame: nothing to animate yet, so a worker takes longer steps; on the
  // page's main thread the page itself (its card, input) runs between them, so the same short ones.
  const FIRST_MS = typeof WorkerGlobalScope === 'function' ? 20 : STEP_MS;
  let pumping = 0;
  let asked = null;     // the viewport asked for: { w, h, pitch }
  const waiting = [];   // viewport() answers waiting for the repaint to complete

  scene.setSeason(init.season);
  scene.setDayAndDusk(init.day, init.dusk);
  scene.setPortalMode(MODE_IDLE);
  scene.setClock(frozen ?? scene.clock);
  // The ruin's tablet and clock (cpp/scene/ruin.h, hands.h): the wall clock is kept relative to
  // the scene clock, so every later setClock shows that moment's time.
  if (typeof scene.setPath === 'function') {
    scene.setPath(init.path ?? '');
    scene.setLife(init.life ?? true);
    scene.setWallClock((init.wall0 ?? 0) + scene.clock);
  }
  // Reduced motion (not a frozen clock, which shows its moment): the ruin's life still, the ivy grown.
  if (typeof scene.setMotion === 'function') scene.setMotion(motion || frozen !== null);

  // ---- pixels: zero-copy ImageData over wasm memory, re-created after anything may allocate ----
  if (M.Landscape.LAYERS.join() !== LAYERS.join()) throw new Error('noisefield: the module\'s layers are ' + M.Landscape.LAYERS.join(', '));
  const images = new Array(LAYERS.length).fill(null);
  const dropViews = () => images.fill(null);
  function image(l) {
    let id = images[l];
    if (!id || id.data.length === 0) {  // a grown memory detaches the old buffer: length 0
      const v = scene.pixels(l);
      id = new ImageData(new Uint8ClampedArray(v.buffer, v.byteOffset, v.length), layout.bw, layout.bh);
      images[l] = id;
    }
    return id;
  }
  function paint(mask) {
    for (let l = 0; l < LAYERS.length; l++) if (mask & (1 << l)) ctxs[l].putImageData(image(l), 0, 0);
  }
  // What advance() changed: of each layer it reports, only the part its tick painted (the rest of
  // the canvas shows that layer already), so a fine pitch does not copy megabytes it never touched.
  function paintAdvanced(mask) {
    if (!mask) return;
    const r = scene.changedRects();
    for (let l = 0; l < LAYERS.length; l++) {
      if (!(mask & (1 << l))) continue;
      const k = 4 * l;
      if (r[k + 2] > 0 && r[k + 3] > 0) ctxs[l].putImageData(image(l), 0, 0, r[k], r[k + 1], r[k + 2], r[k + 3]);
    }
  }

  // ---- painting ----
  const live = () => motion && !paused;
  // A still frame (no animation): the clock (frozen or current) re-established, every layer painted.
  // Stepped: renderAll in steps, shown by shown(): -> a Promise of that.
  function still() {
    if (stepped && layout && typeof scene.beginRender === 'function') {
      scene.setClock(frozen ?? scene.clock);
      scene.beginRender();
      dropViews();
      if (!scene.repainting) { paint(ALL); return undefined; }  // rendered at once (no memory for steps)
      repaint();
      return new Promise((answer) => waiting.push(() => answer()));
    }
    finishRepaint();
    if (!layout) return;
    scene.setClock(frozen ?? scene.clock);
    scene.renderAll();
    dropViews();
    paint(ALL);
  }
  // The scene at rest at the current clock, rounded to the millisecond so that a link carries it
  // exactly: no pointer eddies, gust or splashes, the portal idle (unless entering). Every layer is
  // repainted from (world, day, dusk, season, viewport, clock) alone, which is exactly what a link
  // with those values (t = the clock) rebuilds; the live loop's stop-motion ticks and pointer
  // history leave no trace.
  function settle(entering) {
    finishRepaint();
    if (!layout) return;
    scene.setPointer(0, 0, false);
    if (!entering) scene.setPortalMode(MODE_IDLE);
    scene.setClock(frozen ?? Math.round(scene.clock * 1000) / 1000);
    scene.renderAll();
    dropViews();
    paint(ALL);
  }
  // After a change that repainted layers in C++: show them live, or as a still frame. A stepped
  // repaint shows them when it completes: -> a Promise of that, so the command answers then.
  const changed = () => {
    dropViews();
    if (scene.repainting) {
      repaint();
      return new Promise((answer) => waiting.push(() => answer()));
    }
    if (live()) { wake(); return undefined; }
    return still();
  };

  // The stepped repaint in progress, a task at a time (timers, so it goes on in a hidden tab too).
  function repaint() {
    if (!pumping && !destroyed && scene.repainting) pumping = setTimeout(pump, 0);
  }
  function pump() {
    pumping = 0;
    if (destroyed || !scene.repainting) return;
    if (scene.stepRepaint(layout ? STEP_MS : FIRST_MS)) shown();
    else repaint();
  }
  // The repaint is complete: the new layers (maybe of a new size) go on the canvases, and the
  // viewport() calls waiting for them get the placement. Its ticks were painted at the clock of
  // the moment (frozen, or not advancing while still), so a still frame needs nothing more.
  function shown() {
    dropViews();
    const at = placement();
    const first = layout === null;
    if (first || layout.bw !== at.bw || layout.bh !== at.bh) for (const c of init.canvases) { c.width = at.bw; c.height = at.bh; }
    layout = { ...asked, pitch: at.pitch, bw: at.bw, bh: at.bh };
    paint(ALL);
    if (first && debug) debug.firstPaintMs = toPageTime(performance.now());
    for (const answer of waiting.splice(0)) answer(at);
    wake();
  }
  // Anything that needs the new layers at once (a picture, a pause) finishes the repaint first.
  function finishRepaint() {
    if (!scene.repainting) return;
    scene.stepRepaint(Infinity);
    shown();
  }

  function frame(ts) {
    raf = 0;
    if (destroyed || !layout || !live()) return;
    const dt = lastTs === null ? 0 : Math.min(0.05, Math.max(0, (ts - lastTs) / 1000));
    lastTs = ts;
    if (debug) {
      const t0 = performance.now();
      const mask = scene.advance(dt);
      const t1 = performance.now();
      paintAdvanced(mask);
      debug.frames++;
      emit({ type: 'progress', clock: scene.clock, frames: debug.frames, advance: [mask, t1 - t0, performance.now() - t1, toPageTime(t0)] });
    } else {
      paintAdvanced(scene.advance(dt));
      emit({ type: 'progress', clock: scene.clock });
    }
    wake();
  }
  function wake() {
    if (raf || destroyed || !visible || !layout || !live()) return;
    raf = clock.request(frame);
  }
  function sleep() {
    if (raf) clock.cancel(raf);
    raf = 0;
    lastTs = null;
    if (!destroyed) emit({ type: 'sleep', clock: scene.clock });
  }

  // The pitch is the scene's: setViewport raises the one asked for when its buffers would exceed
  // the budget (Landscape.maxBufferPixels), and the canvases' CSS size is bw x pitch.
  const placement = () => ({ bw: scene.bufferWidth, bh: scene.bufferHeight, pitch: scene.pitch, ...scene.placement });

  const commands = {
    // The element's size in CSS px and the pitch asked for: -> { bw, bh, pitch (the scene's), scale,
    // ox, oy, inset, gateX, gateY, gateR, waterY }. The first call renders the first frame (once: setViewport renders).
    // Stepped: -> a Promise of it, when the new layers are shown (the old stay up until then).
    viewport(w, h, pitch) {
      const first = layout === null;
      asked = { w, h, pitch };
      scene.setViewport({ cssWidth: w, cssHeight: h, pitch, framing });
      if (scene.repainting) {
        repaint();
        return new Promise((answer) => waiting.push(answer));
      }
      dropViews();
      const at = placement();
      layout = { w, h, pitch: at.pitch, bw: at.bw, bh: at.bh };
      for (const c of init.canvases) { c.width = at.bw; c.height = at.bh; }
      if (first) {
        scene.advance(0);  // takes the repaint report setViewport left, so the first frame paints nothing twice
        paint(ALL);
        if (debug) debug.firstPaintMs = toPageTime(performance.now());
        wake();
      } else if (live()) {
        paint(ALL);
      } else {
        still();
      }
      return at;
    },
    pointer(x, y, inside) { scene.setPointer(x, y, inside); },
    portalMode(m) {
      scene.setPortalMode(m);
      if (!motion) return still();  // reduced motion / frozen: heat jumps to the mode's target, rift repaints once
      wake();
      return undefined;
    },
    splash(x, y) {
      scene.splash(x, y);
      dropViews();
      wake();
    },
    seed(s) { scene.setWorldSeed(s); return changed(); },
    season(s) { scene.setSeason(s); return changed(); },
    dayDusk(d, k) {
      if (Math.abs(d - scene.day) < 1e-9 && Math.abs(k - scene.dusk) < 1e-9) return undefined;
      scene.setDayAndDusk(d, k);
      return changed();
    },
    motion(on) {
      motion = on;
      if (typeof scene.setMotion === 'function') scene.setMotion(on || frozen !== null);
      if (on) { wake(); return undefined; }
      return still();
    },
    // Hidden tab or element off screen: no frames at all.
    visible(on) {
      visible = on;
      if (!on) sleep();
      else { lastTs = null; wake(); }
    },
    // -> the clock the view settled at.
    pause(entering = false) {
      paused = true;
      sleep();
      settle(entering);
      return scene.clock;
    },
    resume() { paused = false; lastTs = null; wake(); },
    // The composited view at rest (the layers flattened in C++), zoom x zoom per buffer pixel:
    // -> { width, height, pixels (a copy), clock }. Pauses first, so it is what a share link rebuilds.
    picture(zoom, entering = false) {
      paused = true;
      sleep();
      settle(entering);
      const p = scene.picture(zoom, 'buffer');
      return { width: p.width, height: p.height, pixels: new Uint8ClampedArray(p.pixels), clock: scene.clock };
    },
    destroy() {
      if (destroyed) return;
      if (pumping) clearTimeout(pumping);
      for (const answer of waiting.splice(0)) answer(null);  // nothing will be shown
      sleep();
      destroyed = true;
      dropViews();
      scene.delete();
    },
  };
  if (instruments) {
    Object.assign(commands, instruments({
      M, scene, framing, debug, layers: LAYERS, all: ALL, layout: () => layout, paint, paintAdvanced, finishRepaint, dropViews,
    }));
  }
  return commands;
}
