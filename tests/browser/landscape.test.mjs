// The 404 landscape page in headless Chromium over HTTP: determinism of the frozen clock, URL state
// and its fallbacks, animation and motion=off, the portal with the keyboard, the no-JS and no-wasm
// pages, resize, destroy, and the light/dark screenshots (test-artifacts/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBrowser, openPage, withPage, withPages, canvasStats, layerHashes, installPixels, artifactsDir, pageFrames } from './helpers/browser.mjs';
import { loadNoisefield, repoRoot } from '../wasm/helpers/load.mjs';

const nf = await loadNoisefield();
const seedFromText = (word) => nf.seedFromText(word);

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const { LAYERS } = nf.Landscape;  // the module's order, which the page's canvases follow

async function load(path, opts = {}) {
  const o = await openPage(env.browser, env.url + path.replace(/^\//, ''), opts);
  await o.page.waitForFunction(() => window.__noisefield, null, { timeout: 20000 });
  assert.equal(await o.page.evaluate(() => window.__noisefield.failed ?? null), null, 'the module mounted');
  return o;
}

// withLoad(path, [opts,] fn): fn({ page, context, problems }) on the mounted page, closed afterwards.
const withLoad = (path, ...rest) => {
  const fn = rest.pop();
  return withPages([() => load(path, ...rest)], fn);
};

// The scene's counters and state, wherever it runs (web/landscape-core.js, debugInfo).
const sceneInfo = (page) => page.evaluate(() => window.__noisefield.debug.call('debugInfo'));

const st = (page) => page.evaluate(() => window.__noisefield.state());

// The page a portal led to has loaded and mounted its landscape: only then is it closed, since a
// close that races a navigation commit can hang in Chromium (see closeContext).
async function homeMounted(page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.documentElement.matches('.nf-live, .nf-failed'), null, { timeout: 20000 });
}

// At dusk (19:10 on the page's clock), where the daylight moves with the clock: the resume() just
// after the mount (the reveal) reads the same minute and repaints nothing.
test('no console errors or CSP violations; every layer is painted', async () => {
  await withLoad('/?test', { wallClock: [19, 10, 5] }, async ({ page, problems }) => {
    await page.evaluate(() => window.__noisefield.debug.shown());  // the core's frame is on the page's canvases
    for (const layer of LAYERS) {
      const s = await canvasStats(page, `canvas.nf-layer-${layer}`);
      assert.ok(s.opaque > 0 && s.colours > 1, `${layer}: ${JSON.stringify(s)}`);
    }
    const css = await page.$eval('canvas.nf-layer-sky', (c) => getComputedStyle(c).imageRendering);
    assert.equal(css, 'pixelated');
    // Ticks repaint single layers; the whole scene was rendered once, by mount.
    const i = await sceneInfo(page);
    const counts = [i.paintOnceCount, i.renderCount];
    assert.deepEqual(counts, [1, 1], 'mount paints the paint-once layers once and renders the first frame once');
    const s = await st(page);
    assert.ok(s.day > 0 && s.day < 1 && s.dusk > 0, `the page's clock is at dusk: ${JSON.stringify([s.day, s.dusk])}`);
    assert.equal(await page.locator('.nf-url-note').isHidden(), true);
    assert.deepEqual(problems, []);
  });
});

test('the same URL with a frozen t gives identical pixels on two loads; another seed differs', async () => {
  const q = '/?test&t=7.25&day=0.7&seed=404';
  const paths = [q, q, '/?test&t=7.25&day=0.7&seed=405', '/?test&t=7.25&day=0.7&seed=meadow'];
  await withPages(paths.map((p) => () => load(p)), async (a, b, c, w) => {
    const [ha, hb, hc, hw] = await Promise.all([a, b, c, w].map((x) => layerHashes(x.page)));
    assert.deepEqual(ha, hb, 'two loads of one frozen URL');
    for (const name of ['sky', 'land', 'rift', 'hill', 'near', 'canopy']) {
      const i = LAYERS.indexOf(name);
      assert.notEqual(ha[i], hc[i], `seed 405 changes the ${name} layer`);
    }
    assert.notDeepEqual(ha, hw, 'a word seed gives another world');
    assert.equal((await st(w.page)).seed, seedFromText('meadow'));
    const s = await st(a.page);
    assert.equal(s.frozen, true);
    assert.equal(s.clock, 7.25);
    assert.equal(await a.page.evaluate(() => window.__noisefield.debug.frames), 0, 'a frozen clock runs no frames');
    assert.equal((await sceneInfo(a.page)).renderCount, 1, 'the frozen frame is rendered once');
    for (const x of [a, b, c, w]) assert.deepEqual(x.problems, []);
  });
});

// Bright, isolated pixels in the upper sky, away from the moon: what stars look like at night.
async function countStarPixels(page) {
  await installPixels(page);
  return page.evaluate(() => {
    const h = window.__noisefield;
    const L = h.debug.layout();
    const c = h.canvases[0];
    const d = window.__nfPixels.read(c);
    const toI = (sx) => Math.floor((sx * L.scale + L.ox) / L.pitch);
    const toJ = (sy) => Math.floor((sy * L.scale + L.oy) / L.pitch);
    const luma = (k) => 0.3 * d[k] + 0.59 * d[k + 1] + 0.11 * d[k + 2];
    const mi = toI(1150), mj = toJ(118), mr = Math.ceil((80 * L.scale) / L.pitch);
    let n = 0;
    for (let j = 1; j < Math.min(c.height - 1, toJ(420)); j++) {
      for (let i = 1; i < c.width - 1; i++) {
        if ((i - mi) ** 2 + (j - mj) ** 2 < mr * mr) continue;
        const k = (j * c.width + i) * 4;
        if (d[k + 3] === 0 || luma(k) < 150) continue;
        const around = [k - 4, k + 4, k - c.width * 4, k + c.width * 4].map(luma);
        if (Math.min(...around) < luma(k) - 60) n++;
      }
    }
    return n;
  });
}

test('day=0 shows stars, day=1 none', async () => {
  await withPages([() => load('/?test&t=4&day=0'), () => load('/?test&t=4&day=1')], async (night, noon) => {
    const sn = await sceneInfo(night.page);
    const sd = await sceneInfo(noon.page);
    assert.equal(sn.starsShown, true);
    assert.ok(sn.starCount > 0);
    assert.equal(sd.starsShown, false);
    assert.ok((await countStarPixels(night.page)) > 0, 'star pixels in the night sky');
    assert.equal((await st(noon.page)).day, 1);
  });
});

test('the animation advances; motion=off and reduced motion paint one still frame', async () => {
  const opens = [() => load('/?test&day=0.6'), () => load('/?test&day=0.6&motion=off'), () => load('/?test&day=0.6', { reducedMotion: 'reduce' })];
  await withPages(opens, async (live, off, reduce) => {
    const clockPast = (t) => live.page.waitForFunction((t0) => window.__noisefield.state().clock > t0, t, { timeout: 30000 });
    await clockPast(0.6);
    const a = await layerHashes(live.page);
    await clockPast((await st(live.page)).clock + 0.7);
    const b = await layerHashes(live.page);
    for (const name of ['sky', 'rift', 'near']) {
      const i = LAYERS.indexOf(name);
      assert.notEqual(a[i], b[i], `${name} moves`);
    }
    assert.ok((await live.page.evaluate(() => window.__noisefield.debug.frames)) > 10);
    for (const x of [off, reduce]) {
      const h1 = await layerHashes(x.page);
      await pageFrames(x.page, 40);  // long enough for a live page to show several ticks
      const h2 = await layerHashes(x.page);
      assert.deepEqual(h1, h2, 'still');
      assert.equal(await x.page.evaluate(() => window.__noisefield.debug.frames), 0);
      assert.equal((await st(x.page)).motion, false);
      const s = await canvasStats(x.page, 'canvas.nf-layer-near');
      assert.ok(s.opaque > 0);
    }
    for (const x of [live, off, reduce]) assert.deepEqual(x.problems, []);
  });
});

test('the loop stops while the tab is hidden and resumes after', async () => {
  await withLoad('/?test&day=0.6', async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield.debug.frames > 10, null, { timeout: 30000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The core has stopped (the count holds over 10 frames; a worker's last steps may still come
    // in), then nothing more for 40 frames.
    const frames = () => page.evaluate(() => window.__noisefield.debug.frames);
    let f1 = await frames();
    for (let i = 0; i < 30; i++) {
      await pageFrames(page, 10);
      const f = await frames();
      if (f === f1) break;
      f1 = f;
    }
    await pageFrames(page, 40);
    assert.equal(await page.evaluate(() => window.__noisefield.debug.frames), f1, 'no frames while hidden');
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction((f) => window.__noisefield.debug.frames > f, f1, { timeout: 30000 });
    const big = await page.evaluate(() => Math.max(...window.__noisefield.debug.advances.map((a) => a[1])));
    assert.ok(Number.isFinite(big));
    assert.deepEqual(problems, []);
  });
});

test('bad URL values fall back to the defaults and the note names them', async () => {
  await withLoad('/?test&seed=1.5&day=abc&season=400&t=-3&px=9&theme=blue&motion=maybe', async ({ page, problems }) => {
    const note = page.locator('.nf-url-note');
    assert.equal(await note.isVisible(), true);
    const text = await note.textContent();
    for (const name of ['seed=1.5', 'day=abc', 'season=400', 't=-3', 'px=9', 'theme=blue', 'motion=maybe']) {
      assert.ok(text.includes(name), `note names ${name}: ${text}`);
    }
    assert.match(text, /expected a number in \[0, 1\]/);
    const s = await st(page);
    assert.equal(s.seed, 404);
    assert.equal(s.season, await page.evaluate(() => {
      const d = new Date();
      return Math.round((new Date(d.getFullYear(), d.getMonth(), d.getDate()) - new Date(d.getFullYear(), 0, 1)) / 86400000);
    }), 'the season falls back to the local date');
    assert.equal(s.frozen, false);
    assert.equal(s.motion, true);
    assert.equal(s.pitch, 4, 'automatic pitch at 1280 px');
    for (const layer of ['sky', 'hill']) assert.ok((await canvasStats(page, `canvas.nf-layer-${layer}`)).opaque > 0);
    assert.deepEqual(problems, []);
  });
});

test('season: winter snow, summer caps, none; only the land layer and its reflection change', async () => {
  const q = (season) => `/?test&t=4&day=0.8&seed=404&season=${season}`;
  await withPages([q(40), q(222), q('none')].map((p) => () => load(p)), async (w, s, n) => {
    const [hw, hs, hn] = await Promise.all([w, s, n].map((x) => layerHashes(x.page)));
    for (const name of ['sky', 'rift', 'gate', 'hill', 'canopy']) {
      const i = LAYERS.indexOf(name);
      assert.equal(hw[i], hn[i], `${name} does not depend on the season`);
      assert.equal(hs[i], hn[i], `${name} does not depend on the season`);
    }
    const land = LAYERS.indexOf('land');
    assert.notEqual(hw[land], hs[land], 'winter and summer differ');
    assert.notEqual(hs[land], hn[land], 'summer still has caps');
    assert.equal((await st(w.page)).season, 40);
    assert.equal((await st(n.page)).season, null);
    await w.page.screenshot({ path: join(artifactsDir, 'landscape-winter.png') });
    // handle.setSeason repaints the land to the other season's pixels.
    await w.page.evaluate(() => window.__noisefield.setSeason('none'));
    assert.equal((await layerHashes(w.page))[land], hn[land]);
    await w.page.evaluate(() => window.__noisefield.setSeason(222));
    assert.equal((await layerHashes(w.page))[land], hs[land]);
    const err = await w.page.evaluate(() => { try { window.__noisefield.setSeason(400); return ''; } catch (e) { return e.message; } });
    assert.match(err, /season must be an integer day of the year in \[0, 365\]/);
    const today = await w.page.evaluate(() => { window.__noisefield.setSeason(null); return window.__noisefield.state().season; });
    assert.ok(Number.isInteger(today) && today >= 0 && today <= 365, 'null: the local date');
    for (const x of [w, s, n]) assert.deepEqual(x.problems, []);
  });
});

test('dusk: twilight warms the sky, the far range and the water; default 0 when day is given', async () => {
  const q = (dusk) => `/?test&t=4&day=0.45&seed=404&season=none${dusk === null ? '' : `&dusk=${dusk}`}`;
  await withPages([q(1), q(0), q(null)].map((p) => () => load(p)), async (warm, plain, none) => {
    const [hw, hp, hn] = await Promise.all([warm, plain, none].map((x) => layerHashes(x.page)));
    assert.deepEqual(hn, hp, 'with day given, dusk defaults to 0');
    for (const name of ['sky', 'land', 'near']) {
      const i = LAYERS.indexOf(name);
      assert.notEqual(hw[i], hp[i], `dusk changes the ${name} layer`);
    }
    for (const name of ['rift', 'gate', 'hill', 'canopy']) {
      const i = LAYERS.indexOf(name);
      assert.equal(hw[i], hp[i], `dusk leaves the ${name} layer`);
    }
    assert.equal((await st(warm.page)).dusk, 1);
    assert.equal((await st(none.page)).dusk, 0);
    await warm.page.evaluate(() => window.__noisefield.setDusk(0));
    assert.deepEqual(await layerHashes(warm.page), hp, 'setDusk(0) gives the plain pixels');
    const err = await warm.page.evaluate(() => { try { window.__noisefield.setDusk(2); return ''; } catch (e) { return e.message; } });
    assert.match(err, /dusk must be a number in \[0, 1\]/);
    await warm.page.evaluate(() => window.__noisefield.setDusk(1));
    await warm.page.screenshot({ path: join(artifactsDir, 'landscape-dusk.png') });
    for (const x of [warm, plain, none]) assert.deepEqual(x.problems, []);
  });
});

test('good URL values: px, theme and a word seed', async () => {
  await withLoad('/?test&px=2&theme=dark&day=0.9&seed=hello%20world&t=1', async ({ page, problems }) => {
    const s = await st(page);
    assert.equal(s.pitch, 2);
    assert.equal(s.theme, 'dark');
    assert.equal(s.day, 0.3, 'dark caps day at 0.3');
    assert.equal(s.seed, 0xd58b3fa7, 'FNV-1a 32 of "hello world"');
    assert.equal(await page.locator('.nf-url-note').isHidden(), true);
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('nf-theme-dark')));
    assert.deepEqual(problems, []);
  });
});

test('the portal: Tab focus makes it hot, blur idle, Enter enters and then goes home', async () => {
  await withLoad('/no/such/page?test&day=0.6', async ({ page, problems }) => {
    const portal = page.locator('a.nf-portal');
    assert.equal(await portal.getAttribute('data-state'), 'idle');
    assert.ok((await portal.getAttribute('aria-label')).length > 5);
    // Tab order: the card's controls first (home, share, save picture and its zoom, the explorer
    // link), then the portal.
    const order = [];
    for (let i = 0; i < 8 && order.at(-1) !== 'nf-portal'; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement.className));
    }
    assert.deepEqual(order, ['nf-home', 'nf-share', 'nf-save', 'nf-save-zoom', 'nf-explorer', 'nf-portal']);
    assert.equal(await portal.getAttribute('data-state'), 'hot');
    assert.equal((await st(page)).portal, 'hot');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await portal.getAttribute('data-state'), 'idle');
    await page.keyboard.press('Tab');
    assert.equal(await portal.getAttribute('data-state'), 'hot');
    const t0 = Date.now();
    await page.keyboard.press('Enter');
    assert.equal(await portal.getAttribute('data-state'), 'enter');
    await page.waitForURL((u) => u.pathname === '/' && u.search === '', { waitUntil: 'commit', timeout: 5000 });
    const waited = Date.now() - t0;
    assert.ok(waited >= 700, `navigated after the spin-up (${waited} ms)`);
    await homeMounted(page);
    assert.deepEqual(problems.filter((p) => !p.includes('404')), []);
  });
});

test('the portal under reduced motion navigates at once; hovering it makes it hot', async () => {
  await withLoad('/elsewhere?test&day=0.6', { reducedMotion: 'reduce' }, async ({ page }) => {
    const box = await page.locator('a.nf-portal').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelector('a.nf-portal').dataset.state === 'hot');
    assert.ok((await sceneInfo(page)).heat > 0.99, 'heat jumps to 1');
    await page.mouse.move(5, box.y + box.height + 100 > 790 ? 790 : box.y + box.height + 100);
    await page.waitForFunction(() => document.querySelector('a.nf-portal').dataset.state === 'idle');
    // At once: the navigation starts in the click's own task (the Navigation API's navigate event
    // comes as location.assign is called), not after the zoom's 820 ms, however busy the machine.
    const started = await page.evaluate(() => {
      let navigated = false;
      navigation.addEventListener('navigate', () => { navigated = true; }, { once: true });
      document.querySelector('a.nf-portal').click();
      return navigated;
    });
    assert.equal(started, true, 'at once');
    await page.waitForURL((u) => u.pathname === '/', { waitUntil: 'commit', timeout: 30000 });
    await homeMounted(page);
  });
});

test('a click on the water splashes; the near layer changes', async () => {
  await withLoad('/?test&day=0.6', async ({ page, problems }) => {
    // Same clock and steps with and without a click (setClock clears splashes): only the click differs.
    const run = async (click) => {
      await page.evaluate(async (click) => {
        const h = window.__noisefield;
        await h.pause();
        await h.debug.call('setClock', 5);
        if (click) {
          document.querySelector('#landscape').dispatchEvent(new MouseEvent('click', { clientX: 900, clientY: 780, bubbles: true }));
        }
        await h.debug.call('step', 6, 1 / 30);
      }, click);
      return (await layerHashes(page))[LAYERS.indexOf('near')];
    };
    const plain = await run(false);
    assert.equal(await run(false), plain, 'deterministic without a click');
    assert.notEqual(await run(true), plain, 'the splash shows on the water');
    // A click above the water does not splash.
    await page.evaluate(async () => {
      const h = window.__noisefield;
      await h.debug.call('setClock', 5);
      document.querySelector('#landscape').dispatchEvent(new MouseEvent('click', { clientX: 1100, clientY: 120, bubbles: true }));
      await h.debug.call('step', 6, 1 / 30);
    });
    assert.equal((await layerHashes(page))[LAYERS.indexOf('near')], plain);
    assert.deepEqual(problems, []);
  });
});

// Each frame copies to a canvas only the part its ticks changed (changedRects): after many frames
// with pointer eddies and a splash on the bank, every canvas must hold exactly the scene's layer.
test('live frames paint only what their ticks changed, and the canvases still show every layer exactly', async () => {
  await withLoad('/?test&day=0.2&px=2&worker=0', async ({ page, problems }) => {
    await installPixels(page);
    const r = await page.evaluate(async () => {
      const h = window.__noisefield;
      await h.pause();
      await h.debug.call('setClock', 4);
      const el = document.querySelector('#landscape');
      const box = el.getBoundingClientRect();
      const { waterY, scale, oy, inset } = h.placement();
      const bankY = box.top + waterY * scale + oy - inset + 3;
      for (let f = 0; f < 90; f++) {
        el.dispatchEvent(new PointerEvent('pointermove', { clientX: 100 + f * 12, clientY: 80 + (f % 9) * 15, bubbles: true }));
        if (f % 30 === 5) el.dispatchEvent(new MouseEvent('click', { clientX: 300 + f * 5, clientY: bankY, bubbles: true }));
        await h.debug.call('step', 1, 1 / 60);
      }
      await h.debug.call('showHeld');  // the canvases the page hides (a flattened run's) get what they lack
      const layers = await h.debug.call('layers');
      return h.canvases.map((c, l) => {
        const shown = window.__nfPixels.read(c);
        let differ = 0;
        // A transparent pixel reads back as 0, 0, 0, 0 whatever colour the layer left in it.
        for (let k = 0; k < shown.length; k += 4) {
          const a = layers[l][k + 3];
          if (shown[k + 3] !== a || (a && (shown[k] !== layers[l][k] || shown[k + 1] !== layers[l][k + 1] || shown[k + 2] !== layers[l][k + 2]))) differ++;
        }
        return { bytes: shown.length, expected: layers[l].length, differ };  // differ: pixels
      });
    });
    for (const [l, x] of r.entries()) {
      assert.equal(x.bytes, x.expected, `${LAYERS[l]}: the canvas has the layer's size`);
      assert.equal(x.differ, 0, `${LAYERS[l]}: the canvas shows the layer exactly`);
    }
    assert.deepEqual(problems, []);
  });
});

test('share: a link with seed, day, season and the frozen clock, which reproduces that world', async () => {
  await withLoad('/?test&seed=meadow&day=0.8&season=15', async ({ page, problems }) => {
    await page.waitForFunction(() => window.__noisefield.state().clock > 0.5, null, { timeout: 30000 });
    await page.locator('.nf-share').click();
    await page.waitForFunction(() => document.querySelector('.nf-share').dataset.link);
    const link = await page.$eval('.nf-share', (b) => b.dataset.link);
    const u = new URL(link);
    assert.equal(u.searchParams.get('seed'), 'meadow');
    assert.equal(u.searchParams.get('day'), '0.8');
    assert.equal(u.searchParams.get('season'), '15');
    assert.ok(Number(u.searchParams.get('t')) > 0.2);
    const copied = (await page.$eval('.nf-share', (b) => b.textContent)) === 'Link copied';
    const shown = await page.locator('.nf-share-out').isVisible();
    assert.ok(copied || shown, 'copied, or shown in a text field');
    if (shown) assert.equal(await page.$eval('.nf-share-link', (i) => i.value), link);
    await withLoad(u.pathname + u.search + '&test', async (again) => {
      const s = await st(again.page);
      assert.equal(s.frozen, true);
      assert.equal(s.seed, (await st(page)).seed);
      assert.equal(s.clock, Number(u.searchParams.get('t')));
      assert.equal(s.season, 15);
      assert.deepEqual(again.problems, []);
    });
    assert.deepEqual(problems, []);
  });
});

test('resize: 320x480 up to 3840x2160, with the automatic pitch and a DPR of 1.5', async () => {
  await withLoad('/?test&t=2&day=0.6', { viewport: { width: 320, height: 480 } }, async ({ page, problems }) => {
    let L = await page.evaluate(() => window.__noisefield.debug.layout());
    assert.equal(L.w, 320);
    assert.equal(L.pitch, 3);
    assert.equal(L.bw, Math.ceil(416 / 3));
    await page.setViewportSize({ width: 3840, height: 2160 });
    await page.waitForFunction(() => window.__noisefield.debug.layout().w === 3840);
    await page.evaluate(() => window.__noisefield.debug.shown());  // a worker's canvases take the new size with its frame
    L = await page.evaluate(() => window.__noisefield.debug.layout());
    assert.equal(L.pitch, 6);
    const c = await page.$eval('canvas.nf-layer-sky', (e) => ({ w: e.width, h: e.height, cssW: e.getBoundingClientRect().width }));
    assert.equal(c.w, Math.ceil(3936 / 6));
    assert.equal(c.h, Math.ceil(2256 / 6));
    assert.equal(c.cssW, c.w * 6);
    assert.ok((await canvasStats(page, 'canvas.nf-layer-canopy')).opaque > 0);
    assert.deepEqual(problems, []);
  });
  await withPage(env.browser, null, { viewport: { width: 800, height: 600 } }, async (hi) => {
    const cdp = await hi.context.newCDPSession(hi.page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 800, height: 600, deviceScaleFactor: 1.5, mobile: false });
    await hi.page.goto(env.url + '?test&t=2');
    await hi.page.waitForFunction(() => window.__noisefield);
    const L2 = await hi.page.evaluate(() => window.__noisefield.debug.layout());
    assert.equal(L2.dpr, 1.5);
    assert.equal((L2.pitch * 1.5) % 1, 0, `pitch ${L2.pitch} is whole device pixels at DPR 1.5`);
    assert.deepEqual(hi.problems, []);
  });
});

test('destroy frees the scene, stops the loop and removes the canvases', async () => {
  // On the main thread, where the freed heap can be read afterwards (a worker's goes with it).
  await withLoad('/?test&day=0.6&worker=0', async ({ page, problems }) => {
    const r = await page.evaluate(async () => {
      const h = window.__noisefield;
      const used = h.debug.heapUsed();
      h.destroy();
      const frames = h.debug.frames;
      // 20 display frames: a live loop (main thread) would have stepped in each.
      for (let i = 0; i < 20; i++) await new Promise((ok) => requestAnimationFrame(ok));
      return {
        used, after: h.debug.heapUsed(), frames, framesLater: h.debug.frames,
        children: document.querySelector('#landscape').children.length,
      };
    });
    assert.equal(r.children, 0);
    assert.equal(r.frames, r.framesLater);
    assert.ok(r.after < r.used / 4, `heap ${r.used} -> ${r.after}`);
    assert.deepEqual(problems, []);
  });
});

test('without JavaScript: heading, message and link home over the still painting', async () => {
  await withPage(env.browser, env.url + 'missing', { javaScriptEnabled: false }, async ({ page }) => {
    assert.equal(await page.locator('h1').isVisible(), true);
    // Relative to <base href="/">: the site's root from any depth of missing path.
    assert.equal(await page.locator('a.nf-home').evaluate((a) => a.href), env.url);
    assert.equal(await page.locator('a.nf-home').isVisible(), true);
    assert.match(await page.locator('main').innerText(), /JavaScript is off/);
    assert.equal(await page.locator('canvas').count(), 0);
    await page.screenshot({ path: join(artifactsDir, 'landscape-nojs.png') });
  });
});

test('without its wasm file (.wasm.lzma): the page says which file is missing, in one line, and stays usable', async () => {
  await withPage(env.browser, null, async ({ page }) => {
    await page.route('**/*.wasm.lzma', (r) => r.abort());
    await page.goto(env.url + '?test');
    await page.waitForSelector('html.nf-failed', { timeout: 20000 });
    assert.equal(await page.locator('.nf-fail-note').isVisible(), true);
    assert.match(await page.locator('.nf-fail-note').innerText(), /the module's wasm file was not found/);
    assert.equal(await page.evaluate(() => window.__noisefield.reason), 'wasm-not-found');
    assert.equal(await page.locator('h1').isVisible(), true);
    assert.equal(await page.locator('a.nf-home').isVisible(), true);
    assert.equal(await page.locator('canvas').count(), 0);
  });
});

test('a damaged packed wasm: the load fails like any other, with the decoder\'s reason, and the page stays usable', async () => {
  // Cut short, and with a byte changed: the decoder's Error, reported by the loader as "failed".
  const packed = readFileSync(join(repoRoot, 'web', 'min', 'noisefield-landscape.wasm.lzma'));
  const changed = Buffer.from(packed);
  changed[packed.length >> 1] ^= 0x10;
  for (const [body, why] of [[packed.subarray(0, packed.length >> 1), /ends early/], [changed, /bad end|a distance before the start|longer than its size|ends before its size/]]) {
    await withPage(env.browser, null, async ({ page }) => {
      await page.route('**/*.wasm.lzma', (r) => r.fulfill({ status: 200, contentType: 'application/octet-stream', body }));
      await page.goto(env.url + '?test');
      await page.waitForSelector('html.nf-failed', { timeout: 20000 });
      assert.equal(await page.evaluate(() => window.__noisefield.reason), 'failed');
      const message = await page.evaluate(() => window.__noisefield.failed);
      assert.match(message, /noisefield-landscape\.wasm\.lzma\): noisefield: the packed wasm is damaged \(/);
      assert.match(message, why);
      assert.equal(await page.locator('.nf-fail-note').isVisible(), true);
      assert.equal(await page.locator('a.nf-home').isVisible(), true);
      assert.equal(await page.locator('canvas').count(), 0);
    });
  }
});

test('screenshots: light and dark at 1280 x 800', async () => {
  for (const [scheme, q] of [['light', '/?test&t=12&day=0.85'], ['dark', '/?test&t=12']]) {
    await withLoad(q, { colorScheme: scheme }, async ({ page, problems }) => {
      await page.evaluate(() => window.__noisefield.debug.shown());
      // The page resumes at the reveal and sends the clock's daylight then: state() has the value
      // asked for at once and the scene's (a dark scheme's cap) once the scene answers.
      if (scheme === 'dark') await page.waitForFunction(() => window.__noisefield.state().day <= 0.3, null, { timeout: 15000 });
      const s = await st(page);
      assert.equal(s.theme, scheme);
      await page.screenshot({ path: join(artifactsDir, `landscape-${scheme}.png`) });
      assert.deepEqual(problems, []);
    });
  }
});

test('the failure note tells missing WebAssembly; the page\'s module comes in its script chunk', async () => {
  // web/min/404.js carries the module's face (tools/page-bundle.mjs), so the page asks
  // for no noisefield-landscape.mjs: only the packed wasm, and not the plain one (dist.test.mjs
  // tests the same of the deployable page, whose 404.js carries it too).
  await withPage(env.browser, null, async ({ page }) => {
    const asked = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(env.url + 'deep/missing/path?test');
    await page.waitForSelector('html.nf-live', { timeout: 20000 });
    assert.ok(!asked.some((p) => p.endsWith('.mjs')), asked.join(' '));
    assert.ok(asked.includes('/web/min/noisefield-landscape.wasm.lzma'), asked.join(' '));
    assert.ok(!asked.some((p) => p.endsWith('.wasm')), asked.join(' '));
  });
  await withPage(env.browser, null, async ({ page }) => {
    await page.addInitScript(() => { delete globalThis.WebAssembly; });
    await page.goto(env.url + '?test');
    await page.waitForSelector('html.nf-failed', { timeout: 20000 });
    assert.match(await page.locator('.nf-fail-note').innerText(), /WebAssembly is unavailable/);
    assert.equal(await page.evaluate(() => window.__noisefield.reason), 'webassembly-unavailable');
  });
});
