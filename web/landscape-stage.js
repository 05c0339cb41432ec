// The landscape's DOM: the stage of layer canvases, the host's own styles while mounted, and the
// portal link. Styles are set through the CSSOM (element.style), so a strict CSP (style-src 'self')
// needs no stylesheet. Every change to the host is recorded in the mount's ledger.

/**
 * The stage: one canvas per layer (the scene's order), the flat canvas that stands for a run of
 * them (landscape-flat.js; hidden until then), and the pane's (landscape-pane.js; hidden until
 * placed), not yet in the document. Layer l is at z-index 2l within the stage (isolated, so no
 * z-index reaches the page), the flat canvas at an odd one, the pane at 2 paneAbove + 1 after it
 * (so above a flat canvas there too).
 * @param {Document} doc
 * @param {readonly string[]} layers
 * @param {number} [paneAbove] M.Landscape.PANE_ABOVE
 * @returns {{ stage: HTMLDivElement, canvases: HTMLCanvasElement[], flat: HTMLCanvasElement, pane: HTMLCanvasElement }}
 */
export function buildStage(doc, layers, paneAbove = layers.length - 2) {
  const stage = doc.createElement('div');
  stage.className = 'nf-stage';
  stage.setAttribute('aria-hidden', 'true');
  Object.assign(stage.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', pointerEvents: 'none', isolation: 'isolate' });
  const canvas = (/** @type {string} */ cls) => {
    const c = doc.createElement('canvas');
    c.className = cls;
    Object.assign(c.style, { position: 'absolute', left: '0', top: '0', imageRendering: 'pixelated', pointerEvents: 'none', willChange: 'transform' });
    stage.appendChild(c);
    return c;
  };
  const canvases = layers.map((name, l) => {
    const c = canvas(`nf-layer nf-layer-${name}`);
    c.dataset.layer = name;
    c.style.zIndex = String(2 * l);
    return c;
  });
  const flat = canvas('nf-flat');
  flat.style.visibility = 'hidden';
  const pane = canvas('nf-pane');
  pane.style.visibility = 'hidden';
  pane.style.zIndex = String(2 * paneAbove + 1);
  return { stage, canvases, flat, pane };
}

/**
 * The host's styles, class and data-portal as the mount needs them; the ledger restores them.
 * @param {HTMLElement} element
 * @param {import('./landscape-ledger.js').Ledger} ledger
 * @param {string} idleMode the portal's idle mode's name (data-portal)
 * @returns {{ cursor: string }} the host's own cursor (the portal's hover sets another)
 */
export function dressHost(element, ledger, idleMode) {
  const win = /** @type {Window} */ (element.ownerDocument.defaultView);
  const hostStyle = element.style;
  const restore = { position: hostStyle.position, overflow: hostStyle.overflow, cursor: hostStyle.cursor };
  const hadStyle = element.hasAttribute('style'), hadClass = element.classList.contains('nf-landscape');
  const hadPortalData = 'portal' in element.dataset ? element.dataset.portal : null;
  ledger.add(() => {
    if (!hadClass) element.classList.remove('nf-landscape');
    if (hadPortalData === null) delete element.dataset.portal; else element.dataset.portal = hadPortalData;
    Object.assign(hostStyle, restore);
    if (!hadStyle && !hostStyle.cssText) element.removeAttribute('style');
  });
  if (win.getComputedStyle(element).position === 'static') hostStyle.position = 'relative';
  hostStyle.overflow = 'hidden';
  element.classList.add('nf-landscape');
  element.dataset.portal = idleMode;
  return { cursor: restore.cursor };
}

/**
 * The portal link over the gate, or null with portal: false (a banner: no tab stop, nothing that
 * navigates).
 * @param {Document} doc
 * @param {{ portal?: boolean, home?: string, label?: string }} o
 * @param {string} idleMode
 * @returns {HTMLAnchorElement | null}
 */
export function buildPortal(doc, o, idleMode) {
  if (o.portal === false) return null;
  const portal = doc.createElement('a');
  portal.className = 'nf-portal';
  // A relative home resolves against the page's base URL (document.baseURI), as any link does;
  // without one, the page's <base href> if it has one (the site's root, say), else '/'.
  portal.href = o.home ?? (doc.querySelector('base[href]') ? './' : '/');
  portal.setAttribute('aria-label', o.label ?? 'Step through the gate: go to the home page');
  portal.dataset.state = idleMode;
  Object.assign(portal.style, { position: 'absolute', left: '0', top: '0', borderRadius: '50%', display: 'block' });
  return portal;
}
