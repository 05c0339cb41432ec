// The tablet's letters in the wasm build (cpp/scene/letters.h): the frames and the pointer sweep
// that tests/native/scene_letters_test.cpp pins natively, recipe for recipe, so native and wasm
// crumble, drop, splash and recarve the same pixels (the gate and near layers, and the pane that
// carries the line and the falling letters); and the module's face: setPointer's near point,
// setMotion and setLife keep the path intact, a banner has no pane.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();
const PATH = '/some/missing/page';
const SWEEP = '0x63179955b714a8ad';  // tests/native/scene_letters_test.cpp, ASweepAsRecorded

// FNV-1a 64 in two 32-bit halves (BigInt per byte takes a minute over these layers): h * prime is
// h * 0x1b3 + (h << 40).
function fnv1a64(bytes) {
  let lo = 0x84222325, hi = 0xcbf29ce4;
  for (let k = 0; k < bytes.length; k++) {
    lo = (lo ^ bytes[k]) >>> 0;
    const p = lo * 0x1b3;
    const carry = Math.floor(p / 4294967296);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = p >>> 0;
  }
  return (BigInt(hi) << 32n) | BigInt(lo);
}
const hex = (h) => '0x' + h.toString(16).padStart(16, '0');

function scene(world, w, h, pitch) {
  const s = new nf.Landscape(world);
  s.setDayAndDusk(1, 0);
  s.setViewport({ cssWidth: w, cssHeight: h, pitch });
  s.setPath(PATH);
  return s;
}
function withScene(args, fn) {
  const s = scene(...args);
  try { return fn(s); } finally { s.delete(); }
}

// tests/native/scene_letters_test.cpp, FramesAsRecorded.
const PINS = [
  [404, 1280, 800, 0, 4.7, '0xe2cc2a48d9516adf', '0xb63f0acd03162676', '0xbf15b7775c5aa0e7'],
  [404, 1280, 800, 0, 6.5, '0x51936933e376ae68', '0x444e694721276153', '0xa72210a13fa5a9a0'],
  [404, 1920, 1080, 2, 5.1, '0x5ea6447d880f6f2c', '0x3347d694dfcb4fca', '0x97d5b9a3d3bac20c'],
  [404, 1920, 1080, 2, 6.5, '0xdb6e47acd53dd8bf', '0x43b4edfc586e6ea4', '0xfd2ef50631d8292f'],
  [405, 1280, 800, 3, 9.25, '0x56aafa9458e47dce', '0x6b2b6ea9fa58f34a', '0x93dcceee27bb1507'],
];

for (const [world, w, h, pitch, t, gate, near, pane] of PINS) {
  test(`world ${world} ${w}x${h} px ${pitch} at t = ${t}: the gate and near layers and the pane as native paints them`, () => {
    withScene([world, w, h, pitch], (s) => {
      s.setClock(t);
      s.renderAll();
      assert.equal(hex(fnv1a64(s.pixels('gate'))), gate);
      assert.equal(hex(fnv1a64(s.pixels('near'))), near);
      assert.equal(hex(fnv1a64(s.pane.pixels)), pane);
    });
  });
}

test('the pane: at its box on the layer canvas, one CSS px a pixel; a banner has none', () => {
  withScene([404, 1280, 800, 0], (s) => {
    const p = s.pane, pl = s.placement;
    assert.ok(p && p.width > 0 && p.height > 0);
    assert.equal(p.pixels.length, p.width * p.height * 4);
    // The tablet's centre (805, 786) lies inside it, in canvas CSS px (scene * scale + ox).
    const cx = 805 * pl.scale + pl.ox, cy = 786 * pl.scale + pl.oy;
    assert.ok(cx > p.x && cx < p.x + p.width && cy > p.y && cy < p.y + p.height);
    assert.ok(p.x + p.width <= s.bufferWidth * s.pitch && p.y + p.height <= s.bufferHeight * s.pitch);
    assert.equal(nf.Landscape.LAYERS[nf.Landscape.PANE_ABOVE], 'fx');
    assert.equal(nf.Landscape.PANE_LAYER, nf.Landscape.LAYERS.length);
    assert.equal(s.changedRects().length, 4 * (nf.Landscape.LAYERS.length + 1));
    s.setPath('');
    assert.equal(s.pane, null, 'no path, no pane');
  });
});

// ASweepAsRecorded: the live loop with the pointer sweeping the tablet.
function sweepHash() {
  return withScene([404, 1280, 800, 2], (s) => {
    s.setClock(3.5);
    s.renderAll();
    const M = 0xffffffffffffffffn;
    let h = 0n;
    for (let f = 0; f < 150; f++) {
      if (f >= 30 && f < 70) s.setPointer(100, 100, true, 690 + (f - 30) * 6, 788 - (f - 30) * 0.3);
      if (f === 70) s.setPointer(0, 0, false);
      s.advance(1 / 60);
      if (f % 25 === 24) h = (h * 31n + fnv1a64(s.pixels('gate')) * 7n + fnv1a64(s.pixels('near')) + fnv1a64(s.pane.pixels) * 3n) & M;
    }
    return h;
  });
}

test('a pointer sweep over the tablet: the same pixels as native, run after run', () => {
  const a = sweepHash();
  assert.equal(a, sweepHash());
  assert.equal(hex(a), SWEEP);
});

test('life off and reduced motion keep the path intact; the sweep knocks nothing off then', () => {
  const tablet = (s) => {
    s.renderAll();
    return fnv1a64(s.pane.pixels);
  };
  // The hands move with the clock: compare at one clock, the letters' schedule apart.
  const at = 6.5;
  const carved = withScene([404, 1280, 800, 0], (s) => {
    s.setMotion(false);
    s.setClock(at);
    return tablet(s);
  });
  withScene([404, 1280, 800, 0], (s) => {
    s.setClock(at);
    assert.notEqual(tablet(s), carved, 'at 6.5 s a glyph has crumbled (spec 3.3)');
    s.setLife(false);
    assert.equal(tablet(s), carved, 'life off: carved again');
    s.setLife(true);
    s.setMotion(false);
    assert.equal(tablet(s), carved, 'reduced motion: carved');
    const stillNear = fnv1a64(s.pixels('near'));
    for (let x = 690; x < 930; x += 6) s.setPointer(100, 100, true, x, 786);
    assert.equal(tablet(s), carved, 'the pointer knocks nothing off under reduced motion');
    assert.equal(fnv1a64(s.pixels('near')), stillNear, 'nothing falls');
    s.setMotion(true);
    const fallen = tablet(s);
    assert.notEqual(fallen, carved);
    for (let x = 690; x < 930; x += 6) s.setPointer(100, 100, true, x, 786);
    assert.notEqual(tablet(s), fallen, 'with motion the sweep knocks the rest off: they fall');
  });
  assert.throws(() => withScene([404, 1280, 800, 0], (s) => s.setPointer(1, 1, true, 'x', 2)), /nearX/);
});
