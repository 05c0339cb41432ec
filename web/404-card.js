// Keeps the 404 page's card off the gate and off (all of) the water, on any screen: where the
// scene puts the gate depends on the window's shape (a phone held upright shows the water as a
// thin strip at the bottom, held sideways it shows the gate across the middle), so the card's
// place is chosen from the scene's own placement, not from media queries alone. It tries, in order:
// the whole card in the top-left corner, in a column left of the gate, along the top; then the
// same places compact (heading and home link, with a "More" button that opens the rest).
const TRIES = [
  ['corner', 'full'], ['left', 'full'], ['top', 'full'],
  ['corner', 'compact'], ['top', 'compact'], ['left', 'compact'], ['right', 'compact'],
];
const MARGIN = 16;        // CSS px kept clear around the gate (covers the parallax sway too)
const RING = 1.3;         // the stone ring's outer edge, in gate radii (rift.h kGateR + kGateRing)
const MIN_COLUMN = 200;   // narrowest column worth putting the card in

const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

// The gate's ring and the water, in viewport CSS px (the host fills the window).
export function sceneBoxes(p, host) {
  const at = host.getBoundingClientRect();
  const r = p.gateR * RING * p.scale;
  const x = at.left + p.gateX * p.scale + p.ox - p.inset, y = at.top + p.gateY * p.scale + p.oy - p.inset;
  const waterTop = Math.max(at.top, at.top + p.waterY * p.scale + p.oy - p.inset);
  return {
    gate: { left: x - r, right: x + r, top: y - r, bottom: y + r },
    water: { left: at.left, right: at.right, top: waterTop, bottom: Math.max(waterTop, at.bottom) },
  };
}

// True when the card (a DOMRect) leaves the gate clear and some of the water in view uncovered.
export function cardFits(card, { gate, water }) {
  const clear = { left: gate.left - MARGIN, right: gate.right + MARGIN, top: gate.top - MARGIN, bottom: gate.bottom + MARGIN };
  if (overlap(card, clear) > 0) return false;
  const waterArea = (water.right - water.left) * (water.bottom - water.top);
  return waterArea === 0 || overlap(card, water) < waterArea;
}

export function fitCard(card, handle, host, words = { more: 'More', less: 'Less' }) {
  const win = card.ownerDocument.defaultView;
  const toggle = card.querySelector('.nf-card-toggle');
  let frame = 0;

  function apply(place, mode, width = '') {
    card.dataset.place = place;
    card.dataset.fit = mode;
    card.style.maxWidth = width;
  }
  function fit() {
    frame = 0;
    if (card.classList.contains('nf-open')) return;   // opened by the visitor: leave it where it is
    const p = handle.placement();
    if (!p) return;
    const boxes = sceneBoxes(p, host);
    for (const [place, mode] of TRIES) {
      let width = '';
      if (place === 'left' || place === 'right') {
        const room = place === 'left' ? boxes.gate.left - 2 * MARGIN : win.innerWidth - boxes.gate.right - 2 * MARGIN;
        if (room < MIN_COLUMN) continue;
        width = `${Math.floor(room)}px`;
      }
      apply(place, mode, width);
      const r = card.getBoundingClientRect();
      if (r.bottom <= win.innerHeight && r.right <= win.innerWidth && cardFits(r, boxes)) return;
    }
    apply('top', 'compact');   // nothing fits whole: the smallest card, above the gate
  }
  // After the landscape's own relayout (a frame after a resize), then measure.
  const schedule = () => {
    if (frame) return;
    frame = win.requestAnimationFrame(() => { frame = win.requestAnimationFrame(fit); });
  };
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const open = card.classList.toggle('nf-open');
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? words.less : words.more;
      if (!open) schedule();
    });
  }
  const ro = new win.ResizeObserver(schedule);
  ro.observe(host);
  fit();
  return { refit: fit, disconnect: () => ro.disconnect() };
}
