// World 404 against the original page at the reference moments (shared/spec/reference/, both at
// t = 6.5 s): the page's scene as the module composites it (the card hidden: it is HTML), compared
// outside the reference's departures board. Pixels differing by more than 48 in some channel are
// counted over the whole picture, and apart for the regions where the spec itself says the
// picture is not the target:
// - the ivy: the references drew it with a stand-in stylesheet (a thick green stroke and green
//   leaves, spec section 0); the spec's ink stem and sage leaves are followed. Its region is the
//   creepers' footprint from the spec's own recipe (4.1, the mulberry32 streams 21 and 23),
//   computed here from the spec, not from the scene, and widened by the stand-in's thicker stroke;
// - the water: the port keeps its canvas water (landscape.md 3.8), which also reflects the island,
//   the rift and the ranges through its bend (spec 6.1: "keep that"); v1 mirrors the ruin alone;
// - the life that moves by chance (the walker, and whatever else `life` adds: fireflies, falling
//   letters): the original drew it from an unseeded Math.random (spec 9), the port from the world
//   seed's streams, so its places cannot match; its region is where the picture with life differs
//   from the one without (ours; the reference's own walker stays counted wherever it stands).
// Everything else, the ruin's plates, keylines, dial and grain included, is compared as it is: the
// stand-in's stone (d8d3c4) and rose (d9a3a0) lie within 48 of the spec's ffe3c9 and fdb2a2.
// Each figure is held to what the scene reaches today (LIMITS), so a regression fails here.
// The comparison pictures go to build/fidelity/ (docs/ruin-fidelity-*.png are copies of them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';
import { decodePng } from './helpers/png.mjs';
import { mulberry32 } from './helpers/reference.mjs';
import { compare, encodePng } from './helpers/fidelity.mjs';

const nf = await loadNoisefield();
const REFERENCE = join(repoRoot, 'tests', 'fixtures', 'reference');  // copies of shared/spec/reference/
const OUT = join(repoRoot, 'build', 'fidelity');

// The reference's moments: the viewport, the pitch, and the time of day its board (and hands) show.
// limits: percent of a region's pixels beyond 48, at most (what was reached when they were set, plus
// a little): rest = outside the board, the ivy, the water and the moving life; ivy and water = of
// those regions (without the moving life). The whole picture's figure is reported, not held: the
// moving life (fireflies, falling letters) adds to it by chance.
const CASES = [
  { file: 'original-1280x800.png', w: 1280, h: 800, pitch: 0, at: 18 * 3600 + 24 * 60 + 34.7, before: 18.6,
    limits: { rest: 3.45, ivy: 46, water: 60.5 } },
  { file: 'original-1920x1080-px2.png', w: 1920, h: 1080, pitch: 2, at: 18 * 3600 + 26 * 60 + 52.8, before: 14.7,
    limits: { rest: 1.32, ivy: 54.5, water: 52.5 } },
];

// Spec 4.1: the creeper's points (radius, then step, per point) and its leaves' squares.
function creeper(seed, fromDeg, toDeg) {
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
const IVY = [creeper(21, 78, -18), creeper(23, 201, 243)];

test('the ivy region follows the spec\'s check values', () => {
  const near = (p, x, y) => Math.abs(p[0] - x) < 0.01 && Math.abs(p[1] - y) < 0.01;
  const [right, left] = IVY;
  assert.ok(near(right.pts[0], 843.16, 643.06) && near(right.pts.at(-1), 998.97, 383.31), 'right creeper ends');
  assert.ok(near(left.pts[0], 608.10, 366.34) && near(left.pts.at(-1), 690.03, 263.79), 'upper left creeper ends');
  assert.equal(right.pts.length, 21);
  assert.equal(left.pts.length, 10);
  assert.equal(right.leaves.length, 27);
  assert.equal(left.leaves.length, 11);
  assert.deepEqual(right.leaves.slice(0, 4).map((f) => [f.x0.toFixed(1), f.y0.toFixed(1), f.s]),
    [['842.1', '630.5', 10], ['860.6', '637.6', 10], ['872.0', '622.1', 10], ['886.9', '629.6', 13]]);
});

function segDist(x, y, [ax, ay], [bx, by]) {
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

function render({ w, h, pitch, at }, life = true) {
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
    const ruin = Uint8Array.from(s.pixels('gate')), bw = s.bufferWidth, p = s.pitch, pl = s.placement;
    // Viewport pixel -> scene point (the canvas overhangs the viewport by the inset).
    const sx = (x) => (x + 0.5 + pl.inset - pl.ox) / pl.scale, sy = (y) => (y + 0.5 + pl.inset - pl.oy) / pl.scale;
    const onRuin = (x, y) => ruin[(Math.floor((y + pl.inset) / p) * bw + Math.floor((x + pl.inset) / p)) * 4 + 3] === 255;
    // The ivy's mask, once per viewport pixel (near the ring only: the creepers climb its rim).
    const ivy = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const X = sx(x), Y = sy(y), d = Math.hypot(X - 800, Y - 440);
        if (d > 180 && d < 245) ivy[y * w + x] = onIvy(X, Y, p / pl.scale) ? 1 : 0;
      }
    return {
      pic: { width: pic.width, height: pic.height, data: Uint8Array.from(pic.pixels) },
      onRuin, onIvy: (x, y) => ivy[y * w + x] === 1, onWater: (x, y) => sy(y) >= pl.waterY,
    };
  } finally {
    s.delete();
  }
}

for (const c of CASES) {
  const ref = join(REFERENCE, c.file);
  test(`world 404 against ${c.file}`, { skip: !existsSync(ref) && `no reference at ${ref}` }, () => {
    const r = render(c);
    const still = render(c, false).pic.data;
    const moving = (x, y) => {
      const k = (y * c.w + x) * 4;
      return r.pic.data[k] !== still[k] || r.pic.data[k + 1] !== still[k + 1] || r.pic.data[k + 2] !== still[k + 2];
    };
    const board = { x0: c.w - 352, y0: 24, x1: c.w - 24, y1: 266 };
    const base = { exclude: [board] };
    const reference = decodePng(readFileSync(ref));
    const whole = compare(reference, r.pic, base);
    const ivy = compare(reference, r.pic, { ...base, apart: (x, y) => r.onIvy(x, y) && !moving(x, y) });
    const water = compare(reference, r.pic, { ...base, apart: (x, y) => r.onWater(x, y) && !r.onIvy(x, y) && !moving(x, y) });
    const life = compare(reference, r.pic, { ...base, apart: moving });
    const apart = (x, y) => r.onIvy(x, y) || r.onWater(x, y) || moving(x, y);
    const rest = compare(reference, r.pic, { ...base, apart });
    const plates = compare(reference, r.pic, { ...base, apart: (x, y) => r.onRuin(x, y) && !apart(x, y) });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `ruin-fidelity-${c.w}x${c.h}.png`), encodePng(rest.width, rest.height, rest.picture));
    const f = (v) => v.toFixed(2) + ' %';
    const part = (cmp) => `${f(cmp.apartBeyondPct)} of its ${cmp.apartPixels} px (${f((cmp.apartBeyondPct * cmp.apartPixels) / (cmp.apartPixels + cmp.keptPixels))} of all)`;
    console.log(`${c.file}: beyond 48 ${f(whole.beyondPct)} (was ${c.before} % before the ruin), differing at all ${f(whole.anyPct)}; ` +
      `apart: the ivy (stand-in colours) ${part(ivy)}, the water (the port's water model) ${part(water)}, ` +
      `the moving life (seeded here, unseeded there) ${part(life)}; ` +
      `the rest ${f(rest.keptBeyondPct)} of ${rest.keptPixels} px, of which the ruin's plates and keylines ${part(plates)}`);
    assert.ok(ivy.apartBeyondPct <= c.limits.ivy, `the ivy at most ${c.limits.ivy} % beyond 48 (got ${f(ivy.apartBeyondPct)})`);
    assert.ok(water.apartBeyondPct <= c.limits.water, `the water at most ${c.limits.water} % beyond 48 (got ${f(water.apartBeyondPct)})`);
    assert.ok(rest.keptBeyondPct <= c.limits.rest, `outside the ivy, the water and the moving life at most ${c.limits.rest} % beyond 48 (got ${f(rest.keptBeyondPct)})`);
  });
}
