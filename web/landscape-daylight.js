// The world the page keeps the scene in: what was given (mount()'s options, setWorld) and the
// page's defaults for the rest (landscape-view.js, sceneWorld), of which the daylight and twilight
// follow the visitor's clock (a minute timer) and the theme the site's scheme. Only what changed is
// sent, in one world op; the scene caps a dark scheme's daylight itself (in C++) and the page reads
// what it shows back.
import { checkOption, dayFromClock, duskFromClock, paramTable } from './landscape-params.js';
import { sceneWorld } from './landscape-view.js';
import { placePane } from './landscape-pane.js';

/**
 * @param {import('./landscape-view.js').View} v
 * @param {import('./landscape-ledger.js').Ledger} ledger
 */
export function createDaylight(v, ledger) {
  const { win } = v;
  const rows = paramTable(v.M);
  let timer = 0;
  ledger.add(() => { win.clearInterval(timer); timer = 0; });
  // The clock's daylight and twilight (to the minute), read at the mount, then once a minute and at
  // resume(): a change of scheme or of another value sends no new daylight of its own, and a paused
  // view (the picture a link rebuilds) keeps its daylight until resume().
  const clock = { day: 0, dusk: 0 };
  const sample = () => {
    const now = new Date();
    clock.day = dayFromClock(now);
    clock.dusk = duskFromClock(now);
  };
  sample();
  const day = () => v.given.day ?? clock.day;
  const dusk = () => v.given.dusk ?? (v.given.day == null ? clock.dusk : 0);
  // The clock read again, and the world applied.
  const tick = () => {
    if (!v.paused) sample();
    return apply();
  };
  const daylight = { day, dusk, apply, tick, follow, initial };
  // A value given once and then taken back (null) goes back to the scene's default, which for the
  // rows the page has no default of its own for is a text's empty one and a switch's first (on).
  const cleared = (/** @type {string} */ k) => (rows.find((p) => p.option === k)?.kind === 'text' ? '' : true);
  // The world as it should be now: -> its parts that differ from what the scene was sent.
  function changes() {
    const w = sceneWorld(v, daylight, rows), out = /** @type {Record<string, any>} */ ({});
    for (const k of Object.keys(v.sent)) if (!(k in w) && v.sent[k] !== cleared(k)) w[k] = cleared(k);
    for (const k of Object.keys(w)) {
      const a = w[k], b = v.sent[k];
      if (a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9)) continue;
      out[k] = a;
    }
    return out;
  }
  // -> a Promise once the scene has the world as it should be now (and has shown it).
  function apply() {
    const w = changes();
    if (!Object.keys(w).length) return Promise.resolve();
    Object.assign(v.sent, w);
    // state() has the values asked for at once, and what the scene shows (a dark scheme's cap on
    // the daylight) once it answers.
    if ('seed' in w) v.seed = checkOption(v.M, 'seed', w.seed);  // a word's number
    if ('day' in w) v.day = w.day;
    if ('dusk' in w) v.dusk = w.dusk;
    return v.ops.world(w).then((now) => {
      if (v.destroyed) return;
      ({ seed: v.seed, day: v.day, dusk: v.dusk, season: v.season } = now);
      if (v.pane) placePane(v.pane, now.pane);  // a path given or taken away gives or takes the pane
    });
  }
  // The clock's daylight, followed from now on (once).
  function follow() {
    if (timer) return;
    timer = win.setInterval(() => {
      tick().catch((/** @type {any} */ e) => { if (!v.destroyed) console.warn('noisefield: the landscape\'s daylight did not follow the clock:', e?.message ?? e); });
    }, 60000);
  }
  // The first world, for the core's init (the clock and the hands' time of day come with it).
  function initial() {
    const w = sceneWorld(v, daylight, rows);
    Object.assign(v.sent, w);
    return w;
  }
  return daylight;
}
