// The core's animation loop: per frame ONE advance(dt) call into wasm, then the changed parts of
// the layers it reports painted, and the clock reported to the page. It runs while the scene is
// live (motion on, not paused), visible and sized.

// The frame clock of the thread the core runs on: requestAnimationFrame where the global has it
// (windows; dedicated workers in current browsers), else a 60 Hz timer.
/** @param {any} g */
function frameClock(g) {
  if (typeof g.requestAnimationFrame === 'function') {
    return { request: (/** @type {FrameRequestCallback} */ fn) => g.requestAnimationFrame(fn), cancel: (/** @type {number} */ id) => g.cancelAnimationFrame(id) };
  }
  return { request: (/** @type {FrameRequestCallback} */ fn) => g.setTimeout(() => fn(performance.now()), 16), cancel: (/** @type {number} */ id) => g.clearTimeout(id) };
}

/**
 * @param {any} c the core's state ({ scene, layout, visible, destroyed, debug, emit, toPageTime, live() })
 * @param {ReturnType<typeof import('./landscape-paint.js').createPainter>} painter
 */
export function createLoop(c, painter) {
  const clock = frameClock(globalThis);
  let raf = 0;
  /** @type {number | null} */
  let lastTs = null;
  const { scene, debug, emit } = c;

  /** @param {number} ts */
  function frame(ts) {
    raf = 0;
    if (c.destroyed || !c.layout || !c.live()) return;
    const dt = lastTs === null ? 0 : Math.min(0.05, Math.max(0, (ts - lastTs) / 1000));
    lastTs = ts;
    if (debug) {
      const t0 = performance.now();
      const mask = scene.advance(dt);
      const t1 = performance.now();
      painter.paintAdvanced(mask);
      debug.frames++;
      emit({ type: 'progress', clock: scene.clock, frames: debug.frames, advance: [mask, t1 - t0, performance.now() - t1, c.toPageTime(t0)] });
    } else {
      painter.paintAdvanced(scene.advance(dt));
      emit({ type: 'progress', clock: scene.clock });
    }
    wake();
  }
  function wake() {
    if (raf || c.destroyed || !c.visible || !c.layout || !c.live()) return;
    raf = clock.request(frame);
  }
  function sleep() {
    if (raf) clock.cancel(raf);
    raf = 0;
    lastTs = null;
    if (!c.destroyed) emit({ type: 'sleep', clock: scene.clock });
  }
  const restart = () => { lastTs = null; };
  return { wake, sleep, restart };
}
