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
