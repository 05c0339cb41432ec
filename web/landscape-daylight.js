// The daylight and twilight the scene shows: the options' values, or the visitor's clock (followed
// by a minute timer), capped by a dark scheme (M.kDarkDayCap, from C++).
import { dayFromClock, duskFromClock } from './landscape-params.js';

const clampDay = (/** @type {number} */ d) => Math.min(1, Math.max(0, d));

/**
 * @param {import('./landscape-view.js').View} v
 * @param {import('./landscape-ledger.js').Ledger} ledger
 */
export function createDaylight(v, ledger) {
  const { M, win } = v;
  let timer = 0;
  ledger.add(() => { win.clearInterval(timer); timer = 0; });
  const effectiveDusk = () => v.duskOption ?? (v.dayOption === null ? duskFromClock(new Date()) : 0);
  const effectiveDay = () => {
    const d = v.dayOption ?? dayFromClock(new Date());
    return v.theme() === 'dark' ? Math.min(d, M.kDarkDayCap) : clampDay(d);
  };
  // -> a Promise once the core has the new daylight (and has shown it).
  function apply() {
    if (v.paused) return Promise.resolve();  // a paused view is the picture a link rebuilds: the clock's day waits for resume()
    const d = effectiveDay(), k = effectiveDusk();
    if (Math.abs(d - v.day) < 1e-9 && Math.abs(k - v.dusk) < 1e-9) return Promise.resolve();
    v.day = d;
    v.dusk = k;
    return v.call('dayDusk', d, k);
  }
  // The clock's daylight, followed from now on (once).
  const follow = () => { if (!timer) timer = win.setInterval(apply, 60000); };
  return { effectiveDay, effectiveDusk, apply, follow };
}
