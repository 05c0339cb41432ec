// The reveal gate (spec ruin-and-life.md 8.1): while scripts run, 404.css keeps the scene and the
// board invisible (@media (scripting: enabled)) until the root has the class nf-revealed, which
// this adds on the frame after the scene's first paint once the board's font has loaded or
// FONT_WAIT_MS have passed since the script started. Then both appear together, and the board's
// rise (404.css) starts from there. A scene slower than CAP_MS (a slow device or network) does not
// hold the page back: it shows without the scene, which appears when it is painted. If this script
// never gets this far, 404.css shows the page by itself after 6 s.

export const FONT_WAIT_MS = 400;
export const CAP_MS = 4000;

/**
 * @param {Element} root the document's <html>
 * @param {Element | null} board what carries the board's font (the board's table), if any
 * @returns {{ painted: () => void, failed: () => void, shown: Promise<void> }} the page says when
 *   the scene's first frame is on the canvases, or that there will be none (the still painting
 *   shows instead); shown resolves on the frame the page appears (the scene's clock starts then)
 */
export function startReveal(root, board) {
  const win = /** @type {Window} */ (root.ownerDocument.defaultView);
  const doc = root.ownerDocument;
  let done = false;
  /** @type {() => void} */
  let appeared = () => {};
  const shown = new Promise((ok) => { appeared = () => ok(undefined); });
  const reveal = () => {
    if (done) return;
    done = true;
    clearTimeout(cap);
    win.requestAnimationFrame(() => {
      root.classList.add('nf-revealed');
      appeared();
    });
  };
  const cap = setTimeout(reveal, CAP_MS);
  // A site's own board face (--nf-board-font) may be a web font: the board shows in it, not in a
  // fallback that swaps a moment later. A system face resolves at once.
  const waited = new Promise((ok) => setTimeout(ok, FONT_WAIT_MS));
  let font = Promise.resolve();
  if (board && doc.fonts) {
    try {
      font = doc.fonts.load(win.getComputedStyle(board).font).then(() => {}, () => {});
    } catch {
      // No font shorthand to load by (an engine that does not compute one): nothing to wait for.
    }
  }
  const fontReady = Promise.race([font, waited]);
  return {
    painted: () => { fontReady.then(reveal, reveal); },
    failed: reveal,
    shown,
  };
}
