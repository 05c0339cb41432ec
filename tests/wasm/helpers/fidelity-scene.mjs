// World 404 at the reference moments (shared/spec/reference/), rendered as the page composites it,
// and the regions the fidelity test reports apart: the ivy (the references' stand-in stylesheet),
// the water (the port's own model) and the life that moves by chance. Shared by
// tests/wasm/ruin_fidelity.test.mjs and tools/fidelity-regions.mjs (its per-region breakdown).
import { mulberry32 } from './reference.mjs';

// The reference's moments: the viewport, the pitch, and the time of day its board (and hands) show.
export const MOMENTS = [
  { file: 'original-1280x800.png', w: 1280, h: 800, pitch: 0, at: 18 * 3600 + 24 * 60 + 34.7 },
  { file: 'original-1920x1080-px2.png', w: 1920, h: 1080, pitch: 2, at: 18 * 3600 + 26 * 60 + 52.8 },
];

// The box the comparison leaves out: the reference's departures board (HTML, not the scene).
export const boardOf = ({ w }) => ({ x0: w - 352, y0: 24, x1: w - 24, y1: 266 });

// Spec 4.1: the creeper's points (radius, then step, per point) and its leaves' squares.
export function creeper(seed, fromDeg, toDeg) {
  const r = mulberry32(seed);
  const from = (fromDeg * Math.PI) / 180, to = (toDeg * Math.PI) / 180, dir = to > from ? 1 : -1;
  const pts = [];
  for (let a = from; (to - a) * dir >= 0;) {
    const radius = 208 + (r() - 0.5) * 6;
    pts.push([800 + radius * Math.cos(a), 440 + radius * Math.sin(a)]);
    a += dir * (0.05 + 0.06 * r());
  }
  const leaves = [];
  let side = 1;
  for (let k = 1; k < pts.length; k++) {
    const [ax, ay] = pts[k - 1], [bx, by] = pts[k];
    const L = Math.hypot(bx - ax, by - ay), ux = (bx - ax) / L, uy = (by - ay) / L;
    for (let t = 6; t < L; t += 13) {
      side = -side;
      const s = r() < 0.2 ? 13 : 10;
      r();  // bloom
      const off = side * (s / 2 + 1);
      leaves.push({ x0: ax + ux * t - uy * off - s / 2, y0: ay + uy * t + ux * off - s / 2, s });
    }
  }
  return { pts, leaves };
}
export const IVY = [creeper(21, 78, -18), creeper(23, 201, 243)];

export function segDist(x, y, [ax, ay], [bx, by]) {
  const vx = bx - ax, vy = by - ay, L = vx * vx + vy * vy;
  const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / L));
  return Math.hypot(x - ax - t * vx, y - ay - t * vy);
}

// Whether a scene point lies in the ivy's footprint: the stand-in's stroke (about 4 units) and
// leaves, plus one buffer pixel (the port's pixels round to the buffer's grid).
function onIvy(x, y, px) {
  const pad = 2.5 + px;
  for (const { pts, leaves } of IVY) {
    for (const f of leaves) if (x >= f.x0 - pad && x <= f.x0 + f.s + pad && y >= f.y0 - pad && y <= f.y0 + f.s + pad) return true;
    for (let k = 1; k < pts.length; k++) if (segDist(x, y, pts[k - 1], pts[k]) <= pad) return true;
  }
  return false;
}

// The scene at a moment: the picture, each layer's pixels (for a breakdown), the mapping from a
// viewport pixel to its scene point, and the masks of the regions reported apart.
export function renderMoment(nf, { w, h, pitch, at }, life = true) {
  const s = new nf.Landscape(404);
  try {
    s.setLife(life);
    s.setDayAndDusk(1, 0);
    s.setSeason(null);
    s.setViewport({ cssWidth: w, cssHeight: h, pitch, framing: 'shore' });
    s.setPath('/some/missing/page');
    s.setClock(6.5);
    s.setWallClock(at);
    s.renderAll();
    const pic = s.picture(1, 'viewport');
    const layers = {};
    for (const name of nf.Landscape.LAYERS) layers[name] = Uint8Array.from(s.pixels(name));
    const bw = s.bufferWidth, p = s.pitch, pl = s.placement;
    // Viewport pixel -> scene point (the canvas overhangs the viewport by the inset).
    const sx = (x) => (x + 0.5 + pl.inset - pl.ox) / pl.scale, sy = (y) => (y + 0.5 + pl.inset - pl.oy) / pl.scale;
    const bufferIndex = (x, y) => Math.floor((y + pl.inset) / p) * bw + Math.floor((x + pl.inset) / p);
    const onRuin = (x, y) => layers.gate[bufferIndex(x, y) * 4 + 3] === 255;
    // The ivy's mask, once per viewport pixel (near the ring only: the creepers climb its rim).
    const ivy = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const X = sx(x), Y = sy(y), d = Math.hypot(X - 800, Y - 440);
        if (d > 180 && d < 245) ivy[y * w + x] = onIvy(X, Y, p / pl.scale) ? 1 : 0;
      }
    return {
      pic: { width: pic.width, height: pic.height, data: Uint8Array.from(pic.pixels) },
      layers, bufferIndex, sx, sy, pitch: p, inset: pl.inset, unit: p / pl.scale,
      onRuin, onIvy: (x, y) => ivy[y * w + x] === 1, onWater: (x, y) => sy(y) >= pl.waterY,
    };
  } finally {
    s.delete();
  }
}

// The three regions apart, and the rest, for a moment: with life and without (what moves by chance
// is where the two differ).
export function regionsOf(nf, c) {
  const r = renderMoment(nf, c);
  const still = renderMoment(nf, c, false).pic.data;
  const moving = (x, y) => {
    const k = (y * c.w + x) * 4;
    return r.pic.data[k] !== still[k] || r.pic.data[k + 1] !== still[k + 1] || r.pic.data[k + 2] !== still[k + 2];
  };
  const apart = (x, y) => r.onIvy(x, y) || r.onWater(x, y) || moving(x, y);
  return { ...r, moving, apart };
}
