// The ruin's life through the wasm module (docs/scene.md, "Life"): the ivy drawing itself, as the
// native tests see it (tests/native/scene_life_test.cpp), and as the page drives it: a frozen moment
// rebuilds it bit for bit, reduced motion (setMotion(false)) shows it grown. Native and wasm paint
// the same moments (tests/wasm/worlds.test.mjs, at t 2, while the ivy grows).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

function frozen(t, { layer = 'gate', motion = true, pitch = 0, life = true, mode = 'idle', seed = 404 } = {}) {
  const s = new nf.Landscape(seed);
  try {
    s.setMotion(motion);
    s.setLife(life);
    s.setPortalMode(mode);
    s.setViewport({ cssWidth: 1280, cssHeight: 800, pitch });
    s.setClock(t);
    s.renderAll();
    return Uint8Array.from(s.pixels(layer));
  } finally {
    s.delete();
  }
}

function differing(a, b) {
  let n = 0;
  for (let k = 0; k < a.length; k += 4) n += a[k] !== b[k] || a[k + 1] !== b[k + 1] || a[k + 2] !== b[k + 2] || a[k + 3] !== b[k + 3];
  return n;
}

test('the ivy draws itself: bare at the reveal, more of it each moment, grown by 3.8 s; reduced motion grown at once', () => {
  const left = [0, 0.8, 1.6, 2.4, 3.2, 3.8].map((t) => differing(frozen(t), frozen(t, { motion: false })));
  assert.ok(left[0] > 100, `the ivy is what differs at 0: ${left}`);
  for (let k = 1; k < left.length; k++) assert.ok(left[k] < left[k - 1], `less left to grow at each moment: ${left}`);
  assert.equal(left.at(-1), 0, 'grown by 3.8 s');
  assert.deepEqual(frozen(1.6), frozen(1.6), 'a frozen moment rebuilds bit for bit');
});

const opaque = (p) => { let n = 0; for (let k = 3; k < p.length; k += 4) n += p[k] === 255; return n; };

test('fireflies: in the fx layer by day and night, moving, gone with life off, still under reduced motion', () => {
  const s = new nf.Landscape(404);
  try {
    assert.ok(nf.Landscape.LAYERS.includes('fx'), nf.Landscape.LAYERS.join());
    assert.equal(nf.Landscape.LAYER_DEPTHS.length, nf.Landscape.LAYERS.length);
    assert.equal(nf.Landscape.LAYER_DEPTHS[nf.Landscape.LAYERS.indexOf('fx')], 0.42);
    for (const day of [1, 0]) {
      s.setDay(day);
      s.setViewport({ cssWidth: 1280, cssHeight: 800 });
      s.setClock(1.5);
      s.renderAll();
      assert.ok(opaque(s.pixels('fx')) > 20, `day ${day}`);
    }
  } finally {
    s.delete();
  }
  assert.deepEqual(frozen(1.5, { layer: 'fx' }), frozen(1.5, { layer: 'fx' }), 'a frozen moment rebuilds bit for bit');
  assert.ok(differing(frozen(1.5, { layer: 'fx' }), frozen(2, { layer: 'fx' })) > 10, 'they move');
  assert.equal(opaque(frozen(1.5, { layer: 'fx', life: false })), 0, 'life off: none');
  assert.deepEqual(frozen(1.5, { layer: 'fx', motion: false }), frozen(9, { layer: 'fx', motion: false }), 'reduced motion: still');
});

test('comets: inside the opening when the portal is hot, not over the gate layer; the rift is the rift', () => {
  const fx = frozen(9, { layer: 'fx', life: false, mode: 'hot', pitch: 2 });
  const gate = frozen(9, { layer: 'gate', life: false, mode: 'hot', pitch: 2 });
  assert.ok(opaque(fx) > 3, 'a comet shows');
  for (let k = 3; k < fx.length; k += 4) if (fx[k] === 255) assert.notEqual(gate[k], 255, 'never over the gate');
  assert.deepEqual(frozen(9, { layer: 'rift', mode: 'hot', pitch: 2 }), frozen(9, { layer: 'rift', life: false, mode: 'hot', pitch: 2 }));
  assert.equal(opaque(frozen(9, { layer: 'fx', life: false, mode: 'hot', pitch: 2, motion: false })), 0, 'reduced motion: none');
});

test('light spill on the steps while the portal is hot', () => {
  const idle = frozen(6.5), hot = frozen(6.5, { mode: 'hot' });
  const d = differing(idle, hot);
  assert.ok(d > 500, `${d} pixels of the treads`);
});
