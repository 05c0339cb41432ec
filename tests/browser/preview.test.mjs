// The dist build's link previews and share page: og:/twitter: tags for the default world, whose
// image the native CLI rendered at build time, and share links that lead to dist's world/ page
// (HTTP 200), which rebuilds the shared view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { writeDist } from '../../tools/dist.mjs';
import { browserAndScratch, hashCanvases, withPage } from './helpers/browser.mjs';
import { loadNoisefield } from '../wasm/helpers/load.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';

const env = browserAndScratch('nf-preview-');

const meta = (html, key) => (html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`)) || [])[1];

test('dist writes og: and twitter: tags whose image is the default world rendered natively at build time', async () => {
  const out = join(env.scratch, 'site');
  await writeDist({ out, base: '/', site: 'https://example.test', archive: false });
  for (const page of ['404.html', 'world/index.html']) {
    const html = readFileSync(join(out, page), 'utf8');
    assert.equal(meta(html, 'og:image'), 'https://example.test/preview.png', page);
    assert.ok(meta(html, 'og:title') && meta(html, 'og:description'), page);
    assert.equal(meta(html, 'twitter:card'), 'summary_large_image');
    assert.equal(meta(html, 'noisefield:share-page'), 'world/');
  }
  assert.match(readFileSync(join(out, 'world/index.html'), 'utf8'), /<title>A noisefield world<\/title>/);
  const png = decodePng(readFileSync(join(out, 'preview.png')));
  assert.equal(png.width, 1200);
  assert.equal(png.height, 630);
  // The default world, as the module paints it.
  const nf = await loadNoisefield();
  const s = new nf.Landscape(404);
  s.setViewport({ cssWidth: 1200, cssHeight: 630, pitch: 0 });
  s.setClock(6);
  s.renderAll();
  assert.ok(Buffer.from(s.picture(1, 'viewport').pixels).equals(Buffer.from(png.data)), 'preview.png is world 404');
  s.delete();
});

test('a share link from the dist 404 page leads to world/, which answers 200 and rebuilds the view', async () => {
  const out = join(env.scratch, 'sub');
  await writeDist({ out: join(out, 'myproject'), base: '/myproject/', archive: false });
  const { server, url } = await startServer({ root: out, fallback: 'myproject/404.html' });
  try {
    await withPage(env.browser, null, async ({ page }) => {
      await page.goto(url + 'myproject/no/such/page?seed=alice&day=0.9');
      await page.waitForSelector('html.nf-revealed', { timeout: 20000 });  // shown, its clock running (web/404.js)
      await page.locator('.nf-share').click();
      await page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
      const link = new URL(await page.$eval('.nf-share', (b) => b.dataset.link));
      assert.equal(link.pathname, '/myproject/world/');
      const shared = await hashCanvases(page, 'canvas.nf-layer');
      const res = await page.goto(link.href);
      assert.equal(res.status(), 200, 'the share page exists');
      await page.waitForSelector('html.nf-live', { timeout: 20000 });
      assert.deepEqual(await hashCanvases(page, 'canvas.nf-layer'), shared, 'the share page rebuilds the view');
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});
