// The core's animation loop, at two paces. It runs while the scene is live (motion on, not
// paused), visible and sized.
//
// While the pointer moves (and STILL_MS after), one advance(dt) per display frame, its changes
// shown at once: eddies, gust and whatever follows the pointer follow every move. With the pointer
// still, a timer wakes the loop once per shortest tick (Landscape.shortestTick: no tick kind
// repeats sooner); the scene advances in STEP steps up to now (what a steady 60 Hz display gives
// it) and what those steps changed goes on the canvases in ONE frame. So ticks of different layers
// share frames, every tick's picture still reaches the screen (none is painted over before it is
// shown), and between ticks there is no frame at all: no upload, no composite. A step that takes
// the task past TASK_MS ends the batch (shown at once, the rest a task later), so sharing never
// makes a long task. init.fps caps the frames shown per second (a tick kind faster than the cap then
// skips some of its pictures: the embedder's choice).
//
// It also measures whether the scene keeps up: simulated over wall time, and how busy its thread
// is with the scene. Busy counts the loop's own work and the time its thread kept it waiting past
// the frame or timer it asked for: on a saturated thread most of a frame's cost is the browser's
// (style, paint, putting and compositing the canvases), which a coarser pitch cuts as much as the
// scene's own. Behind (under 90 % kept up while over half busy, over the last seconds: pitch 1 on a
// busy machine) is reported to the page, which raises the pitch (landscape-layout.js); how busy it
// is lets the page step back down once a finer pitch would fit again. A wait longer than STALL_S is
// no load but a stall (a suspended machine, a debugger, a modal dialog): the record starts again.

import { report as makeReport } from './landscape-ops.js';

const STEP = 1 / 60;
const STILL_MS = 500;
// A batch's work per task before it shows what it has and yields: short on the page's main thread
// (its input and the page run between), longer in a worker, whose tasks block no one.
const TASK_MS = typeof WorkerGlobalScope === 'function' ? 40 : 12;
const MAX_OWED_S = 0.25;  // a thread that stalled longer loses the rest (the scene's clock slows)
const STALL_S = 10;

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
 * @param {any} c the core's state ({ scene, layout, visible, destroyed, debug, emit (of landscape-ops.js's Reports), toPageTime, live() })
 * @param {ReturnType<typeof import('./landscape-paint.js').createPainter>} painter
 * @param {{ shortestTick: number, fps: number }} pace the scene's shortest tick (s; 0: unknown) and the frame cap (0: none)
 */
export function createLoop(c, painter, pace) {
  const clock = frameClock(globalThis);
  let raf = 0, timer = 0;
  /** @type {number | null} */
  let lastTs = null;
  const { scene, debug, emit } = c;
  const capMs = pace.fps > 0 ? 1000 / pace.fps : 0;
  // Steps per frame shown at the still pace: a shortest tick's worth (a module that does not say: every step).
  const perFrame = Math.max(1, Math.round(Math.max(pace.shortestTick || STEP, capMs / 1000) / STEP));
  // dueAt: when the batch's timer was asked to fire.
  let owed = 0, lastWall = 0, dueAt = 0, movedAt = -Infinity, shownAt = -Infinity;
  const moving = () => performance.now() - movedAt < STILL_MS;

  // Kept up: wall and simulated seconds, and the busy ones (work and waits), over the last seconds.
  let wallS = 0, simS = 0, workS = 0;
  /** @param {number} wall @param {number} sim @param {number} work @param {number} late (s) */
  function account(wall, sim, work, late) {
    if (late > STALL_S) { restart(); return; }
    wallS += wall; simS += sim; workS += work + late;
    if (wallS > 4) { wallS /= 2; simS /= 2; workS /= 2; }
  }
  const keepingUp = () => (wallS > 1 ? Math.min(1, simS / wallS) : 1);
  const busy = () => (wallS > 1 ? workS / wallS : 0);
  const behind = () => wallS > 2 && simS / wallS < 0.9 && busy() > 0.5;
  // The core's one report shape (landscape-ops.js, Report); advances: with debug, this step's.
  // span: the seconds the record covers (2 to 4 once it has run; less just after a restart), so the
  // page trusts keepingUp and busy only over a long enough window (landscape-layout.js, pace).
  const report = (type = /** @type {'progress' | 'sleep'} */ ('progress'), advances = /** @type {number[][]} */ ([])) => {
    emit(makeReport(type, scene.clock, keepingUp(), type === 'progress' && behind(), busy(), wallS, debug ? debug.frames : 0, advances));
  };

  /** @param {number} dt */
  function advanceOnce(dt) {
    const t0 = performance.now();
    const mask = scene.advance(dt);
    // The tests' burden (landscape-debug.js): busy work per step in proportion to the buffer's
    // pixels, as a slow machine's ticks cost, so a test can make the scene fall behind.
    if (debug?.burden && c.layout) for (const end = t0 + debug.burden * c.layout.bw * c.layout.bh / 1e5; performance.now() < end;);
    const t1 = performance.now();
    painter.hold(mask);
    if (debug) {
      debug.frames++;
      debug.last = [mask, t1 - t0, 0, c.toPageTime(t0), 0];
      report('progress', [debug.last]);
    }
  }
  function show() {
    const t0 = performance.now();
    if (!painter.present()) return;
    shownAt = t0;
    if (debug?.last) { debug.last[2] += performance.now() - t0; debug.last[4] = 1; }
  }

  // The display pace.
  /** @param {number} ts */
  function frame(ts) {
    raf = 0;
    if (c.destroyed || !c.layout || !c.live()) return;
    const t0 = performance.now();
    const wall = lastTs === null ? 0 : (ts - lastTs) / 1000;
    const dt = Math.min(0.05, Math.max(0, wall));
    lastTs = ts;
    advanceOnce(dt);
    if (!capMs || ts - shownAt >= capMs - 2) show();
    // Late: the wait beyond what the clamp on dt lets the scene's clock follow (a frame over 50 ms).
    account(wall, dt, (performance.now() - t0) / 1000, wall - dt);
    report();
    if (moving()) { raf = clock.request(frame); return; }
    lastTs = null;
    show();
    startBatches();
  }
  // The still pace.
  function batch() {
    timer = 0;
    if (c.destroyed || !c.layout || !c.live()) return;
    const now = performance.now();
    const late = (now - dueAt) / 1000;
    const wall = (now - lastWall) / 1000;
    lastWall = now;
    owed += wall;
    const lost = Math.max(0, owed - MAX_OWED_S);
    owed -= lost;
    for (let n = 0; n < perFrame && owed >= STEP - 1e-9; n++) {
      if (n > 0 && performance.now() - now > TASK_MS) break;
      advanceOnce(STEP);
      owed -= STEP;
    }
    show();
    account(wall, wall - lost, (performance.now() - now) / 1000, late);
    report();
    later(Math.max(0, perFrame * STEP - owed));
  }
  /** @param {number} s */
  function later(s) {
    dueAt = performance.now() + s * 1000;
    timer = setTimeout(batch, s * 1000);
  }
  function startBatches() {
    if (timer) return;
    lastWall = performance.now();
    owed = 0;
    later(STEP);
  }
  function wake() {
    if (raf || c.destroyed || !c.visible || !c.layout || !c.live()) return;
    if (moving()) {
      if (timer) { clearTimeout(timer); timer = 0; show(); }
      raf = clock.request(frame);
    } else startBatches();
  }
  function sleep() {
    if (raf) clock.cancel(raf);
    if (timer) clearTimeout(timer);
    raf = 0;
    timer = 0;
    lastTs = null;
    show();
    if (!c.destroyed) report('sleep');
  }
  // A new start (resume, visible again, a new viewport): the frame times and the kept-up record.
  const restart = () => { lastTs = null; wallS = simS = workS = 0; };
  // The pointer moved: display pace until it has been still STILL_MS.
  function moved() {
    movedAt = performance.now();
    if (timer && !raf) wake();
  }
  return { wake, sleep, restart, moved, show };
}
