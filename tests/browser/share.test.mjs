// Shared worlds reproduce exactly: a link from a page that ran live (pointer moved, portal hot)
// rebuilds the sharer's paused view pixel for pixel in a fresh context with the other colour
// scheme; the native CLI's PNG is the page's picture. (Firefox and WebKit show the same layers as
// Chromium: engines.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser, openPage, withPages, layerHashes, artifactsDir, pageFrames } from './helpers/browser.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function load(path, opts = {}) {
  const o = await openPage(env.browser, env.url + path.replace(/^\//, ''), opts);
  await o.page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
  assert.equal(await o.page.evaluate(() => window.__noisefield.failed ?? null), null, 'the module mounted');
  return o;
}

test('a link shared from a live page, after pointer movement, rebuilds its paused view exactly in the other colour scheme', async () => {
  // A missing path, a word seed, the day and dusk from the visitor's clock (no day in the URL).
  await withPages([() => load('/some/missing/page?test&seed=alice&season=40', { colorScheme: 'light' })], async (a) => {
    const { page } = a;
    // Shared while the view runs at its own pitch: one a busy machine raised (state().adapted) is
    // not the link's (which keeps the pitch chosen), so such a share is taken again.
    let link = null;
    for (let attempt = 0; attempt < 5 && !link; attempt++) {
      await page.waitForFunction(() => { const s = window.__noisefield.state(); return s.clock > 0.7 && s.adapted === null && !s.paused; }, null, { timeout: 60000 });
      // Sweep the pointer across the sky (eddies), over the gate (hot portal) and along the trees (gust).
      const L = await page.evaluate(() => window.__noisefield.debug.layout());
      const gx = L.gateX * L.scale + L.ox - L.inset, gy = L.gateY * L.scale + L.oy - L.inset;
      for (const [x, y] of [[100, 120], [400, 150], [900, 100], [gx, gy], [gx + 10, gy + 5], [1200, 600], [200, 650]]) {
        await page.mouse.move(x, y, { steps: 8 });
        await pageFrames(page, 6);
      }
      await page.mouse.move(gx, gy, { steps: 4 });  // left over the portal, still hot
      await page.waitForFunction(() => window.__noisefield.debug.frames > 10 && document.querySelector('a.nf-portal').dataset.state === 'hot', null, { timeout: 30000 });
      await page.evaluate(() => { delete document.querySelector('.nf-share').dataset.link; });
      await page.locator('.nf-share').click();
      await page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
      if ((await page.evaluate(() => window.__noisefield.state().adapted)) === null) link = await page.$eval('.nf-share', (b) => b.dataset.link);
      else await page.evaluate(() => window.__noisefield.resume());
    }
    assert.ok(link, 'shared at the view\'s own pitch within five tries');
    const u = new URL(link);
    assert.equal(u.pathname, '/', 'the link leads to the site root, a page that exists');
    for (const name of ['seed', 'day', 'season', 't', 'theme', 'px']) assert.ok(u.searchParams.has(name), name);
    assert.equal(u.searchParams.get('seed'), 'alice');
    assert.equal(u.searchParams.get('theme'), 'light');
    const shared = await layerHashes(page);
    const s = await page.evaluate(() => window.__noisefield.state());
    assert.equal(s.paused, true);
    assert.equal(s.portal, 'idle', 'the shared picture is at rest');
    await pageFrames(page, 40);
    assert.deepEqual(await layerHashes(page), shared, 'a paused page stays as shared');

    await withPages([() => load(u.pathname + u.search + '&test', { colorScheme: 'dark' })], async (b) => {
      assert.deepEqual(await layerHashes(b.page), shared, 'the link rebuilds every layer bit for bit');
      const t = await b.page.evaluate(() => window.__noisefield.state());
      assert.equal(t.day, s.day);
      assert.equal(t.dusk, s.dusk);
      assert.equal(t.clock, s.clock);
      assert.deepEqual(b.problems, []);
    });
    // Resuming animates again from the shared moment.
    await page.evaluate(() => window.__noisefield.resume());
    await page.waitForFunction((t) => window.__noisefield.state().clock > t + 0.4, s.clock, { timeout: 30000 });
    assert.notDeepEqual(await layerHashes(page), shared, 'resume() animates');
    // The missing path itself answers 404, as it should; nothing else may complain.
    assert.deepEqual(a.problems.filter((m) => !m.includes('status of 404')), []);
  });
});

// The page as a visitor sees it (the card hidden), as a decoded PNG screenshot.
async function pageShot(page) {
  await page.waitForSelector('html.nf-revealed');  // the scene shows (web/404-reveal.js)
  await page.evaluate(() => { for (const el of document.querySelectorAll('.nf-card')) el.style.visibility = 'hidden'; });
  return decodePng(await page.screenshot({ type: 'png' }));
}

test('the native CLI renders the page\'s picture: pixel for pixel at pitch 3, 4 and 5 (one level where compositing rounds)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-twin-'));
  for (const px of [3, 4, 5]) {
    const q = `?seed=alice&t=7.5&day=0.7&season=30&motion=off&px=${px}`;
    const out = join(dir, `cli-${px}.png`);
    const r = spawnSync(join(repoRoot, 'build/native/noisefield-cli'),
      // The page at / carves its own path, "/", on the ruin's tablet.
      ['render', '--seed', 'alice', '--t', '7.5', '--day', '0.7', '--season', '30', '--px', String(px), '--width', '1280', '--height', '800',
        '--path', '/', '-o', out], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const cli = decodePng(readFileSync(out));
    const shot = await withPages([() => load('/' + q + '&test')], ({ page }) => pageShot(page));
    assert.equal(cli.width, shot.width);
    assert.equal(cli.height, shot.height);
    let differ = 0, worst = 0;
    for (let k = 0; k < cli.data.length; k++) {
      const d = Math.abs(cli.data[k] - shot.data[k]);
      if (d) differ++;
      worst = Math.max(worst, d);
    }
    if (px === 4) writeFileSync(join(artifactsDir, 'cli-alice-px4.png'), readFileSync(out));
    assert.ok(worst <= 1, `pitch ${px}: at most one colour level apart (worst ${worst}, ${differ} bytes differ)`);
  }
});

test('Save picture writes the composited view at rest, buffer pixels times the zoom: the CLI\'s buffer, cropped to the view', async () => {
  await withPages([() => load('/?test&seed=meadow&day=0.6&season=100')], async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield.state().clock > 0.5, null, { timeout: 30000 });
    await page.mouse.move(300, 200, { steps: 6 });
    await page.mouse.move(900, 300, { steps: 6 });
    assert.equal(await page.locator('.nf-save').isVisible(), true);
    await page.selectOption('.nf-save-zoom', '2');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.nf-save').click()]);
    assert.match(download.suggestedFilename(), /^noisefield-meadow-2x\.png$/);
    const saved = decodePng(readFileSync(await download.path()));
    writeFileSync(join(artifactsDir, 'saved-meadow-2x.png'), readFileSync(await download.path()));
    const s = await page.evaluate(() => window.__noisefield.state());
    assert.equal(s.paused, false, 'the page animates again after saving');
    const L = await page.evaluate(() => window.__noisefield.debug.layout());
    const i0 = Math.floor(48 / L.pitch), i1 = Math.min(L.bw, Math.ceil((48 + L.w) / L.pitch));
    const j0 = Math.floor(48 / L.pitch), j1 = Math.min(L.bh, Math.ceil((48 + L.h) / L.pitch));
    assert.equal(saved.width, (i1 - i0) * 2);
    assert.equal(saved.height, (j1 - j0) * 2);
    // The saved moment is in the page's download name's state: rebuild it natively at the clock the
    // save settled on (the clock a share link from that moment would carry).
    const clock = await page.evaluate(() => window.__noisefield.debug.savedClock ?? null);
    assert.ok(clock !== null, 'the page recorded the clock it saved');
    const out = join(mkdtempSync(join(tmpdir(), 'nf-save-')), 'full.png');
    const r = spawnSync(join(repoRoot, 'build/native/noisefield-cli'), ['render', '--seed', 'meadow', '--day', String(s.day), '--dusk', String(s.dusk),
      '--season', '100', '--t', String(clock), '--px', String(L.pitch), '--width', String(L.w), '--height', String(L.h), '--full', '--zoom', '2',
      // The clock hands' time and the tablet's path, as a share link from that moment carries them.
      '--at', String(Math.round((s.at - s.clock + clock) * 1000) / 1000), '--path', s.path, '-o', out], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const full = decodePng(readFileSync(out));
    let differ = 0;
    for (let y = 0; y < saved.height; y++) {
      for (let x = 0; x < saved.width; x++) {
        const a = (y * saved.width + x) * 4, b = ((y + 2 * j0) * full.width + x + 2 * i0) * 4;
        for (let c = 0; c < 4; c++) if (saved.data[a + c] !== full.data[b + c]) differ++;
      }
    }
    assert.equal(differ, 0, 'the saved PNG is the native composite of the same world at rest');
    assert.deepEqual(problems, []);
  });
});
