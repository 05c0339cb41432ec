// The README's embed snippet (`<!-- recipe: embed index.html -->`, with the stylesheet rule of its
// bundler recipe) as a site's page, over a folder of the embed's files at /assets/landscape/ (the
// package's web/ or dist/landscape/: the same file names), served with the README's CSP: the element
// must be visible (its height from the stylesheet) and live in its worker, with nothing logged.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../../tools/serve.mjs';
import { artifactsDir, canvasStats, sceneThread, withPage } from './browser.mjs';
import { pageAround, readmeCsp, recipe } from './readme.mjs';

export async function checkEmbedSnippet(browser, files, site, shot) {
  mkdirSync(join(site, 'assets'), { recursive: true });
  cpSync(files, join(site, 'assets', 'landscape'), { recursive: true });
  writeFileSync(join(site, 'index.html'), pageAround(recipe('embed')['index.html']));
  writeFileSync(join(site, 'style.css'), recipe('bundler')['style.css']);
  writeFileSync(join(site, 'favicon.ico'), '');   // a site has one; its 404 would be logged
  const { server, url } = await startServer({ root: site, headers: { 'content-security-policy': readmeCsp() } });
  try {
    await withPage(browser, url, { testHooks: false }, async ({ page, problems }) => {
      const el = 'noisefield-landscape';
      await page.waitForFunction(() => document.querySelector('noisefield-landscape')?.handle, null, { timeout: 20000 });
      const box = await page.$eval(el, (e) => { const r = e.getBoundingClientRect(); return { w: r.width, h: r.height }; });
      assert.equal(box.h, 300, 'visible: the stylesheet rule gave the element its height');
      assert.ok(box.w > 0);
      assert.equal(await sceneThread(page, `${el} canvas.nf-layer`), 'worker');
      const t0 = await page.$eval(el, (e) => e.handle.state().clock);
      await page.waitForFunction((t) => document.querySelector('noisefield-landscape').handle.state().clock > t, t0, { timeout: 10000 });
      for (const layer of ['sky', 'gate']) {
        const s = await canvasStats(page, `${el} canvas.nf-layer-${layer}`);
        assert.ok(s.opaque > 0 && s.colours > 1, `${layer} painted`);
      }
      await page.screenshot({ path: join(artifactsDir, shot) });
      assert.deepEqual(problems, []);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
}
