// The landscape's driver core: the wasm scene, the layer canvases' 2-D contexts and the
// animation loop. It touches no DOM and no window, so the same code runs in a dedicated module
// worker (web/landscape-worker.js, painting OffscreenCanvas layers transferred from the page) or
// on the page's main thread (web/landscape.js when a worker cannot start). landscape.js keeps the
// DOM, the pointer, the parallax and the handle, and drives this core through the one op list
// (landscape-ops.js): called directly on the main thread, by postMessage otherwise. Every op takes
// and returns plain, cloneable data.
//
// Per step the core makes ONE advance(dt) call into wasm; per frame shown (a step's, or several
// steps' together while the pointer is still: landscape-loop.js), for each layer whose bit the
// steps set, one putImageData of the part that changed (the union of changedRects) from a
// zero-copy view of wasm memory. It does no per-pixel work in JavaScript.

import { createPainter } from './landscape-paint.js';
import { withPane } from './landscape-pane.js';
import { createLoop } from './landscape-loop.js';
import { createRepaint } from './landscape-repaint.js';
import { CORE_OPS } from './landscape-ops.js';

// The layers, their order and the portal's modes are the module's (cpp/scene/landscape.h, through
// M.Landscape): the page makes its canvases from M.Landscape.LAYERS.

/**
 * createCore(M, init, emit) -> the core's commands: landscape-ops.js's CORE_OPS, no more and no fewer.
 * M      the loaded module (landscape-loader.js)
 * init   landscape-ops.js's CoreInit: the canvases (M.Landscape.LAYERS' order), the world
 *        (Landscape.setWorld's object), frozen (a clock in s, or null), motion, framing, fps, debug
 * emit   called with the core's reports (landscape-ops.js, Report: one shape): { type: 'progress',
 *        clock, keepingUp, behind, frames, advances } while the loop runs (with debug, advances has
 *        the step's [mask, advance ms, paint ms, step start in the page's performance.now() time,
 *        1 if a frame was shown after it]), type 'sleep' when it stops.
 * instruments  with init.debug: landscape-debug.js's coreInstruments, whose commands (debugInfo,
 *        step, churn ...) join the core's; loaded only then, so a visitor's page carries none of them.
 * The parts: landscape-paint.js (the pixels), landscape-loop.js (the animation loop) and
 * landscape-repaint.js (still frames and stepped repaints), over one state object.
 * @param {any} M
 * @param {import('./landscape-ops.js').CoreInit} init
 * @param {(r: import('./landscape-ops.js').Report) => void} emit
 * @param {any} [instruments]
 */
export function createCore(M, init, emit, instruments = null) {
  const { LAYERS, PORTAL_MODES } = M.Landscape;
  if (init.canvases.length !== LAYERS.length) throw new Error(`noisefield: the module's layers are ${LAYERS.join(', ')} (got ${init.canvases.length} canvases)`);
  const scene = new M.Landscape();
  const c = {
    scene, canvases: init.flat ? [...init.canvases, init.flat] : init.canvases, frozen: init.frozen, motion: init.motion, emit,
    paused: init.paused === true, visible: true, destroyed: false,  // paused: held at the first frame until resume
    /** @type {{ w: number, h: number, pitch: number, bw: number, bh: number } | null} */
    layout: null,
    /** @type {{ w: number, h: number, pitch: number } | null} */
    asked: null,  // the viewport asked for
    debug: init.debug ? { frames: 0, firstPaintMs: /** @type {number | null} */ (null) } : null,
    // The page reads performance.now() on its own clock; a worker's starts later.
    toPageTime: (/** @type {number} */ t) => t + performance.timeOrigin - (init.timeOrigin ?? performance.timeOrigin),
    live: () => c.motion && !c.paused,
    idle: PORTAL_MODES.idle,  // the portal at rest
    framing: init.framing,
  };
  try {
    scene.setPortalMode(c.idle);
    // The world, one object by the parameter table (checked in C++, all before any is applied): a
    // frozen clock is its time, the ruin's hands its at (the wall clock is kept relative to the
    // scene clock, so every later setClock shows that moment's time).
    scene.setWorld(init.world);
  } catch (e) {
    scene.delete();
    throw e;
  }
  const painter = withPane(createPainter(c, init.canvases, init.flat ?? null), c, init.pane ?? null, M.Landscape.PANE_LAYER);
  const loop = createLoop(c, painter, { shortestTick: M.Landscape.shortestTick ?? 0, fps: init.fps ?? 0 });
  const rp = createRepaint(c, painter, loop);
  const { dropViews, paint, all } = painter, { framing } = c;
  // Reduced motion (not a frozen clock, which shows its moment): the ruin's life still, the ivy grown.
  scene.setMotion(c.motion || c.frozen !== null);
  // What the page reads back of the world: the seed, the daylight (after a dark scheme's cap), the pane's box (a path gives or takes it) ...
  /** @returns {import('./landscape-ops.js').WorldNow} */
  const worldNow = () => ({ seed: scene.worldSeed, day: scene.day, dusk: scene.dusk, season: scene.season, pane: rp.placement().pane });
  /** @returns {import('./landscape-ops.js').Rest} the view at rest: its clock, its world as a link writes it */
  const rest = () => ({ clock: scene.clock, world: scene.world() });

  const commands = {
    flat: painter.setFlat,  // (a, b, hidden): layers a..b onto the flat canvas, sized with the layers (landscape-flat.js)
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
      for (const cv of c.canvases) { cv.width = at.bw; cv.height = at.bh; }
      loop.restart();
      if (first) {
        scene.advance(0);  // takes the repaint report setViewport left, so the first frame paints nothing twice
        paint(all);
        if (c.debug) c.debug.firstPaintMs = c.toPageTime(performance.now());
        loop.wake();
      } else if (c.live()) {
        paint(all);
      } else {
        void rp.still();  // the placement answers now; the still frame shows when its steps are done
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
    // A part of the world (Landscape.setWorld, the table's option names): -> what the scene shows
    // then, once the new picture is shown.
    /** @param {Record<string, any>} world */
    world(world) {
      scene.setWorld(world);
      const shown = rp.changed();
      return shown instanceof Promise ? shown.then(worldNow) : worldNow();
    },
    state: worldNow,
    /** @param {boolean} on */
    motion(on) {
      c.motion = on;
      scene.setMotion(on || c.frozen !== null);
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
    // -> the view at rest: the clock it settled at and its world.
    pause(entering = false) {
      c.paused = true;
      loop.sleep();
      rp.settle(entering);
      return rest();
    },
    resume() { c.paused = false; loop.restart(); loop.wake(); },
    // The composited view at rest (the layers flattened in C++), zoom x zoom per buffer pixel:
    // -> { width, height, pixels (a copy), clock, world }. Pauses first, so it is what a share link
    // rebuilds. pitch: finer than the view's (the page raised the view's to keep up): the picture is
    // rendered at that pitch, as the link's viewer sees it, and the view goes back to its own after.
    /** @param {number} zoom @param {number} [pitch] */
    picture(zoom, entering = false, pitch = 0) {
      c.paused = true;
      loop.sleep();
      rp.settle(entering);
      return { ...pictureAt(c, painter, zoom, pitch), ...rest() };
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
  // The commands are the op list's (landscape-ops.js), no more and no fewer.
  if (Object.keys(commands).sort().join() !== [...CORE_OPS].sort().join()) {
    throw new Error(`noisefield: the core's commands (${Object.keys(commands).join(', ')}) are not landscape-ops.js's (${CORE_OPS.join(', ')})`);
  }
  if (instruments) {
    Object.assign(commands, instruments({
      M, scene, framing, debug: c.debug, layers: LAYERS, all, layout: () => c.layout, paint, paintAdvanced: painter.paintAdvanced,
      finishRepaint: rp.finishRepaint, whenRepainted: () => (scene.repainting ? rp.whenShown() : null), dropViews, present: painter.present, freshen: () => painter.freshen(all), contexts: painter.contexts,
    }));
  }
  return commands;
}

// The picture's pixels (a copy) at the view's pitch, or at a finer one for the picture alone.
/** @param {any} c @param {ReturnType<typeof createPainter>} painter @param {number} zoom @param {number} pitch */
function pictureAt(c, painter, zoom, pitch) {
  const { scene, framing } = c;
  const L = c.layout;
  const finer = L !== null && pitch > 0 && pitch < L.pitch;
  const view = (/** @type {number} */ p) => {
    scene.setViewport({ cssWidth: L.w, cssHeight: L.h, pitch: p, framing });
    scene.renderAll();
  };
  if (finer) {
    scene.setStepped(false);  // at once: this command answers with the picture
    view(pitch);
  }
  try {
    const p = scene.picture(zoom, 'buffer');
    return { width: p.width, height: p.height, pixels: new Uint8ClampedArray(p.pixels) };
  } finally {
    if (finer) {
      view(L.pitch);
      scene.setStepped(true);
      painter.dropViews();
      painter.paint(painter.all);
    }
  }
}
