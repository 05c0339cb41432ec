// The handle mount() resolves to: the world's setters, pause/resume, the picture, state() for a
// share link, placement() and destroy(). Each setter checks its value at once (throwing an Error
// naming the allowed range) and resolves once the new picture is shown.
import { checkOption } from './landscape-params.js';
import { resolveSeed } from './landscape-options.js';
import { MODE_NAME } from './landscape-view.js';

/**
 * @param {import('./landscape-view.js').View} v
 * @param {{ parallax: ReturnType<typeof import('./landscape-parallax.js').createParallax>,
 *   daylight: ReturnType<typeof import('./landscape-daylight.js').createDaylight>,
 *   atRest: () => void, seasonOf: (s: any) => number | null, teardown: () => void }} parts
 */
export function createHandle(v, { parallax, daylight, atRest, seasonOf, teardown }) {
  const { M, port, call, debug } = v;
  const { wake, sleep } = parallax;
  const alive = () => { if (v.destroyed) throw new Error('noisefield: this landscape was deleted (destroy() was called)'); };
  const stop = () => {
    v.paused = true;
    sleep();
    atRest();
  };
  const go = () => {
    v.paused = false;
    parallax.restart();
    const p = call('resume');
    daylight.apply();
    wake();
    return p;
  };
  return {
    element: v.element,
    canvases: v.canvases,
    portal: v.portal,
    // Where the scene runs: 'worker' (a dedicated worker) or 'main' (this thread).
    mode: port.mode,
    /** @param {number | string} s */
    setSeed(s) {
      alive();
      v.seed = resolveSeed(M, s);
      return call('seed', v.seed);
    },
    /** @param {number | null} d */
    setDay(d) {
      alive();
      v.dayOption = checkOption(M, 'day', d);
      if (d === null) daylight.follow();
      return daylight.apply();
    },
    // Twilight 0..1, or null (from the clock while day is).
    /** @param {number | null} k */
    setDusk(k) {
      alive();
      v.duskOption = checkOption(M, 'dusk', k);
      if (k === null) daylight.follow();
      return daylight.apply();
    },
    // A day of the year 0..365 (snow on the ranges), 'none', or null (the local date).
    /** @param {number | 'none' | null} s */
    setSeason(s) {
      alive();
      v.season = seasonOf(checkOption(M, 'season', s));
      return call('season', v.season);
    },
    // The composited view at rest (the layers flattened in C++): the buffer pixels the viewport
    // shows, zoom x zoom each. -> Promise of { width, height, pixels: a Uint8ClampedArray }. Pauses
    // first (at rest), so the picture is the view on screen and what a share link rebuilds.
    picture(zoom = 1) {
      alive();
      if (!v.layout) return Promise.reject(new Error('picture: the landscape has no size yet'));
      const wasPaused = v.paused;
      stop();
      // At the pitch asked for, even if the view runs coarser to keep up: the picture is full quality.
      return port.call('picture', [zoom, v.entering, v.adapted ? v.chosenPitch : 0], (/** @type {any} */ p) => {
        v.clock = p.clock;
        if (debug) debug.savedClock = p.clock;
        return { width: p.width, height: p.height, pixels: p.pixels };
      }).catch((/** @type {unknown} */ e) => {
        // Refused (over the picture's cap): the view goes on as it was before the call.
        if (!wasPaused && !v.destroyed) go().catch(() => {});
        throw e;
      });
    },
    // Stops the loop and shows the scene at rest: what a share link of state() rebuilds.
    // -> Promise, resolved when the view at rest is shown (state().clock is then the link's).
    pause() {
      alive();
      stop();
      return port.call('pause', [v.entering], (/** @type {number} */ c) => { v.clock = c; });
    },
    resume() {
      alive();
      if (!v.paused) return Promise.resolve();
      return go();
    },
    destroy() {
      if (v.destroyed) return;
      v.destroyed = true;
      teardown();
      call('destroy').catch(() => {}).finally(() => port.close());
    },
    // Where the scene sits in the element now (null before it has a size): the element's size
    // (w, h), the scene's zoom and offset, and the gate and water line in scene units; scene point
    // (x, y) shows at CSS (x * scale + ox - inset, y * scale + oy - inset) without parallax.
    placement() {
      const l = v.layout;
      return l && { w: l.w, h: l.h, scale: l.scale, ox: l.ox, oy: l.oy, inset: l.inset,
        gateX: l.gateX, gateY: l.gateY, gateR: l.gateR, waterY: l.waterY };
    },
    // What a share link needs: the world as it is now (after pause() has resolved, the clock is the
    // one the view settled at; while the loop runs, the worker's clock as of its last report).
    state() {
      alive();
      const l = v.layout;
      return {
        seed: v.seed, day: v.day, dusk: v.dusk, season: v.season, clock: v.clock, frozen: v.frozen !== null, pitch: l ? l.pitch : 0,
        // The pitch the scene would run at had the page not raised it to keep up (a link keeps it), and why.
        requestedPitch: l ? (v.adapted ? v.chosenPitch : l.pitch) : 0, adapted: v.adapted,
        at: Math.round((((v.wall0 + v.clock) % 86400 + 86400) % 86400) * 1000) / 1000, path: v.o.path ?? '',
        theme: v.theme(), motion: v.motion(), paused: v.paused, portal: v.portal ? MODE_NAME[v.mode] : null,
        onScreen: v.onScreen, sized: l !== null, framing: v.o.framing,
      };
    },
  };
}
