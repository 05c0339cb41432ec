// The parallax's own loop on the page's thread (the scene's loop is the core's): the layers ease
// toward the pointer's target offset, one requestAnimationFrame at a time, and stop when they are
// there, while the page is hidden or the element is off screen.

const EASE = 0.05;  // parallax easing per 60 Hz frame

/**
 * @param {import('./landscape-view.js').View} v
 * @param {() => void} placeLayers
 */
export function createParallax(v, placeLayers) {
  const { win, doc } = v;
  let raf = 0;
  /** @type {number | null} */
  let lastTs = null;

  /** @param {number} ts */
  function frame(ts) {
    raf = 0;
    if (v.destroyed || !v.layout) return;
    const dt = lastTs === null ? 0 : Math.min(0.05, Math.max(0, (ts - lastTs) / 1000));
    lastTs = ts;
    let more = false;
    const ptr = v.ptr;
    if (v.parallaxOn() && !v.paused) {
      const k = 1 - Math.pow(1 - EASE, dt * 60);
      ptr.x += (ptr.tx - ptr.x) * k;
      ptr.y += (ptr.ty - ptr.y) * k;
      if (Math.abs(ptr.tx - ptr.x) > 1e-4 || Math.abs(ptr.ty - ptr.y) > 1e-4) more = true;
      else { ptr.x = ptr.tx; ptr.y = ptr.ty; }
    }
    placeLayers();
    if (more) wake();
    else lastTs = null;
  }
  function wake() {
    if (raf || v.destroyed || doc.hidden || !v.onScreen) return;
    raf = win.requestAnimationFrame(frame);
  }
  function sleep() {
    if (raf) win.cancelAnimationFrame(raf);
    raf = 0;
    lastTs = null;
  }
  // After a pause: the next frame's step starts from zero.
  const restart = () => { lastTs = null; };
  return { wake, sleep, restart };
}
