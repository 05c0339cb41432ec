// WebKit (Safari's engine) through WebKitGTK's MiniBrowser and WebKitWebDriver
// (helpers/webkit.mjs): the 404 page runs live with its scene in the worker, the explorer
// starts, and the element from another origin (a CDN) runs in a worker through its blob:
// trampoline (tests/ecosystem/cdn.test.mjs has the same in Chromium). Pixels and behaviour only: a machine without a GPU says nothing about Safari's speed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_SITE, startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { artifactsDir, pixelsInPage } from './helpers/browser.mjs';
import { launchWebKit } from './helpers/webkit.mjs';
import { pagesLike } from '../ecosystem/helpers/servers.mjs';
import { copyPackage, elementFile, packagePage } from '../ecosystem/helpers/server-site.mjs';

let wk, site;
before(async () => {
  site = await startServer({ root: repoRoot, publish: REPO_SITE });
  wk = await launchWebKit();
});
after(async () => {
  await wk?.close();
  await new Promise((ok) => (site ? site.server.close(ok) : ok()));
});

test('the 404 page runs live in WebKit at a missing URL, its scene in the worker, every layer painted', async () => {
  await wk.goto(site.url + 'no/such/page?seed=webkit');
  await wk.waitFor(() => /\bnf-(live|failed)\b/.test(document.documentElement.className));
  assert.equal(await wk.evaluate(() => document.documentElement.classList.contains('nf-failed') && document.querySelector('.nf-fail-why').textContent),
    false, 'the landscape went live');
  await wk.evaluate(pixelsInPage);
  // A worker's frames reach the page's canvases (placeholders, 300 x 150 until then) on their own
  // schedule: wait until every layer shows one.
  const painted = ['sky', 'gate', 'near'];
  await wk.waitFor((names) => names.every((n) => window.__nfPixels.stats(document.querySelector(`canvas.nf-layer-${n}`)).opaque > 0), { args: [painted] });
  const s = await wk.evaluate(() => {
    const layers = [...document.querySelectorAll('canvas.nf-layer')];
    // A canvas whose control went to a worker refuses a context here (as sceneThread() reads it).
    const thread = (() => { try { layers[0].getContext('2d'); return 'main'; } catch { return 'worker'; } })();
    return { thread, count: layers.length,
      stats: Object.fromEntries(layers.map((c) => [c.dataset.layer, window.__nfPixels.stats(c)])), ua: navigator.userAgent };
  });
  assert.match(s.ua, /AppleWebKit/);
  assert.doesNotMatch(s.ua, /Chrome|Firefox/);
  assert.equal(s.count, 8);   // the layers of Landscape.LAYERS, fx among them
  assert.equal(s.thread, 'worker', 'WebKit runs the scene in the worker');
  for (const n of painted) assert.ok(s.stats[n].opaque > 0 && s.stats[n].colours > 1, `${n} painted: ${JSON.stringify(s.stats[n])}`);
  const sizes = new Set(Object.values(s.stats).map((st) => `${st.width}x${st.height}`));
  assert.equal(sizes.size, 1, `every layer has the layout's size: ${[...sizes]}`);
  assert.ok(!sizes.has('300x150'));
  await wk.screenshot(join(artifactsDir, 'webkit-404.png'));
});

test('the explorer starts in WebKit and renders its views', async () => {
  await wk.goto(site.url + 'web/explorer.html');
  await wk.waitFor(() => ['ready', 'error'].includes(document.documentElement.dataset.state));
  const s = await wk.evaluate(() => ({
    state: document.documentElement.dataset.state,
    error: document.getElementById('load-error').hidden ? null : document.getElementById('load-error').textContent,
    controls: document.querySelectorAll('#controls input, #controls select').length,
  }));
  assert.equal(s.error, null);
  assert.equal(s.state, 'ready');
  assert.ok(s.controls > 10, `the controls were generated from the schema (${s.controls})`);
  await wk.evaluate(pixelsInPage);
  const painted = await wk.waitFor(() => {
    const views = [...document.querySelectorAll('#views canvas')].filter((c) => c.width > 0);
    const stats = views.map((c) => window.__nfPixels.stats(c));
    return stats.length > 1 && stats.every((v) => v.opaque > 0 && v.colours > 1) && stats;
  });
  assert.ok(painted.length > 1);
  await wk.screenshot(join(artifactsDir, 'webkit-explorer.png'));
});

test('the package\'s element from another origin (a CDN with CORS headers) runs its scene in a WebKit worker', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-webkit-cdn-'));
  copyPackage(join(dir, 'cdn', 'npm', 'noisefield@0'));
  const cdn = await pagesLike({ root: join(dir, 'cdn') });
  packagePage(join(dir, 'page'), `${cdn.url}npm/noisefield@0/${elementFile}`);
  const page = await startServer({ root: join(dir, 'page') });
  try {
    assert.notEqual(new URL(page.url).origin, new URL(cdn.url).origin);
    await wk.goto(page.url);
    const r = await wk.waitFor(() => {
      const e = document.getElementById('result');
      if (!e.dataset.state) return null;
      let thread;
      try { document.querySelector('canvas.nf-layer').getContext('2d'); thread = 'main'; } catch { thread = 'worker'; }
      return { ...e.dataset, text: e.textContent, thread };
    });
    assert.deepEqual(r, { state: 'ready', mode: 'worker', text: '', thread: 'worker' });
  } finally {
    await new Promise((ok) => page.server.close(ok));
    await cdn.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
