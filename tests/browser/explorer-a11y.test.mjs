// The explorer for everyone, in headless Chromium: axe-core (npm, pinned in package.json) finds no
// serious or critical violation in either colour scheme on a phone (390 x 844) and a laptop
// (1280 x 800), also with a warning, a note and the heightmap popover open; loading moves nothing
// (the layout-shift entries of a PerformanceObserver sum to under 0.05); the parameter
// descriptions are at least 12 px and nearly all text is.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startBrowser, openPage, withPages } from './helpers/browser.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const SIZES = [[390, 844], [1280, 800]];
const SCHEMES = ['light', 'dark'];

async function audit(suffix, { width, height, colorScheme }, prepare) {
  return withPages([() => openPage(env.browser, null, { viewport: { width, height }, colorScheme })], async ({ page, problems }) => {
    // Every layout shift from the first paint on (buffered), without those caused by input.
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value, sources: (e.sources || []).map((s) => s.node?.id || s.node?.className || s.node?.nodeName || '?') });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${env.url}web/explorer.html${suffix}`);
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await page.evaluate(() => window.explorer.idle());
    // Two frames after the last render: the charts and stats have been written.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const shifts = await page.evaluate(() => window.__shifts);
    if (prepare) await prepare(page);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`) })));
    const text = await page.evaluate(() => {
      const sizes = [], docs = [];
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n; (n = walk.nextNode());) {
        const t = n.textContent.trim(), el = n.parentElement;
        if (!t || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
        sizes.push([parseFloat(getComputedStyle(el).fontSize), t.length]);
      }
      for (const el of document.querySelectorAll('.ex-doc, .ex-why')) docs.push(parseFloat(getComputedStyle(el).fontSize));
      return { sizes, docs };
    });
    assert.deepEqual(problems, []);
    return { shifts, violations, text };
  });
}

for (const colorScheme of SCHEMES) {
  for (const [width, height] of SIZES) {
    test(`${colorScheme}, ${width} x ${height}: no serious axe violation, no layout shift, legible descriptions`, async () => {
      const r = await audit('', { width, height, colorScheme });
      const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(serious, [], 'axe: no serious or critical violation');
      const cls = r.shifts.reduce((s, e) => s + e.value, 0);
      assert.ok(cls < 0.05, `cumulative layout shift ${cls.toFixed(4)} (${JSON.stringify(r.shifts)})`);
      assert.ok(r.text.docs.length > 20, 'the descriptions are there');
      assert.ok(r.text.docs.every((px) => px >= 12), `descriptions at 12 px or more (${[...new Set(r.text.docs)]})`);
      const total = r.text.sizes.reduce((s, [, n]) => s + n, 0);
      const legible = r.text.sizes.filter(([px]) => px >= 12).reduce((s, [, n]) => s + n, 0);
      assert.ok(legible / total >= 0.95, `text at 12 px or more: ${(100 * legible / total).toFixed(1)} %`);
    });
  }
}

test('with a warning, a URL note, an inactive control and the heightmap popover open: still no serious axe violation', async () => {
  for (const colorScheme of SCHEMES) {
    const r = await audit('?t=simplex&sc=4&s=5&ms=5&bogus=1#view=biomes', { width: 1280, height: 800, colorScheme }, async (page) => {
      await page.click('#export summary');
      assert.ok(await page.locator('#warnings li').count() > 0, 'a warning is shown');
      assert.equal(await page.$eval('#url-note', (e) => e.hidden), false, 'the note is shown');
    });
    const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], `${colorScheme}: no serious or critical violation`);
  }
});
