// What the mount listens to: the pointer (parallax target, the scene's pointer, hover over the
// gate), clicks (the portal, splashes on the water), focus, the page's visibility and the
// element's, the schemes the page prefers, and the element's size. Each listener and observer is
// added through the ledger, so destroy() and a failed mount remove them.

/**
 * @param {import('./landscape-view.js').View} v
 * @param {import('./landscape-ledger.js').Ledger} ledger
 * @param {{ layout: ReturnType<typeof import('./landscape-layout.js').createLayout>,
 *   parallax: ReturnType<typeof import('./landscape-parallax.js').createParallax>,
 *   modes: ReturnType<typeof import('./landscape-portal.js').createPortalModes>,
 *   daylight: ReturnType<typeof import('./landscape-daylight.js').createDaylight> }} parts
 */
export function createInput(v, ledger, { layout, parallax, modes, daylight }) {
  const { element, win, doc } = v;
  const W = /** @type {any} */ (win);  // the element's own window (an iframe's has its own observers)
  const hostStyle = element.style;
  const { wake, sleep } = parallax;
  const showing = () => !doc.hidden && v.onScreen;
  // The layers whose parallax the pointer's eddies, the portal and a splash follow (the module's,
  // cpp/scene/landscape.h): the tablet's letters are on the water's (near) layer.
  const at = v.M.Landscape.INPUT_LAYERS;

  // The view at rest on the page's side: no parallax offset, no hover, the portal idle (unless
  // entering); the core settles the scene to match.
  function atRest() {
    v.ptr = { x: 0, y: 0, tx: 0, ty: 0 };
    v.hover = false;
    hostStyle.cursor = v.cursor;
    if (!v.entering) modes.showMode(v.modes.idle);
    layout.placeLayers();
  }
  /** @param {MouseEvent} ev */
  function hostPoint(ev) {
    const r = element.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top, w: r.width, h: r.height };
  }
  /** @param {PointerEvent} ev */
  function onPointerMove(ev) {
    const L = v.layout;
    if (!L) return;
    const p = hostPoint(ev);
    const inside = p.x >= 0 && p.y >= 0 && p.x < p.w && p.y < p.h;
    if (v.parallaxOn()) {
      v.ptr.tx = Math.min(0.5, Math.max(-0.5, p.x / p.w - 0.5));
      v.ptr.ty = Math.min(0.5, Math.max(-0.5, p.y / p.h - 0.5));
    }
    // The sky's point (eddies, gust) and the near layer's (the tablet's letters), in one op.
    v.ops.pointer(...layout.toScene(p.x, p.y, at.pointer), inside, ...layout.toScene(p.x, p.y, at.water));
    const [sx, sy] = layout.toScene(p.x, p.y, at.portal);
    const gx = sx - L.gateX, gy = sy - L.gateY;
    // Hot only when the pointer is on the landscape itself, not on content laid over it.
    const target = /** @type {Node} */ (ev.target);
    const onHost = target === element || element.contains(target) || target === doc.documentElement;
    const over = !!v.portal && inside && onHost && gx * gx + gy * gy < L.gateR * L.gateR;
    if (over !== v.hover) {
      v.hover = over;
      hostStyle.cursor = over ? 'pointer' : v.cursor;
      modes.updateMode();
    }
    wake();
  }
  function onPointerLeave() {
    v.ptr.tx = 0;
    v.ptr.ty = 0;
    if (v.hover) { v.hover = false; hostStyle.cursor = v.cursor; modes.updateMode(); }
    if (v.layout) v.ops.pointer(0, 0, false);
    wake();
  }
  /** @param {MouseEvent} ev */
  function onClick(ev) {
    const L = v.layout;
    if (!L || ev.defaultPrevented) return;
    if (v.portal && (ev.target === v.portal || v.hover)) { modes.enter(ev); return; }
    const p = hostPoint(ev);
    const [x, y] = layout.toScene(p.x, p.y, at.water);
    if (y > L.waterY) v.ops.splash(x, y);
  }
  const onFocus = () => { v.focused = true; modes.updateMode(); };
  const onBlur = () => { v.focused = false; modes.updateMode(); };
  const onVisibility = () => {
    v.ops.visible(showing());
    if (doc.hidden) sleep(); else if (!v.paused) wake();
  };
  // Off screen (scrolled away): no frames at all until the element shows again.
  const onIntersect = (/** @type {IntersectionObserverEntry[]} */ entries) => {
    v.onScreen = entries[entries.length - 1].isIntersecting;
    v.ops.visible(showing());
    if (!v.onScreen) sleep();
    else if (!v.paused) wake();
  };
  const onPageShow = (/** @type {PageTransitionEvent} */ ev) => { if (ev.persisted && v.entering) { v.entering = false; modes.updateMode(); } };
  const onSchemeChange = () => {
    if (!v.followsSite()) return;
    daylight.apply().catch((/** @type {any} */ e) => { if (!v.destroyed) console.warn('noisefield: the landscape did not follow the site\'s scheme:', e?.message ?? e); });
  };
  const onMotionChange = () => {
    if (v.motionOption !== null) return;
    if (!v.motion()) { v.ptr = { x: 0, y: 0, tx: 0, ty: 0 }; layout.placeLayers(); }
    v.ops.motion(v.motion());
    wake();
  };
  const requestLayout = () => {
    win.requestAnimationFrame(() => {
      if (v.destroyed) return;
      layout.relayout()?.catch((/** @type {any} */ e) => { if (!v.destroyed) console.warn('noisefield: the landscape did not take the element\'s new size:', e?.message ?? e); });
    });
  };
  /** @type {MediaQueryList | null} */
  let dprQuery = null;
  function watchDpr() {
    if (dprQuery) dprQuery.removeEventListener('change', onDprChange);
    dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDprChange);
  }
  function onDprChange() { watchDpr(); requestLayout(); }

  // Listens from now on.
  function start() {
    // parallax 'element': the pointer over the element only (a banner beside other content).
    const scope = v.o.parallax === 'window' ? [win, doc.documentElement] : [element, element];
    ledger.listen(scope[0], 'pointermove', onPointerMove, { passive: true });
    ledger.listen(scope[1], 'pointerleave', onPointerLeave);
    ledger.listen(element, 'click', onClick);
    ledger.listen(doc, 'visibilitychange', onVisibility);
    ledger.listen(win, 'pageshow', onPageShow);
    ledger.listen(v.mqDark, 'change', onSchemeChange);
    ledger.listen(v.mqReduce, 'change', onMotionChange);
    if (v.portal) {
      ledger.listen(v.portal, 'click', modes.enter);
      ledger.listen(v.portal, 'focus', onFocus);
      ledger.listen(v.portal, 'blur', onBlur);
    }
    // A site's own scheme toggle changes a class, data-theme or style of <html>: followed live
    // while the theme is auto (setWorld may make it so later).
    const schemeWatch = new W.MutationObserver(onSchemeChange);
    schemeWatch.observe(doc.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
    ledger.add(() => schemeWatch.disconnect());
    const ro = new W.ResizeObserver(requestLayout);
    ro.observe(element);
    ledger.add(() => ro.disconnect());
    const io = new W.IntersectionObserver(onIntersect);
    io.observe(element);
    ledger.add(() => io.disconnect());
    watchDpr();
    ledger.add(() => { if (dprQuery) dprQuery.removeEventListener('change', onDprChange); });
  }
  return { start, atRest };
}
