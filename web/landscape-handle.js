// The handle mount() resolves to: the world (setWorld, one object, and its setters of one value),
// pause/resume, the picture, state() for a share link, placement() and destroy(). The world's
// values are checked at once (an Error names the option and its range); each call resolves once
// the new picture is shown.
import { checkOption, paramTable } from './landscape-params.js';

/**
 * @param {import('./landscape-view.js').View} v
 * @param {{ parallax: ReturnType<typeof import('./landscape-parallax.js').createParallax>,
 *   daylight: ReturnType<typeof import('./landscape-daylight.js').createDaylight>,
 *   atRest: () => void, seasonOf: (s: any) => number | null, teardown: () => void }} parts
 */
export function createHandle(v, { parallax, daylight, atRest, seasonOf, teardown }) {
  const { M, port, ops, debug } = v;
  const { wake, sleep } = parallax;
  // The world options the scene takes live: the table's rows with a scene effect (the others, such
  // as the clock, the pitch and motion, are a new mount's).
  const live = paramTable(M).filter((p) => p.options && p.effect === 'scene').map((p) => p.option);
  // The pitch's row: a share link keeps the pitch chosen, not one the page raised to keep up.
  const pitchRow = paramTable(M).find((p) => p.options && p.effect === 'view');
  const alive = () => { if (v.destroyed) throw new Error('noisefield: this landscape was deleted (destroy() was called)'); };
  const stop = () => {
    v.paused = true;
    sleep();
    atRest();
  };
  const go = () => {
    v.paused = false;
    parallax.restart();
    const p = ops.resume();
    // The clock's daylight since the pause; a failure is the next call's to report.
    daylight.tick().catch(() => {});
    wake();
    return p;
  };
  /** @param {import('./landscape-ops.js').Rest} r */
  const rested = (r) => {
    v.clock = r.clock;
    v.world = r.world;
  };
  /** @param {Record<string, any>} world */
  function setWorld(world) {
    alive();
    if (world === null || typeof world !== 'object') throw new Error(`setWorld: the world must be an object of the options ${live.join(', ')} (got ${world === null ? 'null' : typeof world})`);
    const next = { ...v.given };
    for (const [k, value] of Object.entries(world)) {
      if (!live.includes(k)) throw new Error(`setWorld: ${k} is not a world option the scene takes live (allowed: ${live.join(', ')})`);
      checkOption(M, k, value);
      next[k] = value ?? null;
    }
    v.given = next;
    v.season = seasonOf(checkOption(M, 'season', v.given.season));
    if (v.given.day == null || v.given.dusk == null) daylight.follow();
    return daylight.apply();
  }
  return {
    element: v.element,
    canvases: v.canvases,
    portal: v.portal,
    // Where the scene runs: 'worker' (a dedicated worker) or 'main' (this thread).
    mode: port.mode,
    // The world, one object: any of the world options the scene takes live (seed, day, dusk,
    // season, path, life, theme: the parameter table's rows with a scene effect), checked at once;
    // null for the page's default (the visitor's clock, the date, the site's scheme). -> Promise,
    // resolved once the new picture is shown.
    setWorld,
    /** @param {number | string | null} s */
    setSeed: (s) => setWorld({ seed: s }),
    /** @param {number | null} d */
    setDay: (d) => setWorld({ day: d }),
    // Twilight 0..1, or null (from the clock while day is).
    /** @param {number | null} k */
    setDusk: (k) => setWorld({ dusk: k }),
    // A day of the year 0..365 (snow on the ranges), 'none', or null (the local date).
    /** @param {number | 'none' | null} s */
    setSeason: (s) => setWorld({ season: s }),
    // The composited view at rest (the layers flattened in C++): the buffer pixels the viewport
    // shows, zoom x zoom each. -> Promise of { width, height, pixels: a Uint8ClampedArray }. Pauses
    // first (at rest), so the picture is the view on screen and what a share link rebuilds.
    picture(zoom = 1) {
      alive();
      if (!v.layout) return Promise.reject(new Error('picture: the landscape has no size yet'));
      const wasPaused = v.paused;
      stop();
      // At the pitch asked for, even if the view runs coarser to keep up: the picture is full quality.
      return ops.picture(zoom, v.entering, v.adapted ? v.chosenPitch : 0, (p) => {
        rested(p);
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
      return ops.pause(v.entering, rested);
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
      ops.destroy().catch(() => {}).finally(() => port.close());  // the core is gone either way
    },
    // Where the scene sits in the element now (null before it has a size): the element's size
    // (w, h), the scene's zoom and offset, and the gate and water line in scene units; scene point
    // (x, y) shows at CSS (x * scale + ox - inset, y * scale + oy - inset) without parallax.
    placement() {
      const l = v.layout;
      if (!l) return null;
      /** @type {Record<string, number>} */
      const out = { w: l.w, h: l.h };
      for (const k of M.Landscape.PLACEMENT) out[k] = /** @type {any} */ (l)[k];
      return /** @type {import('../types/landscape.js').LandscapePlacement} */ (/** @type {unknown} */ (out));
    },
    // What a share link needs: the world as it is now (after pause() has resolved, the clock is the
    // one the view settled at and `world` the scene's, as a link writes it, with the pitch chosen;
    // while the loop runs, the clock as of the core's last report). seed, day, dusk and season are
    // the scene's, read back.
    state() {
      alive();
      const l = v.layout;
      return {
        seed: v.seed, day: v.day, dusk: v.dusk, season: v.season, clock: v.clock, frozen: v.frozen !== null, pitch: l ? l.pitch : 0,
        // The pitch the scene would run at had the page not raised it to keep up (a link keeps it), and why.
        requestedPitch: l ? (v.adapted ? v.chosenPitch : l.pitch) : 0, adapted: v.adapted,
        at: Math.round((((v.wall0 + v.clock) % 86400 + 86400) % 86400) * 1000) / 1000, path: v.given.path ?? '',
        theme: v.theme(), motion: v.motion(), paused: v.paused, portal: v.portal ? v.modeNames[v.mode] : null,
        onScreen: v.onScreen, sized: l !== null, framing: v.o.framing,
        world: v.world && v.world.map(([k, t]) => /** @type {[string, string]} */ (k === pitchRow?.name && v.adapted ? [k, String(v.chosenPitch)] : [k, t])),
      };
    },
  };
}
