// The landscape's driver core: the wasm scene, the seven layer canvases' 2-D contexts and the
// animation loop. It touches no DOM and no window, so the same code runs in a dedicated module
// worker (web/landscape-worker.js, painting OffscreenCanvas layers transferred from the page) or
// on the page's main thread (web/landscape.js when a worker cannot start). landscape.js keeps the
// DOM, the pointer, the parallax and the handle, and drives this core through its commands (the
// methods of createCore's result): called directly on the main thread, by postMessage otherwise.
// Every command takes and returns plain, cloneable data.
//
// Per step the core makes ONE advance(dt) call into wasm; per frame shown (a step's, or several
// steps' together while the pointer is still: landscape-loop.js), for each layer whose bit the
// steps set, one putImageData of the part that changed (the union of changedRects) from a
// zero-copy view of wasm memory. It does no per-pixel work in JavaScript.

import { createPainter } from './landscape-paint.js';
import { createLoop } from './landscape-loop.js';
import { createRepaint } from './landscape-repaint.js';

// The canvases are made before the module loads (in worker mode, on another thread), so the page
// needs the order up front; createCore checks it against the module's (cpp/scene/landscape.h).
export const LAYERS = ['sky', 'land', 'rift', 'hill', 'gate', 'near', 'fx', 'canopy'];
const MODE_IDLE = 0;

/**
 * createCore(M, init, emit) -> the core's commands.
 * M      the loaded module (landscape-loader.js)
 * init   { canvases (HTMLCanvasElement or OffscreenCanvas, LAYERS order), seed, season, day, dusk,
 *          frozen (a clock in s, or null), motion, framing, fps (0: no cap), debug }
 * emit   called with what the page mirrors: { type: 'progress', clock, keepingUp, behind } while the
 *        loop runs (and with debug, per step, { frames, advance: [mask, advance ms, paint ms, step
 *        start in the page's performance.now() time, 1 if a frame was shown after it] }),
 *        { type: 'sleep', clock } when it stops.
 * instruments  with init.debug: landscape-debug.js's coreInstruments, whose commands (debugInfo,
 *        step, churn ...) join the core's; loaded only then, so a visitor's page carries none of them.
 * The parts: landscape-paint.js (the pixels), landscape-loop.js (the animation loop) and
 * landscape-repaint.js (still frames and stepped repaints), over one state object.
 * @param {any} M
 * @param {any} init
 * @param {(r: any) => void} emit
 * @param {any} [instruments]
 */
export function createCore(M, init, emit, instruments = null) {
  if (M.Landscape.LAYERS.join() !== LAYERS.join()) throw new Error('noisefield: the module\'s layers are ' + M.Landscape.LAYERS.join(', '));
  const scene = new M.Landscape(init.seed);
  const c = {
    scene, canvases: init.canvases, frozen: init.frozen, motion: init.motion, emit,
    paused: false, visible: true, destroyed: false,
    /** @type {{ w: number, h: number, pitch: number, bw: number, bh: number } | null} */
    layout: null,
    /** @type {{ w: number, h: number, pitch: number } | null} */
    asked: null,  // the viewport asked for
    debug: init.debug ? { frames: 0, firstPaintMs: /** @type {number | null} */ (null) } : null,
    // The page reads performance.now() on its own clock; a worker's starts later.
    toPageTime: (/** @type {number} */ t) => t + performance.timeOrigin - (init.timeOrigin ?? performance.timeOrigin),
    live: () => c.motion && !c.paused,
  };
  const painter = createPainter(c, init.canvases.map((/** @type {any} */ cv) => cv.getContext('2d', { alpha: true })));
  const loop = createLoop(c, painter, { shortestTick: M.Landscape.shortestTick ?? 0, fps: init.fps ?? 0 });
  const rp = createRepaint(c, painter, loop);
  const { dropViews, paint, all } = painter;
  const framing = init.framing;

  scene.setSeason(init.season);
  scene.setDayAndDusk(init.day, init.dusk);
  scene.setPortalMode(MODE_IDLE);
  scene.setClock(c.frozen ?? scene.clock);
  // The ruin's tablet and clock (cpp/scene/ruin.h, hands.h): the wall clock is kept relative to
  // the scene clock, so every later setClock shows that moment's time.
  if (typeof scene.setPath === 'function') {
    scene.setPath(init.path ?? '');
    scene.setLife(init.life ?? true);
    scene.setWallClock((init.wall0 ?? 0) + scene.clock);
  }
  // Reduced motion (not a frozen clock, which shows its moment): the ruin's life still, the ivy grown.
  if (typeof scene.setMotion === 'function') scene.setMotion(c.motion || c.frozen !== null);

  const commands = {
    // The element's size in CSS px and the pitch asked for: -> { bw, bh, pitch (the scene's), scale,
    // ox, oy, inset, gateX, gateY, gateR, waterY }. The first call renders the first frame (once: setViewport renders).
    // Stepped: -> a Promise of it, when the new layers are shown (the old stay up until then).
    /** @param {number} w @param {number} h @param {number} pitch */
    viewport(w, h, pitch) {
      const first = c.layout === null;
      c.asked = { w, h, pitch };
      scene.setViewport({ cssWidth: w, cssHeight: h, pitch, framing });
      if (scene.repainting) {
        rp.repaint();
        return rp.whenShown();
      }
      dropViews();
      const at = rp.placement();
      c.layout = { w, h, pitch: at.pitch, bw: at.bw, bh: at.bh };
      for (const cv of init.canvases) { cv.width = at.bw; cv.height = at.bh; }
      loop.restart();
      if (first) {
        scene.advance(0);  // takes the repaint report setViewport left, so the first frame paints nothing twice
        paint(all);
        if (c.debug) c.debug.firstPaintMs = c.toPageTime(performance.now());
        loop.wake();
      } else if (c.live()) {
        paint(all);
      } else {
        rp.still();
      }
      return at;
    },
    // (nx, ny): the point in the near layer's units, where it knocks the tablet's letters off.
    /** @param {number} x @param {number} y @param {boolean} inside @param {number} [nx] @param {number} [ny] */
    pointer(x, y, inside, nx, ny) { scene.setPointer(x, y, inside, nx, ny); loop.moved(); },
    /** @param {number} m */
    portalMode(m) {
      scene.setPortalMode(m);
      if (!c.motion) return rp.still();  // reduced motion / frozen: heat jumps to the mode's target, rift repaints once
      loop.wake();
      return undefined;
    },
    /** @param {number} x @param {number} y */
    splash(x, y) {
      scene.splash(x, y);
      dropViews();
      loop.wake();
    },
    /** @param {number} s */
    seed(s) { scene.setWorldSeed(s); return rp.changed(); },
    /** @param {number | null} s */
    season(s) { scene.setSeason(s); return rp.changed(); },
    /** @param {number} d @param {number} k */
    dayDusk(d, k) {
      if (Math.abs(d - scene.day) < 1e-9 && Math.abs(k - scene.dusk) < 1e-9) return undefined;
      scene.setDayAndDusk(d, k);
      return rp.changed();
    },
    /** @param {boolean} on */
    motion(on) {
      c.motion = on;
      if (typeof scene.setMotion === 'function') scene.setMotion(on || c.frozen !== null);
      if (on) { loop.wake(); return undefined; }
      return rp.still();
    },
    // Hidden tab or element off screen: no frames at all.
    /** @param {boolean} on */
    visible(on) {
      c.visible = on;
      if (!on) loop.sleep();
      else { loop.restart(); loop.wake(); }
    },
    // -> the clock the view settled at.
    pause(entering = false) {
      c.paused = true;
      loop.sleep();
      rp.settle(entering);
      return scene.clock;
    },
    resume() { c.paused = false; loop.restart(); loop.wake(); },
    // The composited view at rest (the layers flattened in C++), zoom x zoom per buffer pixel:
    // -> { width, height, pixels (a copy), clock }. Pauses first, so it is what a share link rebuilds.
    // pitch: finer than the view's (the page raised the view's to keep up): the picture is rendered
    // at that pitch, as the link's viewer sees it, and the view goes back to its own after.
    /** @param {number} zoom @param {number} [pitch] */
    picture(zoom, entering = false, pitch = 0) {
      c.paused = true;
      loop.sleep();
      rp.settle(entering);
      const L = c.layout;
      const finer = L !== null && pitch > 0 && pitch < L.pitch && typeof scene.setStepped === 'function';
      const view = (/** @type {number} */ p) => {
        const l = /** @type {{ w: number, h: number }} */ (L);
        scene.setViewport({ cssWidth: l.w, cssHeight: l.h, pitch: p, framing });
        scene.renderAll();
      };
      if (finer) {
        scene.setStepped(false);  // at once: this command answers with the picture
        view(pitch);
      }
      try {
        const p = scene.picture(zoom, 'buffer');
        return { width: p.width, height: p.height, pixels: new Uint8ClampedArray(p.pixels), clock: scene.clock };
      } finally {
        if (finer) {
          view(/** @type {{ pitch: number }} */ (L).pitch);
          scene.setStepped(true);
          dropViews();
          paint(all);
        }
      }
    },
    destroy() {
      if (c.destroyed) return;
      rp.cancel();
      loop.sleep();
      c.destroyed = true;
      dropViews();
      scene.delete();
    },
  };
  if (instruments) {
    Object.assign(commands, instruments({
      M, scene, framing, debug: c.debug, layers: LAYERS, all, layout: () => c.layout, paint, paintAdvanced: painter.paintAdvanced,
      finishRepaint: rp.finishRepaint, dropViews, present: painter.present,
    }));
  }
  return commands;
}
