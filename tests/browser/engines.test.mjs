// Three engines, one picture: a frozen link's eight layers are bit-identical in Chromium (Blink),
// Firefox ESR (Gecko, WebDriver BiDi) and WebKitGTK (WebKit, WebKitWebDriver), each running the
// scene in its worker. The pixels are the C++ scene's, so any difference is a bug in the page's
// side (canvas sizes, compositing, colour handling), not rounding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { launchChromium, layerHashes, openPage, pixelsInPage, withPages } from './helpers/browser.mjs';
import { launchWebKit } from './helpers/webkit.mjs';

const FROZEN = '?seed=alice&t=7.5&day=0.7&season=30&motion=off&px=4&test';

// WebDriver classic has no "script before the page's", which the 404 page's test hooks need
// (window.__noisefieldTestHooks, web/404.js): the repo's page with a same-origin script that sets
// it first, and web/ as it is.
let scratch, site;
before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'nf-engines-'));
  const page = readFileSync(join(repoRoot, 'index.html'), 'utf8');
  const at = page.indexOf('<script type="module"');
  assert.ok(at > 0, 'index.html loads a module script');
  writeFileSync(join(scratch, 'index.html'), `${page.slice(0, at)}<script src="test-hooks.js"></script>\n${page.slice(at)}`);
  writeFileSync(join(scratch, 'test-hooks.js'), 'window.__noisefieldTestHooks = true;\n');
  symlinkSync(join(repoRoot, 'web'), join(scratch, 'web'));
  site = await startServer({ root: scratch });
});
after(async () => {
  await new Promise((ok) => (site ? site.server.close(ok) : ok()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function webkitHashes() {
  const wk = await launchWebKit();
  try {
    await wk.goto(site.url + FROZEN);
    await wk.waitFor(() => !!window.__noisefield);
    assert.equal(await wk.evaluate(() => window.__noisefield.failed ?? null), null, 'mounted in WebKit');
    assert.equal(await wk.evaluate(() => window.__noisefield.mode), 'worker', 'WebKit runs the scene in the worker');
    await wk.evaluate(() => window.__noisefield.debug.shown());
    await wk.evaluate(pixelsInPage);
    const hashes = await wk.evaluate(() => [...document.querySelectorAll('canvas.nf-layer')].map((c) => window.__nfPixels.hash(c)));
    return { hashes, viewport: await wk.viewport(), version: wk.browserVersion };
  } finally {
    await wk.close();
  }
}

async function chromiumHashes(viewport) {
  const browser = await launchChromium();
  try {
    return await withPages([() => openPage(browser, site.url + FROZEN, { viewport })], async ({ page }) => {
      await page.waitForFunction(() => window.__noisefield);
      assert.equal(await page.evaluate(() => window.__noisefield.failed ?? null), null, 'mounted in Chromium');
      assert.equal(await page.evaluate(() => window.__noisefield.mode), 'worker');
      return layerHashes(page);
    });
  } finally {
    await browser.close();
  }
}

async function firefoxHashes(viewport) {
  const firefox = await puppeteer.launch({ browser: 'firefox', executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr', headless: true });
  try {
    const page = await firefox.newPage();
    page.setDefaultTimeout(30000);
    await page.setViewport(viewport);
    await page.goto(site.url + FROZEN);
    await page.waitForFunction(() => window.__noisefield);
    assert.equal(await page.evaluate(() => window.__noisefield.failed ?? null), null, 'mounted in Firefox');
    assert.equal(await page.evaluate(() => window.__noisefield.mode), 'worker', 'Firefox runs the scene in the worker');
    assert.match(await page.evaluate(() => navigator.userAgent), /Firefox/);
    await page.evaluate(() => window.__noisefield.debug.shown());
    await page.evaluate(pixelsInPage);
    return await page.$$eval('canvas.nf-layer', (cs) => cs.map((c) => window.__nfPixels.hash(c)));
  } finally {
    await firefox.close();
  }
}

test('a frozen link shows the same eight layers, bit for bit, in Chromium, Firefox and WebKit', async () => {
  // WebKit first: its window decides the viewport (MiniBrowser's inner size), the others take it.
  const wk = await webkitHashes();
  assert.equal(wk.viewport.dpr, 1);
  const viewport = { width: wk.viewport.width, height: wk.viewport.height };
  assert.equal(wk.hashes.length, 8);
  const chromium = await chromiumHashes(viewport);
  const firefox = await firefoxHashes(viewport);
  assert.equal(chromium.length, 8);
  assert.deepEqual(firefox, chromium, 'Firefox: every layer as in Chromium');
  assert.deepEqual(wk.hashes, chromium, `WebKitGTK ${wk.version}: every layer as in Chromium`);
  // Pixels of a layer that depends on the viewport: not seven empty canvases that agree.
  assert.equal(new Set(chromium).size, 8, 'eight different layers');
});
