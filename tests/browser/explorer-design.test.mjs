// The explorer's design tools in headless Chromium: presets (ordinary links, applied in place),
// undo / redo (Ctrl+Z, Ctrl+Shift+Z, the buttons) and a history entry per committed change (Back
// and Forward step through designs), and the heightmap export (the file the page downloads is the
// module's field.heightmap of the view's area, or of one tile).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrowser, openPage, withPages, hashCanvas } from './helpers/browser.mjs';
import { loadNoisefield } from '../wasm/helpers/load.mjs';
import { PRESETS } from '../../web/explorer-presets.js';

let env, nf;
before(async () => { env = await startBrowser(); nf = await loadNoisefield(); });
after(async () => { await env?.close(); });

const idle = (page) => page.evaluate(() => window.explorer.idle());
const config = (page) => page.evaluate(() => window.explorer.config);
const state = (page) => page.evaluate(() => window.explorer.page);

async function withExplorer(suffix, fn) {
  return withPages([() => openPage(env.browser, null, { viewport: { width: 1280, height: 900 } })], async (o) => {
    await o.page.goto(`${env.url}web/explorer.html${suffix}`);
    await o.page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await idle(o.page);
    return fn(o);
  });
}

test('presets are ordinary links that load cleanly, and apply in place with a history entry', async () => {
  await withExplorer('', async ({ page, problems }) => {
    for (const p of PRESETS) {
      await page.goto(`${env.url}web/explorer.html${p.link}`);
      await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
      await idle(page);
      assert.equal(await page.$eval('#url-note', (e) => e.hidden), true, `${p.name}: no bad value in its link`);
      assert.deepEqual(await page.$$eval('#warnings li', (ls) => ls.map((l) => l.dataset.warning)), [], `${p.name}: no warning`);
      const link = new URL(p.link, 'http://x/');
      const q = new URL(page.url()).search.slice(1);
      assert.equal(q, nf.Field.fromQuery(link.search).toQuery(), `${p.name}: the page shows the preset's field`);
      assert.equal((await state(page)).view, new URLSearchParams(link.hash.slice(1)).get('view'));
    }
    await page.goto(`${env.url}web/explorer.html`);
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await idle(page);
    const before = await page.evaluate(() => history.length);
    const links = await page.$$eval('#presets a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    assert.deepEqual(links, PRESETS.map((p) => [p.name, `explorer.html${p.link}`]));
    await page.click('#presets a >> text=Island');
    await idle(page);
    assert.equal((await config(page)).island, true);
    assert.equal((await state(page)).view, 'biomes');
    assert.equal(await page.evaluate(() => history.length), before + 1, 'one history entry');
    assert.deepEqual(problems, []);
  });
});

test('undo and redo (keys and buttons) step through every committed change; Back and Forward too', async () => {
  await withExplorer('', async ({ page, problems }) => {
    const sel = (v) => `.ex-view[data-view="${v}"] canvas`;
    assert.equal(await page.$eval('#undo', (b) => b.disabled), true, 'nothing to undo on arrival');
    const start = { url: page.url(), bands: await hashCanvas(page, sel('bands')) };
    // 1: a slider (keyboard), 2: a select, 3: the view tab, 4: a pan (drag on the canvas).
    await page.focus('#controls .ex-ctl[data-key="octaves"] [id^="ctl-octaves-"]');
    await page.keyboard.press('ArrowRight');
    await idle(page);
    const s1 = { url: page.url(), bands: await hashCanvas(page, sel('bands')) };
    assert.equal((await config(page)).octaves, 4);
    await page.selectOption('#controls .ex-ctl[data-key="type"] select', 'gradient');
    await idle(page);
    const s2 = page.url();
    await page.click('label[for="view-relief"]');
    await idle(page);
    const s3 = page.url();
    const box = await page.locator(sel('relief')).boundingBox();
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + 130, { steps: 5 });
    await page.mouse.up();
    await idle(page);
    const s4 = page.url();
    assert.equal(new Set([start.url, s1.url, s2, s3, s4]).size, 5, 'each change is a state of its own');
    const back = async (how) => {
      const url = page.url();
      await how();
      await page.waitForFunction((u) => location.href !== u, url);
      await idle(page);
      return page.url();
    };
    const ctrl = (key) => () => page.keyboard.press(key);
    await page.focus('body');
    assert.equal(await back(ctrl('Control+z')), s3, 'Ctrl+Z undoes the pan');
    assert.equal((await state(page)).x, 0);
    assert.equal(await back(ctrl('Control+z')), s2, 'then the view');
    assert.equal((await state(page)).view, 'bands');
    assert.equal(await back(() => page.click('#undo')), s1.url, 'the Undo button undoes the type');
    assert.equal((await config(page)).type, 'value');
    assert.equal(await hashCanvas(page, sel('bands')), s1.bands, 'the pixels of that state');
    assert.equal(await back(ctrl('Control+Shift+z')), s2, 'Ctrl+Shift+Z redoes');
    assert.equal(await back(() => page.click('#redo')), s3, 'the Redo button too');
    assert.equal(await back(() => page.goBack()), s2, 'Back is undo');
    assert.equal(await back(() => page.goBack()), s1.url);
    assert.equal(await back(() => page.goBack()), start.url);
    assert.equal(await hashCanvas(page, sel('bands')), start.bands, 'back at the start, pixel for pixel');
    assert.equal(await page.$eval('#undo', (b) => b.disabled), true);
    assert.equal(await back(() => page.goForward()), s1.url, 'Forward is redo');
    assert.equal((await config(page)).octaves, 4);
    // A new change after an undo drops the states after it.
    await page.focus('#controls .ex-ctl[data-key="octaves"] [id^="ctl-octaves-"]');
    await page.keyboard.press('ArrowRight');
    await idle(page);
    assert.equal((await config(page)).octaves, 5);
    assert.equal(await page.$eval('#redo', (b) => b.disabled), true, 'nothing to redo after a new change');
    assert.deepEqual(problems, []);
  });
});

async function download(page, format, size, area) {
  if (!(await page.$eval('#export', (d) => d.open))) await page.click('#export summary');
  await page.selectOption('#export-format', format);
  await page.fill('#export-size', String(size));
  await page.selectOption('#export-area', area);
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('Heightmap: the downloaded file is the module\'s heightmap of the view\'s area, or of one tile', async () => {
  const query = 't=gradient&px=8&py=8&sc=32&o=4';
  await withExplorer(`?${query}#view=raw&x=100&y=50&zoom=2&res=256`, async ({ page, problems }) => {
    const field = nf.Field.fromQuery(query);
    const view = await download(page, 'r16', 300, 'view');
    assert.equal(view.name, 'noisefield-heightmap-300.r16');
    // The view: 256 pixels at 2 per tile around (100, 50), so x0 = 100 - 256 / 4, over 300 samples.
    const expected = field.heightmap('r16', { width: 300, height: 300, x: 100 - 256 / 4, y: 50 - 256 / 4, step: 128 / 300 });
    assert.ok(view.bytes.equals(Buffer.from(expected)), 'the .r16 of the view');
    const tile = await download(page, 'png16', 256, 'tile');
    assert.equal(tile.name, 'noisefield-heightmap-256.png');
    assert.ok(tile.bytes.equals(Buffer.from(field.heightmap('png16', { width: 256, height: 256, x: 0, y: 0, step: 1 }))), 'the PNG of one 256 x 256 tile');
    assert.match(await page.textContent('#export-note'), /one 256 × 256 tile/);
    await page.fill('#export-size', '9000');
    await page.dispatchEvent('#export-size', 'input');
    assert.match(await page.textContent('#export-note'), /Size must be an integer in \[1, 8192\]/);
    field.delete();
    assert.deepEqual(problems, []);
  });
  await withExplorer('?sc=16', async ({ page }) => {
    await page.click('#export summary');
    assert.equal(await page.$eval('#export-area option[value="tile"]', (o) => o.disabled), true, 'no tile to export for an untiled field');
  });
});

test('tiling you can see: the island warning and its fix, Fit one tile, Repeat 2x2, and a z loop for Play', async () => {
  // A 256 x 256 tile (8 cells of 32) with the island at the default centre (0, 0): it jumps at the edges.
  await withExplorer('?t=gradient&px=8&py=8&sc=32&o=4&is=1&ir=120#view=bands&x=0&y=0&zoom=1&res=256', async ({ page, problems }) => {
    const warning = '#warnings li[data-warning="island-tile"]';
    assert.match(await page.textContent(warning), /does not repeat with the tile: its centre \(0, 0\) is not the tile's centre \(128, 128\)/);
    await page.click(`${warning} button`);
    await idle(page);
    const cfg = await config(page);
    assert.deepEqual([cfg.islandX, cfg.islandY], [128, 128]);
    assert.equal(await page.locator(warning).count(), 0, 'centred: no warning');
    assert.match(page.url(), /ix=128&iy=128/);
    // One tile fills the view: its corner at (0, 0), 256 samples per 256 tiles.
    await page.click('#fit-tile');
    await idle(page);
    const s = await state(page);
    assert.equal(s.x - (s.res / 2) / s.zoom, 0);
    assert.equal(s.zoom, 1);
    const sel = '.ex-view[data-view="bands"] canvas';
    const one = await hashCanvas(page, sel);
    await page.click('#repeat-toggle');
    await idle(page);
    assert.equal(await page.getAttribute('#repeat-toggle', 'aria-pressed'), 'true');
    const quads = await page.$eval(sel, (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, h = c.width / 2;
      const at = (x, y) => d.slice(4 * (y * c.width + x), 4 * (y * c.width + x) + 4).join();
      let same = 0, n = 0;
      for (let y = 0; y < h; y += 3) for (let x = 0; x < h; x += 3) { n++; if (at(x, y) === at(x + h, y) && at(x, y) === at(x, y + h)) same++; }
      return same / n;
    });
    assert.equal(quads, 1, 'four copies of the view');
    assert.notEqual(await hashCanvas(page, sel), one);
    await page.click('#repeat-toggle');
    await idle(page);
    assert.equal(await hashCanvas(page, sel), one, 'off again: the fill\'s own pixels');
    assert.deepEqual(problems, []);
  });
  await withExplorer('?t=simplex&sc=16&d=3#view=raw&x=0&y=0&zoom=1&res=256', async ({ page, problems }) => {
    await page.fill('#time-loop', '0.3');
    await page.click('#play');
    await page.waitForFunction(() => window.explorer.config.z > 0.25, null, { timeout: 20000 });
    await page.waitForFunction(() => window.explorer.config.z < 0.2, null, { timeout: 20000 });
    await page.waitForFunction(() => window.explorer.config.z > 0.25, null, { timeout: 20000 });
    const z = await page.evaluate(() => window.explorer.config.z);
    assert.ok(z <= 0.3, `z stays within the loop (${z})`);
    await page.click('#play');
    assert.deepEqual(problems, []);
  });
});
