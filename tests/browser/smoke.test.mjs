// Smoke: the 404 page loads over HTTP, the wasm module paints the canvases, nothing complains.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, withPage, paintedStats } from './helpers/browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('index.html mounts the landscape with non-blank canvases and no console errors', async () => {
  await withPage(env.browser, env.url, async ({ page, problems }) => {
    await page.waitForSelector('html.nf-live', { timeout: 20000 });
    assert.equal(await page.locator('canvas.nf-layer').count(), 8);
    for (const layer of ['sky', 'land', 'gate', 'hill', 'near', 'fx', 'canopy']) {
      const s = await paintedStats(page, `canvas.nf-layer-${layer}`);
      assert.ok(s.width > 0 && s.height > 0, `${layer} has a size`);
      assert.ok(s.opaque > 0, `${layer} has painted pixels`);
      assert.ok(s.colours > 1, `${layer} is not a flat colour`);
    }
    assert.equal(await page.locator('h1').isVisible(), true);
    assert.deepEqual(problems, []);
  });
});
