// Big viewports (README "Errors"): a pitch whose buffers exceed the pixel budget is raised, and a
// viewport whose memory cannot be had is an Error that leaves the scene as it was, still usable.
import test from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

const painted = (px) => px.some((v, i) => (i & 3) === 3 && v !== 0);

test('an 8K screen at pitch 1 gets the smallest pitch within the buffer budget, and paints', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 7680, cssHeight: 4320, pitch: 1 });
  assert.equal(scene.pitch, 2);
  assert.ok(scene.bufferWidth * scene.bufferHeight <= nf.Landscape.maxBufferPixels);
  assert.equal(scene.bufferWidth, Math.ceil((7680 + 96) / 2));
  scene.advance(0.1);
  const land = scene.pixels('land');
  assert.equal(land.length, scene.bufferWidth * scene.bufferHeight * 4);
  assert.ok(painted(land));
  scene.delete();
});

test('the buffers take at most kBytesPerBufferPixel per buffer pixel (what the probe asks for)', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 64, cssHeight: 64, pitch: 1 });
  const before = nf.heapUsedBytes();
  scene.setViewport({ cssWidth: 1920, cssHeight: 1080, pitch: 1 });
  scene.advance(0.5);
  const perPixel = (nf.heapUsedBytes() - before) / (scene.bufferWidth * scene.bufferHeight);
  assert.ok(perPixel > 20 && perPixel < 96, `bytes per buffer pixel: ${perPixel}`);
  scene.delete();
});

test('a viewport the module cannot allocate is an Error; the scene keeps its viewport and works', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 320, cssHeight: 200 });
  const bw = scene.bufferWidth, bh = scene.bufferHeight;
  // Take most of the 2 GiB heap with float buffers (64 MB each), so the largest viewport cannot fit.
  const hogs = [];
  try {
    while (nf.heapUsedBytes() < 1.5 * 2 ** 30) {
      const g = new nf.NoiseGrid();
      g.fill('value', { width: 4096, height: 4096, step: 0 });
      hogs.push(g);
    }
    assert.throws(() => scene.setViewport({ cssWidth: 16384, cssHeight: 16384 }),
      /^Error: setViewport: 16384 x 16384 at pitch 6 needs about \d+ MB of buffers, more than the module can allocate now; the previous viewport stays$/);
    assert.equal(scene.bufferWidth, bw);
    assert.equal(scene.bufferHeight, bh);
    scene.advance(0.2);
    scene.renderAll();
    const sky = scene.pixels('sky');
    assert.equal(sky.length, bw * bh * 4);
    assert.ok(painted(sky));
  } finally {
    for (const g of hogs) g.delete();
  }
  scene.setViewport({ cssWidth: 16384, cssHeight: 16384 });  // room again
  assert.equal(scene.pitch, 6);
  assert.equal(scene.pixels('land').length, scene.bufferWidth * scene.bufferHeight * 4);
  scene.delete();
});
