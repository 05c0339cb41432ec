// The portal's modes (idle, hot under the pointer or focus, enter after a click) as the page shows
// them (data-state, data-portal) and tells the core, and the enter animation before navigating.
const ENTER_DELAY_MS = 820;

/**
 * @param {import('./landscape-view.js').View} v
 * @param {import('./landscape-ledger.js').Ledger} ledger
 */
export function createPortalModes(v, ledger) {
  const { element, win, stage, modes, modeNames } = v;
  let enterTimer = 0;
  ledger.add(() => win.clearTimeout(enterTimer));

  /** @param {number} m */
  function showMode(m) {
    v.mode = m;
    if (v.portal) v.portal.dataset.state = modeNames[m];
    element.dataset.portal = modeNames[m];
  }
  /** @param {number} m */
  function setMode(m) {
    if (m === v.mode) return;
    showMode(m);
    v.ops.portalMode(m);
  }
  const updateMode = () => setMode(v.entering ? modes.enter : v.hover || v.focused ? modes.hot : modes.idle);
  /** @param {MouseEvent} [ev] */
  function enter(ev) {
    // A click with a modifier (new tab, new window) keeps the link's own behaviour.
    if (ev && (ev.button > 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey)) return;
    if (ev) ev.preventDefault();
    const portal = v.portal;
    if (v.entering || !portal) return;
    v.entering = true;
    updateMode();
    const go = () => (v.o.navigate ?? ((/** @type {string} */ href) => win.location.assign(href)))(portal.href);
    // The rift spins up for 820 ms first while the stage zooms into the door and fades (spec 7.3);
    // with no animation (reduced motion, frozen clock) at once.
    if (v.motion() && !v.paused) {
      const r = portal.getBoundingClientRect(), host = element.getBoundingClientRect();
      Object.assign(stage.style, {
        transformOrigin: `${r.left + r.width / 2 - host.left}px ${r.top + r.height / 2 - host.top}px`,
        transition: 'transform 0.85s cubic-bezier(0.7, 0, 0.84, 0), opacity 0.85s ease-in',
        transform: 'scale(9)', opacity: '0',
      });
      enterTimer = win.setTimeout(go, ENTER_DELAY_MS);
    } else go();
  }
  // Back from home through the back/forward cache: the stage as it was before the zoom (the input's
  // own pageshow listener puts the portal's mode back).
  ledger.listen(win, 'pageshow', (/** @type {PageTransitionEvent} */ ev) => {
    if (!ev.persisted) return;
    win.clearTimeout(enterTimer);
    Object.assign(stage.style, { transition: '', transform: '', opacity: '', transformOrigin: '' });
  });
  return { showMode, updateMode, enter };
}
