// Flattening a run of layers (Landscape.flatten, cpp/scene/compose.h flattenRect), which the page
// shows as one canvas in their place (web/landscape-flat.js). It is exact only over layers whose
// every pixel is alpha 0 or 255 (Landscape.LAYER_HARD_ALPHA), or over an opaque bottom
// (Landscape.OPAQUE_BASE: the sky), where soft pixels are blended as Chromium's compositor blends
// them: those flags are checked here on live frames (days, pitches, the portal hot, the ruin's life
// running), and flatten() against the top-most opaque pixel of the run, within the rectangle
// asked, nothing outside it, and the base against the compositor's blend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();
const { LAYERS, LAYER_HARD_ALPHA, OPAQUE_BASE } = nf.Landscape;

function live(seed, { day, pitch, mode = 'idle', steps = 240 }, fn) {
  const s = new nf.Landscape(seed);
  try {
    s.setDayAndDusk(day, day > 0.8 ? 0.7 : 0);
    s.setPortalMode(mode);
    s.setViewport({ cssWidth: 960, cssHeight: 600, pitch });
    for (let i = 0; i < steps; i++) s.advance(1 / 60);
    return fn(s);
  } finally {
    s.delete();
  }
}
const CASES = [{ day: 0.6, pitch: 4 }, { day: 0.1, pitch: 2, mode: 'hot' }, { day: 0.95, pitch: 3, steps: 400 }, { day: 0.35, pitch: 5, mode: 'enter' }];

test('LAYER_HARD_ALPHA: one flag per layer, and every pixel of a flagged layer is alpha 0 or 255', () => {
  assert.equal(LAYER_HARD_ALPHA.length, LAYERS.length);
  assert.ok(LAYER_HARD_ALPHA.some((h) => h) && LAYER_HARD_ALPHA.every((h) => typeof h === 'boolean'));
  for (const c of CASES) {
    live(7, c, (s) => {
      for (let l = 0; l < LAYERS.length; l++) {
        if (!LAYER_HARD_ALPHA[l]) continue;
        const px = s.pixels(l);
        let soft = 0;
        for (let k = 3; k < px.length; k += 4) if (px[k] !== 0 && px[k] !== 255) soft++;
        assert.equal(soft, 0, `${LAYERS[l]} at ${JSON.stringify(c)}: ${soft} pixels of partial alpha`);
      }
    });
  }
});

test('flatten(first, last, rect): the top-most opaque pixel of the run inside the rect, the rest untouched', () => {
  live(404, CASES[0], (s) => {
    const bw = s.bufferWidth, bh = s.bufferHeight;
    const first = 2, last = 6;
    const layers = LAYERS.map((_, l) => Uint8Array.from(s.pixels(l)));
    const expect = (k) => {
      for (let l = last; l >= first; l--) if (layers[l][k + 3] === 255) return layers[l].subarray(k, k + 4);
      return new Uint8Array(4);
    };
    // The whole buffer, then a part of it on a changed scene: outside the part, the whole one's.
    const whole = Uint8Array.from(s.flatten(first, last, 0, 0, bw, bh));
    let wrong = 0;
    for (let k = 0; k < whole.length; k += 4) if (expect(k).some((v, c) => whole[k + c] !== v)) wrong++;
    assert.equal(wrong, 0, 'the whole buffer');
    for (let i = 0; i < 30; i++) s.advance(1 / 60);
    const now = LAYERS.map((_, l) => Uint8Array.from(s.pixels(l)));
    const [x, y, w, h] = [10, 7, 50, 33];
    const part = s.flatten(first, last, x, y, w, h);
    wrong = 0;
    for (let j = 0; j < bh; j++) {
      for (let i = 0; i < bw; i++) {
        const k = (j * bw + i) * 4;
        const inside = i >= x && i < x + w && j >= y && j < y + h;
        let e = whole.subarray(k, k + 4);
        if (inside) {
          e = new Uint8Array(4);
          for (let l = last; l >= first; l--) if (now[l][k + 3] === 255) { e = now[l].subarray(k, k + 4); break; }
        }
        if (e.some((v, c) => part[k + c] !== v)) wrong++;
      }
    }
    assert.equal(wrong, 0, 'the part redone, the rest as it was');
  });
});

// Chromium's software compositor (--disable-gpu) showing a canvas pixel of straight alpha a over an
// opaque one, per channel: the canvas keeps it premultiplied (rounded), the compositor adds the
// opaque pixel times 256 - a, shifted down by 8 (fitted on the browser; tests/browser/frames.test.mjs
// holds the page's screen to it).
const chromiumOver = (d, s, a) => Math.floor((s * a + 127) / 255) + ((d * (256 - a)) >> 8);

test('OPAQUE_BASE: a run from the sky whose flattening is opaque, its soft pixels blended as the compositor blends their canvas', () => {
  assert.ok(OPAQUE_BASE.length >= 2 && OPAQUE_BASE[0] === 0, `OPAQUE_BASE ${OPAQUE_BASE}`);
  assert.ok(OPAQUE_BASE.every((l, i) => l === OPAQUE_BASE[0] + i && l < LAYERS.length), 'a run of layers, back to front');
  const first = OPAQUE_BASE[0], last = OPAQUE_BASE[OPAQUE_BASE.length - 1];
  assert.ok(OPAQUE_BASE.some((l) => !LAYER_HARD_ALPHA[l]), 'the base holds a soft layer (the canopy): else the hard runs would do');
  for (const c of CASES) {
    live(11, c, (s) => {
      const bw = s.bufferWidth, bh = s.bufferHeight;
      const layers = OPAQUE_BASE.map((l) => Uint8Array.from(s.pixels(l)));
      const flat = s.flatten(first, last, 0, 0, bw, bh);
      let wrong = 0, soft = 0, clear = 0;
      for (let k = 0; k < flat.length; k += 4) {
        const e = new Uint8Array(4);
        for (const px of layers) {
          const a = px[k + 3];
          if (a === 255) e.set(px.subarray(k, k + 4));
          else if (a > 0 && e[3] === 255) { soft++; for (let ch = 0; ch < 3; ch++) e[ch] = chromiumOver(e[ch], px[k + ch], a); }
          else if (a > 0) e[3] = 1;  // soft over clear: not the base's case (counted below)
        }
        if (e[3] !== 255) clear++;
        if (e.some((v, ch) => flat[k + ch] !== v)) wrong++;
      }
      assert.equal(clear, 0, `${JSON.stringify(c)}: ${clear} pixels not opaque under the soft ones`);
      assert.ok(soft > 100, `${JSON.stringify(c)}: the canopy has soft pixels to blend (${soft})`);
      assert.equal(wrong, 0, `${JSON.stringify(c)}: ${wrong} of ${bw * bh} pixels differ from the compositor's`);
    });
  }
});

test('flatten refuses a run that is not one, naming the layers', () => {
  const s = new nf.Landscape(1);
  try {
    assert.throws(() => s.flatten(0, 1, 0, 0, 1, 1), /no pixels before setViewport/);
    s.setViewport({ cssWidth: 320, cssHeight: 200, pitch: 4 });
    assert.throws(() => s.flatten(3, 1, 0, 0, 1, 1), /flatten: the layers must be a run first <= last in 0\.\.7 \(got 3, 1\)/);
    assert.throws(() => s.flatten('nope', 2, 0, 0, 1, 1), /layer must be one of sky, land/);
    assert.throws(() => s.flatten(0, 2, 0, 0, 'x', 1), /w must be/);
  } finally {
    s.delete();
  }
});
