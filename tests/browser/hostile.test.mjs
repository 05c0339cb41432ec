// Both pages under hostile URLs (long values, markup, unicode, duplicate keys, broken
// percent-encoding, prototype names, thousands of keys): no page error, nothing injected, a
// painted canvas and a short note. And `?test` alone exposes nothing (web/404.js).
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { canvasStats, openPage, pageFrames, paintedStats, startBrowser, withPages } from './helpers/browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// Under Node's 16 KiB header limit (a longer URL is refused with 431 before any page runs).
const LONG = 'A'.repeat(6000);
const MARKUP = '"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><svg onload="window.__pwned=3">';
const enc = encodeURIComponent;
const many = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}=${i}`).join('&');

// Markup in the DOM that none of the pages has: anything the payloads could have put there.
function injected() {
  return document.querySelectorAll('img[src="x"], [onerror], [onload], svg[onload], script:not([src]):not([type])').length
    + (window.__pwned ? 1000 : 0);
}

const LANDSCAPE_URLS = [
  `?seed=${LONG}&day=${LONG}`,
  `?day=${enc(MARKUP)}&seed=${enc(MARKUP)}&theme=${enc(MARKUP)}`,
  `?seed=${enc('\u202e\u{1F600}\u0000\uFFFD\u{10FFFF}')}&theme=%E2%80%AE&season=%EF%BC%91`,
  '?day=0.1&day=abc&day=0.9&px=1&px=99&seed=1&seed=2&t=3&t=-1',
  '?seed=%&day=%zz&t=%E0%A4%A&px=%C0%AF&%=%&season=%%%',
  `?__proto__=1&constructor=2&toString=3&${many('k', 800)}`,
  `?px=1&${'&'.repeat(5000)}=&==&a==b`,
];
const EXPLORER_URLS = [
  `?o=${LONG}&t=${LONG}#view=${LONG}&x=${LONG}`,
  `?t=${enc(MARKUP)}&${enc(MARKUP)}=1#view=${enc(MARKUP)}&layout=${enc(MARKUP)}`,
  `?t=%E2%80%AE&s=%F0%9F%98%80#view=%EF%BC%91&zoom=%F0%9F%98%80`,
  '?o=4&o=99&o=5&sc=8&sc=abc#view=land&view=nope&x=1&x=2',
  '?o=%&sc=%zz&t=%E0%A4%A#x=%&zoom=%C0%AF&%=%',
  `?__proto__=1&constructor=2&${many('u', 600)}#__proto__=1&toString=2&${many('h', 600)}`,
];

test('the 404 page: hostile URLs break nothing, inject nothing, and the note stays short', async () => {
  for (const q of LANDSCAPE_URLS) {
    await withPages([() => openPage(env.browser, null, { viewport: { width: 800, height: 500 } })], async ({ page, problems }) => {
      await page.goto(env.url + q);
      await page.waitForFunction(() => document.documentElement.matches('.nf-live, .nf-failed'), null, { timeout: 30000 });
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains('nf-live')), `mounted: ${q.slice(0, 60)}`);
      // Shown (web/404-reveal.js) and some frames on: whatever the payloads could do has had its chance.
      await page.waitForSelector('html.nf-revealed', { timeout: 30000 });
      await pageFrames(page, 20);
      assert.equal(await page.evaluate(injected), 0, q.slice(0, 60));
      const note = await page.evaluate(() => document.querySelector('.nf-url-note')?.textContent ?? '');
      assert.ok(note.length < 600, `note of ${note.length} characters for ${q.slice(0, 60)}`);
      const sky = await paintedStats(page, 'canvas.nf-layer');
      assert.ok(sky.opaque > 0 && sky.colours > 1, `a painted canvas for ${q.slice(0, 60)}`);
      assert.deepEqual(problems.filter((m) => !m.includes('status of 404')), [], q.slice(0, 60));
    });
  }
});

test('?test in a link exposes no hooks without the page-side option', async () => {
  await withPages([() => openPage(env.browser, env.url + '?test&day=0.5', { testHooks: false })], async ({ page }) => {
    // The page exposes its handle (with the hooks) once it is shown and its clock runs: by then and
    // 20 frames later, nothing.
    await page.waitForSelector('html.nf-revealed', { timeout: 30000 });
    await pageFrames(page, 20);
    assert.equal(await page.evaluate(() => typeof window.__noisefield), 'undefined');
  });
  await withPages([() => openPage(env.browser, env.url + '?test&day=0.5')], async ({ page }) => {
    await page.waitForFunction(() => window.__noisefield, null, { timeout: 30000 });  // the tests' own pages have them
  });
});

test('the explorer: hostile URLs break nothing, inject nothing, and the note stays short', async () => {
  for (const q of EXPLORER_URLS) {
    await withPages([() => openPage(env.browser, null, { viewport: { width: 1200, height: 900 } })], async ({ page, problems }) => {
      await page.goto(`${env.url}web/explorer.html${q}`);
      await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset.state), null, { timeout: 30000 });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.state), 'ready', q.slice(0, 60));
      await page.evaluate(() => window.explorer.idle());
      assert.equal(await page.evaluate(injected), 0, q.slice(0, 60));
      const note = await page.evaluate(() => document.getElementById('url-note-text')?.textContent ?? '');
      assert.ok(note.length > 0 && note.length < 2000, `note of ${note.length} characters for ${q.slice(0, 60)}`);
      assert.ok(await page.evaluate(() => document.querySelectorAll('#url-note-text li').length <= 12));
      const stats = await canvasStats(page, '.ex-view canvas');
      assert.ok(stats.colours > 1, `a painted canvas for ${q.slice(0, 60)}`);
      assert.equal(await page.evaluate(() => Object.prototype.hasOwnProperty.call(window.explorer.page, '__proto__')), false);
      assert.deepEqual(problems, [], q.slice(0, 60));
    });
  }
});
