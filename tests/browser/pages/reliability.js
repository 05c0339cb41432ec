// The reliability tests' page: mount() and the element, and a count of what the page holds on to
// (listeners, observers, timers, workers), so a test can see that a failed mount left nothing.
import * as landscape from '../../../web/landscape.js';

const live = { listeners: 0, observers: 0, intervals: 0, workers: 0 };
const wrap = (proto, on, off, key) => {
  const a = proto[on], r = proto[off];
  const held = new WeakMap();
  proto[on] = function (...args) {
    const set = held.get(this) ?? new Set();
    held.set(this, set);
    if (args[1] === undefined || !set.has(args[1])) live[key]++;
    if (args[1] !== undefined) set.add(args[1]);
    return a.apply(this, args);
  };
  proto[off] = function (...args) {
    const set = held.get(this);
    if (set && set.delete(args[1])) live[key]--;
    return r.apply(this, args);
  };
};
wrap(EventTarget.prototype, 'addEventListener', 'removeEventListener', 'listeners');
for (const O of [ResizeObserver, IntersectionObserver, MutationObserver]) {
  const obs = O.prototype.observe, dis = O.prototype.disconnect;
  O.prototype.observe = function (...a) { if (!this.__on) { this.__on = true; live.observers++; } return obs.apply(this, a); };
  O.prototype.disconnect = function () { if (this.__on) { this.__on = false; live.observers--; } return dis.apply(this); };
}
const si = window.setInterval, ci = window.clearInterval, intervals = new Set();
window.setInterval = (...a) => { const id = si(...a); intervals.add(id); live.intervals = intervals.size; return id; };
window.clearInterval = (id) => { intervals.delete(id); live.intervals = intervals.size; ci(id); };
const W = window.Worker;
window.Worker = class extends W {
  constructor(...a) { super(...a); live.workers++; }
  terminate() { if (!this.__gone) { this.__gone = true; live.workers--; } super.terminate(); }
};

window.nf = landscape;
window.live = live;
window.nfReady = true;
