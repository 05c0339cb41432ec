// <noisefield-landscape> and mount()'s banner options on a page served with the README's strict
// Content-Security-Policy header (read from the README, so advice and test cannot drift apart):
// the element's life cycle, portal: false, framing, the off-screen pause, parallax over the element
// only, and a host that waits for a size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { launchChromium, artifactsDir, canvasStats, withPage, pageFrames, paintedStats } from './helpers/browser.mjs';

// The header exactly as the README gives it.
const CSP = readFileSync(join(repoRoot, 'README.md'), 'utf8').match(/^Content-Security-Policy: (default-src 'none';.*)$/m)?.[1];

let browser, server, url;
before(async () => {
  assert.ok(CSP, 'the README states a Content-Security-Policy header with default-src \'none\'');
  ({ server, url } = await startServer({ root: repoRoot, headers: { 'content-security-policy': CSP } }));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await new Promise((ok) => server.close(ok));
});

const PAGE = 'tests/browser/pages/banner.html';
const ready = (page, id) => page.waitForFunction((i) => document.getElementById(i)?.handle?.placement(), id, { timeout: 20000 });
const state = (page, id) => page.evaluate((i) => document.getElementById(i).handle.state(), id);
const placement = (page, id) => page.evaluate((i) => document.getElementById(i).handle.placement(), id);
// The gate ring's box in the element's CSS px (ring outer edge: 1.3 gate radii), at rest.
const gateBox = (p) => {
  const r = p.gateR * 1.3 * p.scale;
  const x = p.gateX * p.scale + p.ox - p.inset, y = p.gateY * p.scale + p.oy - p.inset;
  return { left: x - r, right: x + r, top: y - r, bottom: y + r, w: p.w, h: p.h };
};

test('under the strict CSP header: the element mounts from attributes, with no portal link, and frames the gate in a 1700 x 300 banner', async () => {
  await withPage(browser, url + PAGE, { viewport: { width: 1700, height: 900 } }, async ({ page, problems }) => {
    await ready(page, 'hero');
    const s = await state(page, 'hero');
    assert.equal(s.frozen, true);
    assert.equal(s.portal, null);
    assert.equal(s.framing, 'gate');
    assert.equal(await page.locator('#hero canvas.nf-layer').count(), 8);
    for (const layer of ['sky', 'gate', 'hill']) {
      const st = await canvasStats(page, `#hero canvas.nf-layer-${layer}`);
      assert.ok(st.opaque > 0 && st.colours > 1, `${layer} painted`);
    }
    // portal: false: no link, so the first Tab lands in the content; a click on the gate stays here.
    assert.equal(await page.locator('#hero a').count(), 0);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'first-link');
    const p = await placement(page, 'hero');
    assert.deepEqual([p.w, p.h], [1700, 300]);
    const box = gateBox(p);
    assert.ok(box.top >= 0 && box.bottom <= box.h && box.left >= 0 && box.right <= box.w, `the gate whole: ${JSON.stringify(box)}`);
    const before = page.url();
    await page.mouse.click((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    await pageFrames(page, 20);
    assert.equal(page.url(), before);
    await page.locator('#hero').screenshot({ path: join(artifactsDir, 'banner-gate-1700x300.png') });

    // The same banner with today's fill: the top of the gate is cut off.
    await page.evaluate(() => document.getElementById('hero').setAttribute('framing', 'cover'));
    await page.waitForFunction(() => document.getElementById('hero').handle?.state().framing === 'cover');
    const cover = gateBox(await placement(page, 'hero'));
    assert.ok(cover.top < 0, `cover cuts the gate: ${JSON.stringify(cover)}`);
    await page.locator('#hero').screenshot({ path: join(artifactsDir, 'banner-cover-1700x300.png') });
    // A focal point (scene units) from the attribute: the island's shore.
    await page.evaluate(() => document.getElementById('hero').setAttribute('framing', '800,900'));
    await page.waitForFunction(() => document.getElementById('hero').handle?.state().framing.y === 900);
    const focal = await placement(page, 'hero');
    assert.ok(900 * focal.scale + focal.oy - focal.inset > 150, 'the focal point is moved down into view');
    await page.locator('#hero').screenshot({ path: join(artifactsDir, 'banner-focal-1700x300.png') });
    assert.deepEqual(problems, []);
  });
});

test('the element follows attribute changes, and destroys its scene when removed', async () => {
  await withPage(browser, url + PAGE, async ({ page, problems }) => {
    await ready(page, 'hero');
    const first = await state(page, 'hero');
    await page.evaluate(() => document.getElementById('hero').setAttribute('seed', '7'));
    assert.equal((await state(page, 'hero')).seed, 7, 'seed applies to the live scene');
    await page.evaluate(() => document.getElementById('hero').setAttribute('day', '0.1'));
    assert.equal((await state(page, 'hero')).day, 0.1);
    assert.notEqual(first.seed, 7);
    // The world's other attributes the scene takes live (the table's rows with a scene effect:
    // life, theme, path) go to the same scene through handle.setWorld: no new mount.
    const live = await page.evaluate(async () => {
      const el = document.getElementById('hero');
      const before = el.handle;
      el.setAttribute('life', 'off');
      el.setAttribute('theme', 'dark');
      el.setAttribute('path', '/a/b');
      const h = await el.ready;
      await h.pause();
      const s = h.state();
      await h.resume();
      return { same: h === before, theme: s.theme, path: s.path, world: Object.fromEntries(s.world) };
    });
    assert.ok(live.same, 'the same handle: the scene was not built again');
    assert.deepEqual([live.theme, live.path], ['dark', '/a/b']);
    assert.deepEqual([live.world.life, live.world.theme, live.world.path, live.world.seed], ['off', 'dark', '/a/b', '7'], 'the scene\'s world');
    // An invalid value is ignored (the default applies) and named.
    await page.evaluate(() => document.getElementById('hero').setAttribute('px', '12'));
    await page.waitForFunction(() => document.getElementById('hero').handle?.placement());
    assert.deepEqual(await page.evaluate(() => document.getElementById('hero').ignored.map((i) => i.name)), ['px']);
    assert.ok(problems.some((p) => /ignored px=12 \(expected an integer in \[1, 8\]\)/.test(p)), problems.join('\n'));
    const removed = await page.evaluate(() => {
      const el = document.getElementById('hero');
      const handle = el.handle;
      el.remove();
      return { handle: el.handle, canvases: el.querySelectorAll('canvas').length, after: (() => { try { handle.state(); return 'alive'; } catch (e) { return e.message; } })() };
    });
    assert.equal(removed.handle, null);
    assert.equal(removed.canvases, 0);
    assert.match(removed.after, /deleted/, 'the scene is freed');
    assert.deepEqual(problems.filter((p) => !/ignored px=12/.test(p)), []);
  });
});

test('the loop pauses while the element is off screen and resumes when it returns', async () => {
  await withPage(browser, url + PAGE, async ({ page, problems }) => {
    await ready(page, 'hero');
    await page.evaluate(() => document.getElementById('hero').removeAttribute('t'));   // a live clock
    await ready(page, 'hero');
    const clockPast = (t) => page.waitForFunction((t0) => document.getElementById('hero').handle.state().clock > t0, t, { timeout: 30000 });
    await clockPast(0.3);
    const c0 = (await state(page, 'hero')).clock;
    await clockPast(c0);  // the clock runs on screen
    await page.evaluate(() => document.getElementById('bottom').scrollIntoView());
    await page.waitForFunction(() => document.getElementById('hero').handle.state().onScreen === false);
    // Stopped: the clock holds over 10 frames (a worker's last report may still come in), then 40 more.
    let c1 = (await state(page, 'hero')).clock;
    for (let i = 0; i < 30; i++) {
      await pageFrames(page, 10);
      const c = (await state(page, 'hero')).clock;
      if (c === c1) break;
      c1 = c;
    }
    await pageFrames(page, 40);
    assert.equal((await state(page, 'hero')).clock, c1, 'no frames off screen');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.getElementById('hero').handle.state().onScreen === true);
    await clockPast(c1);  // the clock runs again
    assert.deepEqual(problems, []);
  });
});

test('parallax follows the pointer over the element only', async () => {
  await withPage(browser, url + PAGE, { viewport: { width: 1200, height: 900 } }, async ({ page, problems }) => {
    await ready(page, 'hero');
    const near = () => page.$eval('#hero canvas.nf-layer-canopy', (c) => c.style.transform);
    const rest = await near();
    await page.mouse.move(50, 700);          // over the content below the banner
    await page.mouse.move(1100, 850, { steps: 5 });
    await pageFrames(page, 24);
    assert.equal(await near(), rest, 'the pointer over other content moves nothing');
    await page.mouse.move(1150, 280, { steps: 5 });   // over the banner, near its corner
    await page.waitForFunction((r) => document.querySelector('#hero canvas.nf-layer-canopy').style.transform !== r, rest, { timeout: 30000 });  // over the banner the layers follow
    assert.deepEqual(problems, []);
  });
});

test('a host with no size waits for one, then paints', async () => {
  await withPage(browser, url + PAGE, async ({ page, problems }) => {
    await page.waitForFunction(() => document.getElementById('boxed')?.handle, null, { timeout: 20000 });
    const s = await state(page, 'boxed');
    assert.equal(s.sized, false);
    assert.equal(await page.evaluate(() => document.getElementById('boxed').handle.placement()), null);
    await page.evaluate(() => document.getElementById('box').classList.add('sized'));
    await ready(page, 'boxed');
    const p = await placement(page, 'boxed');
    assert.deepEqual([p.w, p.h], [400, 200]);
    const st = await paintedStats(page, '#boxed canvas.nf-layer-sky');
    assert.ok(st.opaque > 0 && st.colours > 1);
    assert.deepEqual(problems, []);
  });
});
