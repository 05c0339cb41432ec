// The 404 page on phones (portrait and landscape), tablets and a desktop: the card (the departures
// board; tests/browser/board.test.mjs has the classic card on a phone) never hides the
// gate nor all of the water in view (web/404-card.js), opens on a tap when compact, and the focus
// rings contrast 3:1 or more with what they sit on, in both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startBrowser, withPage, artifactsDir } from './helpers/browser.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const SCREENS = [
  ['phone-portrait', 390, 844], ['phone-landscape', 844, 390], ['tablet-portrait', 768, 1024],
  ['tablet-landscape', 1024, 768], ['desktop', 1280, 800],
];

const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

// The card's box, and the gate's ring and the water in view, from the scene's placement.
async function boxes(page) {
  return page.evaluate(() => {
    const p = window.__noisefield.placement();
    const r = p.gateR * 1.3 * p.scale;
    const x = p.gateX * p.scale + p.ox - p.inset, y = p.gateY * p.scale + p.oy - p.inset;
    const c = document.querySelector('.nf-card').getBoundingClientRect();
    const waterTop = Math.min(p.h, Math.max(0, p.waterY * p.scale + p.oy - p.inset));
    return {
      card: { left: c.left, right: c.right, top: c.top, bottom: c.bottom },
      gate: { left: x - r, right: x + r, top: y - r, bottom: y + r },
      water: { left: 0, right: p.w, top: waterTop, bottom: p.h },
      fit: document.querySelector('.nf-card').dataset.fit,
      board: document.querySelector('.nf-board') !== null,
      place: document.querySelector('.nf-card').dataset.place,
    };
  });
}

// A few frames after the relayout, and the page revealed (web/404-reveal.js) with the board's rise
// (web/404.css) over.
const settled = async (page) => {
  await page.waitForSelector('html.nf-revealed');
  await page.evaluate(() => Promise.all([
    new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(ok)))),
    ...document.querySelector('.nf-card').getAnimations().map((a) => a.finished),
  ]));
};

for (const [name, width, height] of SCREENS) {
  test(`${name} ${width} x ${height}: the card leaves the gate and some water in view`, async () => {
    await withPage(env.browser, null, { viewport: { width, height } }, async ({ page, problems }) => {
      await page.goto(env.url + '?test&t=12&day=0.85&season=none');
      await page.waitForSelector('html.nf-live');
      await settled(page);
      const b = await boxes(page);
      assert.equal(overlap(b.card, b.gate), 0, `the card clears the gate: ${JSON.stringify(b)}`);
      assert.ok(b.card.bottom <= height && b.card.right <= width, `the card is on screen: ${JSON.stringify(b.card)}`);
      assert.ok(b.water.bottom - b.water.top > 0, 'some water is in view');
      const waterArea = (b.water.right - b.water.left) * (b.water.bottom - b.water.top);
      if (waterArea > 0) assert.ok(overlap(b.card, b.water) < waterArea * 0.9, `some water stays in view: ${JSON.stringify(b)}`);
      await page.screenshot({ path: join(artifactsDir, `mobile-${name}.png`) });
      if (b.fit === 'compact') {
        // Tap to expand: the whole message (the board's sections and foot), then back to compact.
        const toggle = page.locator('.nf-card-toggle');
        const rest = page.locator(b.board ? '.nf-board tfoot' : '.nf-card > p:nth-of-type(2)');
        assert.equal(await rest.isVisible(), false);
        await toggle.click();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
        assert.equal(await rest.isVisible(), true);
        await page.screenshot({ path: join(artifactsDir, `mobile-${name}-open.png`) });
        await toggle.click();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
        await settled(page);
        assert.equal(overlap((await boxes(page)).card, b.gate), 0);
      }
      assert.deepEqual(problems, []);
    });
  });
}

// WCAG relative luminance and contrast of sRGB bytes.
const lum = ([r, g, b]) => [r, g, b].map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
  .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };

for (const scheme of ['light', 'dark']) {
  test(`focus rings contrast 3:1 or more with what they sit on (${scheme})`, async () => {
    await withPage(env.browser, null, { viewport: { width: 1280, height: 800 }, colorScheme: scheme }, async ({ page, problems }) => {
      await page.goto(env.url + '?test&t=12&day=0.85&season=none&motion=off');
      await page.waitForSelector('html.nf-live');
      await settled(page);
      // The page's pixels, from a screenshot decoded in the page.
      const shot = async () => {
        const { width, data } = decodePng(await page.screenshot());
        return { w: width, data };
      };
      for (const sel of ['a.nf-portal', 'a.nf-home']) {
        await page.evaluate(() => document.activeElement?.blur());
        const box = await page.locator(sel).evaluate((e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
        // Focus heats the portal (the rift and its glow change), as the pointer over it does (no
        // parallax with motion=off): the state without the ring is the hot one.
        if (sel === 'a.nf-portal') {
          await page.mouse.move(box.x + box.w / 2, box.y + box.h / 2);
          await page.waitForFunction(() => document.querySelector('a.nf-portal').dataset.state === 'hot');
          await settled(page);
          // The still frame of the hot mode (a stepped repaint in the core) on the canvases.
          await page.evaluate(async () => { const d = window.__noisefield.debug; await d.call('repainted'); await d.shown(); });
        }
        const before = await shot();
        await page.locator(sel).focus();
        await page.evaluate((s) => { if (!document.querySelector(s).matches(':focus-visible')) throw new Error(`${s} is not :focus-visible`); }, sel);
        const after = await shot();
        if (sel === 'a.nf-portal') {
          await page.mouse.move(1, 799);
          // WCAG 2.2 focus appearance for the door's ring (web/404.css: rose on the circle between
          // ink keylines): per 5 degree sector, the pixels that change by 3:1 or more cover at
          // least a 2 px thick perimeter's area; nothing changes off the ring's band.
          const r = box.w / 2, cx = box.x + r, cy = box.y + r;
          const unit = await page.locator(sel).evaluate((e) => parseFloat(getComputedStyle(e).getPropertyValue('--nf-unit')));
          const band = 2 * unit + 4 + 1.5;
          const sectors = Array.from({ length: 72 }, () => 0);
          let off = 0;
          for (let i = 0; i < after.data.length; i += 4) {
            const a = [after.data[i], after.data[i + 1], after.data[i + 2]], b = [before.data[i], before.data[i + 1], before.data[i + 2]];
            if (a.every((v, k) => v === b[k])) continue;
            const dx = ((i / 4) % after.w) + 0.5 - cx, dy = Math.floor(i / 4 / after.w) + 0.5 - cy;
            if (Math.abs(Math.hypot(dx, dy) - r) > band) { off++; continue; }
            if (contrast(a, b) >= 3) sectors[Math.floor(((Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI)) * 72) % 72]++;
          }
          assert.equal(off, 0, `${sel}: pixels changed off the ring (${scheme})`);
          const least = (2 * Math.PI * r * 2) / 72;
          const weak = sectors.map((n, k) => [k, n]).filter(([, n]) => n < least);
          assert.deepEqual(weak, [], `${sel}: sectors changing by 3:1 over under 2 px (${scheme}, ${Math.round(least)} pixels wanted)`);
          continue;
        }
        const outside = (px, py) => {
          const x = px + 0.5, y = py + 0.5;
          return Math.max(box.x - x, x - box.x - box.w, box.y - y, y - box.y - box.h);
        };
        const inside = (px, py) => { const d = outside(px, py); return d < 0.5 || d > 7; };
        // WCAG 2.2 focus appearance: the outline's pixels change by 3:1 or more between the
        // unfocused and focused states, over a ring at least 2 px thick all round: per 5 degree
        // sector, a third of the 7 px band at least.
        const sectors = Array.from({ length: 72 }, () => ({ all: 0, strong: 0 }));
        const cx = box.x + box.w / 2, cy = box.y + box.h / 2;
        for (let i = 0; i < after.data.length; i += 4) {
          const px = (i / 4) % after.w, py = Math.floor(i / 4 / after.w);
          if (inside(px, py)) continue;
          const a = [after.data[i], after.data[i + 1], after.data[i + 2]], b = [before.data[i], before.data[i + 1], before.data[i + 2]];
          const k = Math.floor(((Math.atan2(py + 0.5 - cy, px + 0.5 - cx) + Math.PI) / (2 * Math.PI)) * 72) % 72;
          sectors[k].all++;
          if (contrast(a, b) >= 3) sectors[k].strong++;
        }
        const weak = sectors.map((q, k) => ({ k, ...q })).filter((q) => q.all === 0 || q.strong < q.all / 3);
        assert.deepEqual(weak, [], `${sel}: sectors where the ring changes by under 3:1 (${scheme})`);
      }
      await page.locator('a.nf-portal').focus();
      await page.screenshot({ path: join(artifactsDir, `focus-portal-${scheme}.png`) });
      assert.deepEqual(problems, []);
    });
  });
}
