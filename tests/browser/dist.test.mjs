// The prebuilt drop-in (tools/dist.mjs, `./noisefield dist`) deployed as a user would: copied into
// a site at its root and under /myproject/, on a server that behaves like a static host (the 404
// page for every unknown path), opened at a deep missing URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { writeDist } from '../../tools/dist.mjs';
import { browserAndScratch, artifactsDir, canvasStats, sceneThread, withPage } from './helpers/browser.mjs';
import { checkEmbedSnippet } from './helpers/embed-snippet.mjs';

const env = browserAndScratch('nf-dist-');

// A site with its own home page, and dist/ copied into it at `base`.
async function deploy(name, { base, explorer }) {
  const out = join(env.scratch, `${name}-dist`);
  await writeDist({ out, base, explorer, archive: false });
  const site = join(env.scratch, `${name}-site`);
  const at = join(site, base);
  mkdirSync(at, { recursive: true });
  cpSync(out, at, { recursive: true });
  writeFileSync(join(at, 'index.html'), '<!doctype html><title>My site</title><h1 id="home">My site</h1>');
  return startServer({ root: site, fallback: join(base, '404.html').slice(1) });
}

async function checkMissingUrl(url, home, name, { explorer }) {
  await withPage(env.browser, null, { reducedMotion: 'reduce' }, async ({ page, problems: all }) => {
    // Chromium logs the document's own 404 status as a console error: that one is the point of a
    // 404 page. Any other failed response is a real problem.
    const failed = [];
    page.on('response', (r) => { if (r.status() >= 400 && r.request().resourceType() !== 'document') failed.push(`${r.status()} ${r.url()}`); });
    const problems = {
      get list() { return all.filter((p) => !/^error: Failed to load resource: the server responded with a status of 404/.test(p)).concat(failed); },
    };
    const res = await page.goto(url);
    assert.equal(res.status(), 404, 'the host answers 404 with the page');
    await page.waitForSelector('html.nf-live', { timeout: 20000 });
    assert.equal(await page.locator('canvas.nf-layer').count(), 8);
    assert.equal(await sceneThread(page), 'worker', 'the bundled worker runs the scene');
    for (const layer of ['sky', 'gate', 'near']) {
      const s = await canvasStats(page, `canvas.nf-layer-${layer}`);
      assert.ok(s.opaque > 0 && s.colours > 1, `${layer} painted`);
    }
    // The stylesheet applied: the card has its border and the backdrop is fixed.
    assert.equal(await page.$eval('.nf-card', (e) => getComputedStyle(e).borderTopStyle), 'solid');
    assert.equal(await page.$eval('.nf-backdrop', (e) => getComputedStyle(e).position), 'fixed');
    assert.equal(await page.locator('a.nf-home').evaluate((a) => a.href), home);
    assert.equal(await page.locator('a.nf-portal').evaluate((a) => a.href), home);
    assert.equal(await page.locator('a.nf-explorer').count(), explorer ? 1 : 0, 'the explorer link only with the explorer');
    await page.screenshot({ path: join(artifactsDir, `dist-${name}.png`) });
    assert.deepEqual(problems.list, []);
    // The portal (reduced motion: at once) and the home link both lead to the site's home page.
    await page.locator('a.nf-portal').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#home');
    assert.equal(page.url(), home);
    await page.goBack();
    await page.waitForSelector('html.nf-live');
    await page.locator('a.nf-home').click();
    await page.waitForSelector('#home');
    assert.equal(page.url(), home);
    if (explorer) {
      await page.goBack();
      await page.waitForSelector('html.nf-live');
      await page.locator('a.nf-explorer').click();
      assert.equal(new URL(page.url()).pathname, new URL(home + 'explorer/').pathname);
      await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state));
      assert.equal(await page.evaluate(() => document.documentElement.dataset.state), 'ready');
      await page.waitForLoadState('load');
    }
    assert.deepEqual(problems.list, []);
  });
}

test('dist/ at a site root: a deep missing URL shows the live page, styled, with working links', async () => {
  const { server, url } = await deploy('root', { base: '/', explorer: false });
  try {
    await checkMissingUrl(url + 'a/b/c?x=1', url, 'root', { explorer: false });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

test('dist/ under /myproject/ (--base /myproject/, --explorer): the same, and the explorer link works', async () => {
  const { server, url } = await deploy('sub', { base: '/myproject/', explorer: true });
  try {
    await checkMissingUrl(url + 'myproject/a/b/c', url + 'myproject/', 'subpath', { explorer: true });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

// The deployable page's 404.js carries the module's face (tools/dist.mjs), so it asks for no
// noisefield-landscape.mjs, only the embed's packed wasm in landscape/; without that file the
// failure note says so.
test('dist/ loads no module file, and without its packed wasm the failure note tells a missing wasm', async () => {
  const { server, url } = await deploy('nowasm', { base: '/', explorer: false });
  try {
    await withPage(env.browser, null, async ({ page }) => {
      const asked = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto(url + 'deep/missing/path?test');
      await page.waitForSelector('html.nf-live', { timeout: 20000 });
      assert.ok(!asked.some((p) => p.endsWith('.mjs')), asked.join(' '));
      assert.ok(asked.includes('/landscape/noisefield-landscape.wasm.lzma'), asked.join(' '));
    });
    await withPage(env.browser, null, async ({ page }) => {
      await page.route('**/noisefield-landscape.wasm.lzma', (r) => r.fulfill({ status: 404, body: 'not found' }));
      await page.goto(url + 'deep/missing/path?test');
      await page.waitForSelector('html.nf-failed', { timeout: 20000 });
      assert.match(await page.locator('.nf-fail-note').innerText(), /wasm file was not found/);
      assert.equal(await page.evaluate(() => window.__noisefield.reason), 'wasm-not-found');
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

// The 404 page no longer loads landscape/ (only its packed wasm), so the embed is checked on a
// page of the site's own, under a sub-path: the element in the worker, mount() on the main thread.
test('dist/landscape/ under /myproject/: <noisefield-landscape> (worker) and mount() (main thread) paint', async () => {
  const { server, url } = await deploy('embed', { base: '/myproject/', explorer: false });
  writeFileSync(join(env.scratch, 'embed-site', 'myproject', 'embed.html'), `<!doctype html><meta charset="utf-8"><title>embed</title><link rel="icon" href="data:,">
<style>body { margin: 0 } .box { display: block; width: 480px; height: 240px }</style>
<noisefield-landscape class="box" seed="dist" t="3" day="0.8" season="none"></noisefield-landscape>
<div class="box" id="main"></div>
<script type="module">
import { mount } from './landscape/landscape.js';
const h = await mount(document.getElementById('main'), { seed: 'dist', worker: false });
await document.querySelector('noisefield-landscape').ready;
document.body.dataset.ready = h.mode;
</script>`);
  try {
    await withPage(env.browser, url + 'myproject/embed.html', async ({ page, problems }) => {
      await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 20000 });
      assert.equal(await page.evaluate(() => document.body.dataset.ready), 'main');
      assert.equal(await sceneThread(page, 'noisefield-landscape canvas.nf-layer'), 'worker', 'the element runs in the bundled worker');
      assert.equal(await sceneThread(page, '#main canvas.nf-layer'), 'main');
      for (const host of ['noisefield-landscape', '#main']) {
        for (const layer of ['sky', 'gate', 'near']) {
          await page.waitForFunction((sel) => document.querySelector(sel), `${host} canvas.nf-layer-${layer}`);
          const s = await canvasStats(page, `${host} canvas.nf-layer-${layer}`);
          assert.ok(s.opaque > 0 && s.colours > 1, `${host} ${layer} painted`);
        }
      }
      assert.deepEqual(problems, []);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

// The README's embed snippet over dist/landscape/ (the same file names as the package's web/).
test('dist/landscape/: the README\'s embed snippet shows a live element under the README\'s CSP', async () => {
  const out = join(env.scratch, 'snippet-dist');
  await writeDist({ out, archive: false });
  assert.ok(existsSync(join(out, 'landscape', 'landscape-element.js')), 'the package\'s other name is there too');
  await checkEmbedSnippet(env.browser, join(out, 'landscape'), join(env.scratch, 'snippet-site'), 'dist-embed-snippet.png');
});

// The embed still loads the module as a file of its own (landscape/noisefield-landscape.js: dist/
// ships no .mjs, which stock nginx sends with a type browsers refuse for scripts), so
// that file can go missing on a site: mount() rejects and says which file (the 404 page, one
// script, no longer can meet this).
test('dist/landscape/ without its module file: mount() rejects with reason module-not-found', async () => {
  const { server, url } = await deploy('nomodule', { base: '/myproject/', explorer: false });
  writeFileSync(join(env.scratch, 'nomodule-site', 'myproject', 'embed.html'), `<!doctype html><meta charset="utf-8"><title>embed</title><link rel="icon" href="data:,">
<div id="main" style="width: 320px; height: 160px"></div>
<script type="module">
import { mount } from './landscape/landscape.js';
mount(document.getElementById('main'), { seed: 'dist' }).then(
  () => { document.body.dataset.result = 'mounted'; },
  (e) => { document.body.dataset.result = e.reason + ' ' + e.message; });
</script>`);
  try {
    await withPage(env.browser, null, async ({ page }) => {
      await page.route('**/noisefield-landscape.js', (r) => r.fulfill({ status: 404, body: 'not found' }));
      await page.goto(url + 'myproject/embed.html');
      await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 20000 });
      const result = await page.evaluate(() => document.body.dataset.result);
      assert.match(result, /^module-not-found /);
      assert.match(result, /module was not found/);
      assert.match(result, /noisefield-landscape\.js\)/);
    });
  } finally {
    await new Promise((ok) => server.close(ok));
  }
});

test('dist/ has relative references only, and the archive holds the same files', async () => {
  const out = join(env.scratch, 'plain');
  const { tarball } = await writeDist({ out, archive: join(env.scratch, 'dist.tar.gz') });
  const html = readFileSync(join(out, '404.html'), 'utf8');
  // Every reference but <base> itself (the comment beside it shows an example value).
  const refs = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<base [^>]*>/, '');
  for (const [, ref] of refs.matchAll(/(?:href|src)="([^"]*)"/g)) {
    assert.ok(!/^(\/|[a-z]+:)/.test(ref) || ref.startsWith('data:'), `relative reference: ${ref}`);
  }
  assert.match(html, /<base href="\/">/);
  for (const f of ['404.html', '404.css', '404.js', 'landscape-worker.js', 'favicon.svg', 'landscape/landscape.js', 'landscape/landscape-worker.js', 'landscape/landscape.d.ts',
    'landscape/noisefield-landscape.js', 'landscape/noisefield-landscape.wasm.lzma']) {
    assert.ok(existsSync(join(out, f)), f);
  }
  const files = execFileSync('find', [out, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n');
  assert.deepEqual(files.filter((f) => f.endsWith('.mjs')), [], 'no .mjs, which stock nginx serves as application/octet-stream');
  assert.ok(!existsSync(join(out, 'explorer')));
  const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  assert.ok(listed.includes('./404.html') && listed.includes('./landscape/noisefield-landscape.wasm.lzma'), listed.join(' '));
});
