// The core's repaints outside the loop: still frames, the view at rest (settle), and the stepped
// repaints (cpp/scene/landscape.h, setStepped): a resize, seed, season or daylight change is
// painted a few milliseconds per task into back buffers while the old layers stay up, so no task
// runs long; shown() puts the new layers on the canvases when they are complete.

const STEP_MS = 8;    // per task while the old layers are shown (the loop's frames run between)
// Per task before the first frame: nothing to animate yet, so a worker takes longer steps; on the
// page's main thread the page itself (its card, input) runs between them, so the same short ones.
const FIRST_MS = typeof WorkerGlobalScope === 'function' ? 20 : STEP_MS;

/**
 * @param {any} c the core's state ({ scene, layout, asked, frozen, destroyed, canvases, debug, idle, toPageTime, live() })
 * @param {ReturnType<typeof import('./landscape-paint.js').createPainter>} painter
 * @param {ReturnType<typeof import('./landscape-loop.js').createLoop>} loop
 */
export function createRepaint(c, painter, loop) {
  const { scene } = c;
  const { all, dropViews, paint } = painter;
  const stepped = typeof scene.setStepped === 'function';
  if (stepped) scene.setStepped(true);
  let pumping = 0;
  /** @type {Array<(at: any) => void>} */
  const waiting = [];   // answers waiting for the repaint to complete

  // The pitch is the scene's: setViewport raises the one asked for when its buffers would exceed
  // the budget (Landscape.maxBufferPixels), and the canvases' CSS size is bw x pitch.
  // pane: the pane's box on the layer canvas (landscape-pane.js), null without one.
  const placement = () => {
    const p = typeof scene.pane === 'object' ? scene.pane : null;
    return { bw: scene.bufferWidth, bh: scene.bufferHeight, pitch: scene.pitch, ...scene.placement,
      pane: p && { x: p.x, y: p.y, width: p.width, height: p.height } };
  };
  // -> a Promise answered when the repaint in progress is shown (with the placement).
  const whenShown = () => new Promise((answer) => waiting.push(answer));
  // -> a Promise resolved (with nothing) then.
  const whenDone = () => new Promise((answer) => waiting.push(() => answer(undefined)));

  // A still frame (no animation): the clock (frozen or current) re-established, every layer painted.
  // Stepped: renderAll in steps, shown by shown(): -> a Promise of that.
  function still() {
    if (stepped && c.layout && typeof scene.beginRender === 'function') {
      scene.setClock(c.frozen ?? scene.clock);
      scene.beginRender();
      dropViews();
      if (!scene.repainting) { paint(all); return undefined; }  // rendered at once (no memory for steps)
      repaint();
      return whenDone();
    }
    finishRepaint();
    if (!c.layout) return undefined;
    scene.setClock(c.frozen ?? scene.clock);
    scene.renderAll();
    dropViews();
    paint(all);
    return undefined;
  }
  // The scene at rest at the current clock, rounded to the millisecond so that a link carries it
  // exactly: no pointer eddies, gust or splashes, the portal idle (unless entering). Every layer is
  // repainted from (world, day, dusk, season, viewport, clock) alone, which is exactly what a link
  // with those values (t = the clock) rebuilds; the live loop's stop-motion ticks and pointer
  // history leave no trace.
  /** @param {boolean} entering */
  function settle(entering) {
    finishRepaint();
    if (!c.layout) return;
    scene.setPointer(0, 0, false);
    if (!entering) scene.setPortalMode(c.idle);
    scene.setClock(c.frozen ?? Math.round(scene.clock * 1000) / 1000);
    scene.renderAll();
    dropViews();
    paint(all);
  }
  // After a change that repainted layers in C++: show them live, or as a still frame. A stepped
  // repaint shows them when it completes: -> a Promise of that, so the command answers then.
  const changed = () => {
    dropViews();
    if (scene.repainting) {
      repaint();
      return whenDone();
    }
    if (c.live()) { loop.wake(); return undefined; }
    return still();
  };

  // The stepped repaint in progress, a task at a time (timers, so it goes on in a hidden tab too).
  function repaint() {
    if (!pumping && !c.destroyed && scene.repainting) pumping = setTimeout(pump, 0);
  }
  function pump() {
    pumping = 0;
    if (c.destroyed || !scene.repainting) return;
    if (scene.stepRepaint(c.layout ? STEP_MS : FIRST_MS)) shown();
    else repaint();
  }
  // The repaint is complete: the new layers (maybe of a new size) go on the canvases, and the
  // viewport() calls waiting for them get the placement. Its ticks were painted at the clock of
  // the moment (frozen, or not advancing while still), so a still frame needs nothing more.
  function shown() {
    dropViews();
    const at = placement();
    const first = c.layout === null;
    if (first || c.layout.bw !== at.bw || c.layout.bh !== at.bh) for (const cv of c.canvases) { cv.width = at.bw; cv.height = at.bh; }
    c.layout = { ...c.asked, pitch: at.pitch, bw: at.bw, bh: at.bh };
    paint(all);
    if (first && c.debug) c.debug.firstPaintMs = c.toPageTime(performance.now());
    for (const answer of waiting.splice(0)) answer(at);
    loop.restart();  // the kept-up record starts again with the new layers (and pitch)
    loop.wake();
  }
  // Anything that needs the new layers at once (a picture, a pause) finishes the repaint first.
  function finishRepaint() {
    if (!scene.repainting) return;
    scene.stepRepaint(Infinity);
    shown();
  }
  // destroy(): nothing will be shown.
  function cancel() {
    if (pumping) clearTimeout(pumping);
    for (const answer of waiting.splice(0)) answer(null);
  }
  return { placement, still, settle, changed, repaint, whenShown, finishRepaint, cancel };
}
