// The pane's canvas on the page (web/landscape-pane.js; cpp/scene/landscape.h, the pane): the
// tablet's line and the falling letters at one CSS px a pixel, over the tablet where the scene
// puts it (the module's placement: the tablet's centre inside it), with the gate's parallax; a
// path taken away by setWorld hides it and one given shows it again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage } from './helpers/browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('the pane sits over the tablet, moves with the gate, and follows the path', async () => {
  const { page, context, problems } = await openPage(env.browser, env.url + 'some/missing/page?test&t=6.5', {});
  try {
    await page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
    await page.evaluate(() => window.__noisefield.debug.shown());
    const look = () => page.evaluate(() => {
      const pane = /** @type {HTMLCanvasElement} */ (document.querySelector('.nf-stage canvas.nf-pane'));
      const gate = /** @type {HTMLCanvasElement} */ (document.querySelector('.nf-stage canvas.nf-layer-gate'));
      const host = /** @type {HTMLElement} */ (gate.closest('.nf-stage')?.parentElement);
      const r = pane.getBoundingClientRect(), h = host.getBoundingClientRect();
      return { visibility: getComputedStyle(pane).visibility, box: [r.left - h.left, r.top - h.top, r.width, r.height],
        transform: pane.style.transform, gate: gate.style.transform, z: Number(pane.style.zIndex) };
    });
    const p = await page.evaluate(async () => {
      const M = window.__noisefield.debug.module, s = new M.Landscape(404);
      try {
        s.setViewport({ cssWidth: innerWidth, cssHeight: innerHeight, pitch: 0, framing: 'shore' });
        s.setPath('/some/missing/page');
        const pl = s.placement, b = s.pane;
        return { cx: 805 * pl.scale + pl.ox - pl.inset, cy: 786 * pl.scale + pl.oy - pl.inset, box: [b.x - pl.inset, b.y - pl.inset, b.width, b.height],
          above: M.Landscape.PANE_ABOVE };
      } finally { s.delete(); }
    });
    const a = await look();
    assert.equal(a.visibility, 'visible');
    assert.equal(a.transform, a.gate, 'at the gate layer\'s parallax');
    assert.equal(a.z, 2 * p.above + 1, 'above the layer it is over (and a flat canvas there), below the next');
    assert.deepEqual(a.box.map(Math.round), p.box, 'at the scene\'s box, one CSS px a pixel');
    assert.ok(p.cx > a.box[0] && p.cx < a.box[0] + a.box[2] && p.cy > a.box[1] && p.cy < a.box[1] + a.box[3], 'over the tablet');
    await page.evaluate(() => window.__noisefield.setWorld({ path: '' }));
    assert.equal((await look()).visibility, 'hidden', 'no path, no pane');
    await page.evaluate(() => window.__noisefield.setWorld({ path: '/a/b' }));
    assert.equal((await look()).visibility, 'visible', 'a path again');
    assert.deepEqual(problems.filter((m) => !/status of 404/.test(m)), [], 'nothing but the missing page\'s own 404');
  } finally {
    await context.close();
  }
});
