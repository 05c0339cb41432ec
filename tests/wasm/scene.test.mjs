// The landscape scene through the wasm module (nf.Landscape): sizes, the placement a page reads,
// the layer mask of advance(), zero-copy pixels, bad input and delete.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

test('setViewport sizes the layers; placement maps scene points to viewport CSS and back', () => {
  const s = new nf.Landscape();
  try {
    s.setViewport({ cssWidth: 1920, cssHeight: 1080 });
    assert.equal(s.pitch, 5, 'automatic pitch');
    assert.equal(nf.Landscape.autoPitch(1920), 5);
    assert.equal(nf.Landscape.autoPitch(320), 3);
    assert.equal(nf.Landscape.autoPitch(3840), 6);
    assert.equal(s.bufferWidth, Math.ceil((1920 + 96) / 5));
    assert.equal(s.bufferHeight, Math.ceil((1080 + 96) / 5));
    const at = s.placement;
    assert.deepEqual(Object.keys(at).sort(),
      ['gateR', 'gateX', 'gateY', 'inset', 'ox', 'oy', 'scale', 'sceneHeight', 'sceneWidth', 'waterY']);
    assert.equal(at.inset, 48);
    assert.deepEqual([at.sceneWidth, at.sceneHeight, at.gateX, at.gateY, at.gateR, at.waterY], [1600, 1000, 800, 440, 168, 870]);
    // The scene covers the layer canvas (viewport + 2 * inset) and is centred on it.
    assert.equal(at.scale, Math.max((1920 + 96) / 1600, (1080 + 96) / 1000));
    assert.ok(Math.abs(2 * at.ox + 1600 * at.scale - (1920 + 96)) < 1e-9);
    for (const x of [0, 400, 800, 1600]) {
      const css = x * at.scale + at.ox - at.inset;
      assert.ok(Math.abs(s.sceneXFromCss(css) - x) < 1e-9, `x ${x}`);
    }
    for (const y of [0, 440, 870]) {
      const css = y * at.scale + at.oy - at.inset;
      assert.ok(Math.abs(s.sceneYFromCss(css) - y) < 1e-9, `y ${y}`);
    }
    // Another shape: a tall phone viewport crops the sides instead.
    s.setViewport({ cssWidth: 390, cssHeight: 844 });
    const tall = s.placement;
    assert.equal(tall.scale, (844 + 96) / 1000);
    assert.ok(tall.ox < 0 && tall.oy === 0);
  } finally {
    s.delete();
  }
});

test('advance returns a mask of changed layers; pixels are views of the layer buffers', () => {
  const s = new nf.Landscape(404);
  try {
    s.setViewport({ cssWidth: 640, cssHeight: 400, pitch: 4 });
    s.setDay(0.6);
    s.setClock(3);
    const all = s.renderAll();
    assert.equal(all, (1 << nf.Landscape.LAYERS.length) - 1);
    let seen = 0;
    for (let i = 0; i < 20; i++) seen |= s.advance(1 / 60);
    assert.ok(seen & (1 << nf.Landscape.LAYERS.indexOf('rift')), 'the rift ticks at 20 Hz');
    assert.equal(seen & (1 << nf.Landscape.LAYERS.indexOf('land')), 0, 'paint-once layers stay');
    for (const name of nf.Landscape.LAYERS) {
      const px = s.pixels(name);
      assert.ok(px instanceof Uint8Array);
      assert.equal(px.length, s.bufferWidth * s.bufferHeight * 4);
    }
    const sky = s.pixels('sky');
    for (let i = 0; i < s.bufferWidth; i++) assert.equal(sky[4 * i + 3], 255, 'the top row is all sky');
    let opaque = 0;
    for (let i = 3; i < sky.length; i += 4) if (sky[i] === 255) opaque++;
    assert.ok(opaque > sky.length / 8, 'most of the upper half is sky');
  } finally {
    s.delete();
  }
});

test('setSeason paints snow on the ranges; null removes it', () => {
  const s = new nf.Landscape(404);
  try {
    s.setViewport({ cssWidth: 800, cssHeight: 500, pitch: 4 });
    assert.equal(s.season, null);
    const bare = Uint8Array.from(s.pixels('land'));
    s.setSeason(40);
    assert.equal(s.season, 40);
    const winter = Uint8Array.from(s.pixels('land'));
    assert.notDeepEqual(winter, bare);
    s.setSeason(null);
    assert.deepEqual(Uint8Array.from(s.pixels('land')), bare);
    assert.throws(() => s.setSeason(366), /season must be a day of the year in \[0, 365\] or null/);
    assert.throws(() => s.setSeason('winter'), /season must be a day of the year/);
    assert.throws(() => s.setSeason(NaN), /season/);
    assert.equal(s.season, null, 'a rejected season leaves the scene as it was');
  } finally {
    s.delete();
  }
});

test('bad scene input throws an Error naming the parameter; the scene keeps working', () => {
  const s = new nf.Landscape();
  try {
    assert.throws(() => s.setViewport({ cssWidth: 0, cssHeight: 100 }), /cssWidth.*\[1, 16384\]/);
    assert.throws(() => s.setViewport({ cssWidth: 100, cssHeight: 100, pitch: 9 }), /pitch/);
    assert.throws(() => s.setViewport({ cssWidth: 100, cssHeight: 100, size: 3 }), /unknown|size/);
    assert.throws(() => s.setDay(NaN), /day must be a number in \[0, 1\]/);
    assert.throws(() => s.setDay(1.5), /day/);
    assert.throws(() => s.setDayAndDusk(0.5, 2), /dusk must be a number in \[0, 1\]/);
    assert.throws(() => s.setDayAndDusk(-1, 0.5), /day must be a number in \[0, 1\]/);
    assert.throws(() => s.setClock(-1), /clock/);
    assert.throws(() => s.setWorldSeed(-3), /seed/);
    assert.throws(() => s.setPortalMode('open'), /portal mode/);
    assert.throws(() => s.pixels('moon'), /layer must be one of/);
    assert.throws(() => new nf.Landscape(1.5), /world seed/);
    s.setViewport({ cssWidth: 200, cssHeight: 120 });
    assert.equal(s.pixels(0).length, s.bufferWidth * s.bufferHeight * 4);
    const painted = s.paintOnceCount;
    s.setDayAndDusk(0.3, 0.9);
    assert.equal(s.paintOnceCount, painted + 1, 'one repaint for both');
    assert.deepEqual([s.day, s.dusk], [0.3, 0.9]);
    assert.equal(nf.Landscape.autoPitch(NaN), 3, 'a bogus width gets the smallest pitch, not a crash');
  } finally {
    s.delete();
  }
  assert.throws(() => s.advance(0.1), /deleted/);
});

test('framing: cover is the default fill; gate keeps the ring whole in a 1700 x 300 banner; a focal point; bad values', () => {
  const s = new nf.Landscape();
  const t = new nf.Landscape();
  try {
    assert.deepEqual(nf.Landscape.FRAMINGS, ['cover', 'gate', 'island', 'shore']);
    s.setViewport({ cssWidth: 1280, cssHeight: 800 });
    t.setViewport({ cssWidth: 1280, cssHeight: 800, framing: 'cover' });
    assert.deepEqual(t.placement, s.placement);
    assert.deepEqual([...t.pixels('gate')], [...s.pixels('gate')], 'cover paints what no framing paints');
    const ring = (p) => {
      const r = (p.gateR + 46) * p.scale;   // the ring's outer edge (rift.h kGateRing)
      const y = p.gateY * p.scale + p.oy - p.inset, x = p.gateX * p.scale + p.ox - p.inset;
      return { top: y - r, bottom: y + r, left: x - r, right: x + r };
    };
    s.setViewport({ cssWidth: 1700, cssHeight: 300 });
    assert.ok(ring(s.placement).top < 0, 'cover cuts the top of the gate');
    s.setViewport({ cssWidth: 1700, cssHeight: 300, framing: 'gate' });
    const g = ring(s.placement);
    assert.ok(g.top >= 0 && g.bottom <= 300 && g.left >= 0 && g.right <= 1700, JSON.stringify(g));
    s.setViewport({ cssWidth: 1700, cssHeight: 300, framing: 'island' });
    const isl = s.placement;
    assert.ok(isl.waterY * isl.scale + isl.oy - isl.inset < 300, 'the water line is in view');
    s.setViewport({ cssWidth: 1280, cssHeight: 300, framing: { x: 800, y: 1000 } });
    const f = s.placement;
    // Centring on the scene's bottom edge is clamped: the scene's bottom rests on the canvas's,
    // which overhangs the viewport by the inset (the parallax margin).
    assert.equal(Math.round(1000 * f.scale + f.oy - f.inset), 300 + f.inset, 'a focal point at the bottom edge rests the scene on it');
    s.setViewport({ cssWidth: 1280, cssHeight: 300, framing: { x: 800, y: 700 } });
    const m = s.placement;
    assert.ok(Math.abs(700 * m.scale + m.oy - m.inset - 150) < 1e-9, 'a focal point inside the scene sits in the middle');
    assert.throws(() => s.setViewport({ cssWidth: 100, cssHeight: 100, framing: 'sky' }), /framing must be one of cover, gate, island, shore or a point/);
    assert.throws(() => s.setViewport({ cssWidth: 100, cssHeight: 100, framing: { x: 800, y: -1 } }), /framing point .*y in \[0, 1000\]/);
    assert.throws(() => s.setViewport({ cssWidth: 100, cssHeight: 100, framing: { x: 800 } }), /framing point must be \{ x, y \}/);
  } finally {
    s.delete();
    t.delete();
  }
});

test('stepped repaints give the one-shot pixels; the old layers stay until stepRepaint returns true', () => {
  const once = new nf.Landscape(405), stepped = new nf.Landscape(405);
  const copy = (s) => [0, 1, 2, 3, 4, 5, 6].map((l) => Uint8Array.from(s.pixels(l)));
  try {
    stepped.setStepped(true);
    for (const s of [once, stepped]) {
      s.setDayAndDusk(0.3, 0.5);
      s.setClock(4.25);
      s.setViewport({ cssWidth: 900, cssHeight: 700, pitch: 2 });
    }
    assert.equal(stepped.repainting, true);
    let steps = 1;
    while (!stepped.stepRepaint(0)) steps++;
    assert.ok(steps > 10, `one unit per step (${steps} steps)`);
    assert.equal(stepped.repainting, false);
    assert.deepEqual(copy(stepped), copy(once));
    // A resize, then a daylight change half way: the old layers stay, then both changes at once.
    const before = copy(stepped);
    stepped.setViewport({ cssWidth: 1000, cssHeight: 640, pitch: 2 });
    for (let k = 0; k < 5; k++) assert.equal(stepped.stepRepaint(0), false);
    stepped.setDayAndDusk(0.8, 0);
    assert.equal(stepped.advance(0.02), 0, 'no tick paints while repainting');
    assert.deepEqual(copy(stepped), before);
    assert.equal(stepped.bufferWidth, (900 + 96) / 2, 'the old size until the new layers are in place');
    while (!stepped.stepRepaint(3));
    once.setViewport({ cssWidth: 1000, cssHeight: 640, pitch: 2 });
    once.setDayAndDusk(0.8, 0);
    once.setClock(4.25);
    once.renderAll();
    stepped.setClock(4.25);
    stepped.renderAll();
    assert.equal(stepped.bufferWidth, once.bufferWidth);
    assert.deepEqual(copy(stepped), copy(once));
    // beginRender: renderAll's pixels in steps.
    once.setClock(9.5);
    once.renderAll();
    stepped.setClock(9.5);
    stepped.beginRender();
    assert.equal(stepped.repainting, true);
    while (!stepped.stepRepaint(0));
    assert.deepEqual(copy(stepped), copy(once));
    assert.throws(() => stepped.stepRepaint(NaN), /stepRepaint: budget must be a number of milliseconds >= 0 \(got NaN\)/);
    assert.throws(() => stepped.stepRepaint('5'), /budget must be a number/);
  } finally {
    once.delete();
    stepped.delete();
  }
});
