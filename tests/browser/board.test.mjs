// The 404 page's departures board (issue 22; web/404-board.js): its rows, the README's departures
// block as the page's input, French from the texts table, a bad list, the table's semantics, the
// keyboard, contrast from the rendered page in both themes, reduced motion, a long hostile path,
// the classic card option, and dist's --departures / --card.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, REPO_SITE } from '../../tools/serve.mjs';
import { writeDist } from '../../tools/dist.mjs';
import { CARD_TEXTS } from '../../web/404-texts.js';
import { clockText, readDepartures } from '../../web/404-board.js';
import { CAP_MS, FONT_WAIT_MS } from '../../web/404-reveal.js';
import { loadNoisefield, repoRoot } from '../wasm/helpers/load.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';
import { browserAndScratch, artifactsDir, withPage } from './helpers/browser.mjs';
import { recipe } from './helpers/readme.mjs';

const env = browserAndScratch('nf-board-');
const nf = await loadNoisefield();
const EN = CARD_TEXTS.en.board, FR = CARD_TEXTS.fr.board;
// The README's block, as a site pastes it into its 404.html.
const BLOCK = recipe('board')['departures.html'];
const LIST = JSON.parse(BLOCK.replace(/^[\s\S]*?<script[^>]*>/, '').replace(/<\/script>[\s\S]*$/, ''));

async function served(root, fn, opts = {}) {
  const { server, url } = await startServer({ root, ...opts });
  try { return await fn(url); } finally { await new Promise((ok) => server.close(ok)); }
}
const repo = (fn) => served(repoRoot, fn, { publish: REPO_SITE });

// The page's HTML as a site edits it: `edit` gets and returns the document's text.
async function editPage(page, edit) {
  await page.route((u) => !u.pathname.startsWith('/web/'), async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const r = await route.fetch();
    await route.fulfill({ response: r, body: edit(await r.text()) });
  });
}
const withBlock = (block) => (html) => html.replace('\n</main>', `\n${block}\n</main>`);

// The board as a visitor and a screen reader get it.
const boardSeen = (page) => page.evaluate(() => {
  const b = document.querySelector('table.nf-board');
  if (!b) return null;
  const text = (e) => e.textContent.trim();
  return {
    caption: text(b.caption), clock: text(b.querySelector('.nf-board-clock')), site: text(b.querySelector('.nf-board-site')),
    rows: [...b.tBodies].flatMap((tb) => [...tb.rows]).map((r) => [...r.cells].map(text)),
    links: [...b.querySelectorAll('tbody a')].map((a) => ({ text: text(a), href: a.href, cls: a.className })),
    foot: text(b.tFoot), heads: [...b.tHead.rows[0].cells].map((c) => `${c.scope}:${text(c)}`),
    scopes: [...b.querySelectorAll('tbody th')].map((c) => c.scope), departures: b.dataset.departures,
    lang: b.closest('[lang]')?.lang,
  };
});
const live = (page) => page.waitForSelector('html.nf-live', { timeout: 30000 });
const settledBoard = (page) => page.waitForFunction(() => {
  const card = document.querySelector('.nf-card');
  return card && card.getAnimations().every((a) => a.playState === 'finished');
});
const realProblems = (problems) => problems.filter((p) => !/status of 404/.test(p));

test("the board: site, clock, you, the missing path, the README's departures nearest it, home", async () => {
  await repo((url) => withPage(env.browser, null, async ({ page, problems }) => {
    await editPage(page, withBlock(BLOCK));
    const before = new Date();
    await page.goto(url + 'docs/getting-startd?test');
    await live(page);
    const seen = await boardSeen(page);
    assert.equal(seen.site, new URL(url).hostname);
    assert.ok(seen.caption.startsWith(`${EN.name}:`), 'the caption names the table');
    // The visitor's wall clock, ticking: within a few seconds of this machine's local time.
    assert.match(seen.clock, /^\d\d:\d\d:\d\d$/);
    const secs = (s) => s.split(':').reduce((a, v) => a * 60 + Number(v), 0);
    const local = (d) => d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
    const drift = Math.abs(secs(seen.clock) - local(new Date()));
    assert.ok(drift < 10 || drift > 86390, `the clock shows the local time (${seen.clock})`);
    await page.waitForFunction((c) => document.querySelector('.nf-board-clock').textContent !== c, seen.clock, { timeout: 3000 });
    assert.deepEqual(seen.rows[0], [EN.arrivals]);
    assert.equal(seen.rows[1][0], EN.you);
    assert.ok([clockText(local(before), false), clockText(local(new Date()), false)].some((t) => seen.rows[1][1] === `${EN.arr} ${t}`), seen.rows[1][1]);
    assert.deepEqual(seen.rows[2], ['/docs/getting-startd', EN.notFound]);
    assert.deepEqual(seen.rows[3], [EN.departures]);
    const wanted = LIST.find((p) => p.title === 'Getting started');
    assert.deepEqual(seen.links[0], { text: wanted.title, href: new URL(wanted.href, url).href, cls: 'nf-board-link' });
    assert.deepEqual(seen.rows[4], [wanted.title, `${EN.platform} 1`]);
    assert.deepEqual(seen.rows.at(-1), [CARD_TEXTS.en.homeLabel, `${EN.platform} 0`]);
    assert.equal(seen.links.at(-1).cls, 'nf-home');
    assert.equal(seen.links.at(-1).href, url);
    assert.equal(seen.foot, EN.foot);
    assert.equal(seen.departures, 'given');
    await settledBoard(page);
    await page.screenshot({ path: join(artifactsDir, 'board-en.png') });
    assert.deepEqual(realProblems(problems), []);
  }));
});

test("no page near the path: three of the list picked by the world's seed (the module's stream), the same on every load", async () => {
  await repo(async (url) => {
    for (const [query, seed] of [['', nf.kDefaultWorldSeed], ['&seed=alice', nf.seedFromText('alice')]]) {
      const want = nf.wanderPicks(seed, LIST.length, 3).map((i) => LIST[i].title ?? LIST[i].href.replace(/\/$/, ''));
      for (let load = 0; load < 2; load++) {
        await withPage(env.browser, null, async ({ page, problems }) => {
          await editPage(page, withBlock(BLOCK));
          await page.goto(url + `qqqxz?test${query}`);
          await live(page);
          await page.waitForFunction(() => document.querySelectorAll('.nf-board-departure').length > 0);
          const seen = await boardSeen(page);
          assert.deepEqual(seen.rows.slice(4, -1), want.map((t) => [t, EN.wandering]), `seed ${seed}, load ${load}`);
          assert.deepEqual(realProblems(problems), []);
        });
      }
    }
  });
});

test('a frozen moment (t=, at=): the board shows the scene\'s time and does not tick', async () => {
  await repo(async (url) => {
    for (const [query, at] of [['t=6.5&at=66052.8', 66052.8], ['t=6.5', 6.5]]) {
      await withPage(env.browser, null, async ({ page }) => {
        await page.goto(url + `x?test&${query}`);
        await live(page);
        const hands = await page.evaluate(() => window.__noisefield.state().at);
        assert.equal(hands, at, 'the scene\'s clock hands show the link\'s moment');
        await page.waitForFunction((t) => document.querySelector('.nf-board-clock').textContent === t, clockText(at));
        const seen = await boardSeen(page);
        assert.equal(seen.rows[1][1], `${EN.arr} ${clockText(at, false)}`);
        await page.waitForTimeout(1300);   // a tick would have come by now
        assert.equal((await boardSeen(page)).clock, clockText(at));
      });
    }
  });
});

test('in French: the page\'s language, from the texts table (data-lang on the card), and a shared path', async () => {
  await repo((url) => withPage(env.browser, null, async ({ page, problems }) => {
    await editPage(page, (html) => withBlock(BLOCK)(html).replace('<main class="nf-card" data-card="board">', '<main class="nf-card" data-card="board" data-lang="fr" data-site="Mon site">'));
    await page.goto(url + 'ailleurs?test&path=%2Fblog%2Fete');
    await live(page);
    const seen = await boardSeen(page);
    assert.equal(seen.lang, 'fr');
    assert.equal(seen.site, 'Mon site');
    assert.ok(seen.caption.startsWith(`${FR.name}:`));
    assert.deepEqual(seen.heads, [`col:${FR.train}`, `col:${FR.status}`]);
    assert.deepEqual(seen.rows[0], [FR.arrivals]);
    assert.equal(seen.rows[1][0], FR.you);
    assert.deepEqual(seen.rows[2], ['/blog/ete', FR.notFound], 'the shared link\'s path, as the tablet carves it');
    assert.deepEqual(seen.rows[3], [FR.departures]);
    assert.deepEqual(seen.rows[4], ['Blog', `${FR.platform} 1`]);
    assert.deepEqual(seen.rows.at(-1), [CARD_TEXTS.fr.homeLabel, `${FR.platform} 0`]);
    assert.equal(seen.foot, FR.foot);
    await settledBoard(page);
    await page.screenshot({ path: join(artifactsDir, 'board-fr.png') });
    assert.deepEqual(realProblems(problems), []);
  }));
});

test('a bad list: a console warning naming the problem, the home link alone, "service disrupted", a working page', async () => {
  const cases = [
    ['[{ "href": "blog/", }]', [/#noisefield-departures: not valid JSON/], 0],
    ['{ "href": "blog/" }', [/the list must be a JSON array of pages/], 0],
    ['[{ "href": "javascript:alert(1)" }, { "href": "blog/", "title": "Blog" }, { "href": "about/", "titel": "About" }, 7]',
      [/page 1: "href" must be an http\(s\) link/, /page 3: unknown key "titel"/, /page 4: a page must be an object/], 1],
  ];
  await repo(async (url) => {
    for (const [json, warnings, kept] of cases) {
      await withPage(env.browser, null, async ({ page, problems }) => {
        await editPage(page, withBlock(`<script type="application/json" id="noisefield-departures">${json}</script>`));
        await page.goto(url + 'blog?test');
        await live(page);
        const seen = await boardSeen(page);
        assert.equal(seen.departures, 'fallback');
        assert.equal(seen.foot, EN.disrupted);
        assert.equal(seen.links.length, kept + 1, `${json}: the pages kept and home`);
        const said = realProblems(problems);
        for (const w of warnings) assert.ok(said.some((p) => p.startsWith('warning: noisefield: ') && w.test(p)), `${w} in ${said.join(' | ')}`);
        assert.equal(said.length, warnings.length, said.join(' | '));
        assert.equal(await page.locator('.nf-share').isVisible(), true, 'the page works on');
      });
    }
  });
  // The page's own reader, in Node, agrees on what it keeps.
  assert.deepEqual(readDepartures(cases[2][0], 'https://site.test/', () => {}).pages.map((p) => p.title), ['Blog', 'about']);
});

test('a table for screen readers, and the keyboard: departures, home, then the card\'s controls', async () => {
  await repo((url) => withPage(env.browser, null, async ({ page }) => {
    await editPage(page, withBlock(BLOCK));
    await page.goto(url + 'qqqxz?test');
    await live(page);
    await page.waitForFunction(() => document.querySelectorAll('.nf-board-departure').length === 3);
    const table = page.getByRole('table', { name: new RegExp(`^${EN.name}:`) });
    assert.equal(await table.count(), 1);
    assert.equal(await table.getByRole('columnheader', { name: EN.train }).count(), 1);
    assert.equal(await table.getByRole('columnheader', { name: EN.status }).count(), 1);
    assert.equal(await table.getByRole('rowheader', { name: EN.you }).count(), 1);
    assert.equal(await table.getByRole('rowheader', { name: '/qqqxz' }).count(), 1);
    assert.equal(await table.getByRole('cell', { name: EN.notFound }).count(), 1);
    const seen = await boardSeen(page);
    assert.ok(seen.scopes.every((s) => s === 'row' || s === 'colgroup'), seen.scopes.join());
    assert.equal(await page.locator('h1').count(), 1, 'the page keeps its heading (for screen readers)');
    const order = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement.className));
    }
    assert.deepEqual(order, ['nf-board-link', 'nf-board-link', 'nf-board-link', 'nf-home', 'nf-share', 'nf-save']);
    // Enter on a departure follows it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    const href = await page.evaluate(() => document.activeElement.href);
    await Promise.all([page.waitForURL(href), page.keyboard.press('Enter')]);
  }));
});

// WCAG relative luminance and contrast of sRGB bytes.
const lum = ([r, g, b]) => [r, g, b].map((v) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
  .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };

for (const scheme of ['light', 'dark']) {
  test(`contrast 4.5:1 or more for every text of the board, from the rendered page (${scheme})`, async () => {
    await repo((url) => withPage(env.browser, null, { colorScheme: scheme }, async ({ page, problems }) => {
      await editPage(page, withBlock(BLOCK));
      await page.goto(url + 'qqqxz?test&t=12&day=0.85&season=none');
      await live(page);
      await page.waitForFunction(() => document.querySelectorAll('.nf-board-departure').length === 3);
      await settledBoard(page);
      // Each text's colour and the colour painted behind it (the first opaque background up the tree).
      const texts = await page.evaluate(() => {
        const rgb = (s) => s.match(/[\d.]+/g).map(Number);
        const out = [];
        const card = document.querySelector('.nf-card');
        for (const e of card.querySelectorAll('caption span, caption time, th, td, a, button, select, .nf-more')) {
          if (!e.getClientRects().length || !e.textContent.trim() || e.closest('thead') || e.closest('.nf-sr')) continue;
          let bg = e;
          while (bg && rgb(getComputedStyle(bg).backgroundColor)[3] === 0) bg = bg.parentElement;
          const r = e.getBoundingClientRect();
          out.push({ text: e.textContent.trim().slice(0, 30), color: rgb(getComputedStyle(e).color), bg: rgb(getComputedStyle(bg).backgroundColor),
            box: { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) } });
        }
        return out;
      });
      assert.ok(texts.length >= 12, `the board's texts: ${texts.length}`);
      const shot = decodePng(await page.screenshot());
      for (const t of texts) {
        assert.ok(t.bg.length === 3 || t.bg[3] === 1, `${t.text}: on an opaque background`);
        const c = contrast(t.color, t.bg);
        assert.ok(c >= 4.5, `${t.text}: ${c.toFixed(2)}:1 (${t.color} on ${t.bg})`);
        // What is painted there: the box's commonest pixel is that background (the board is
        // opaque: the scene never shows through its words).
        const count = new Map();
        for (let y = t.box.y; y < t.box.y + t.box.h; y++) {
          for (let x = t.box.x; x < t.box.x + t.box.w; x++) {
            const i = (y * shot.width + x) * 4;
            const k = `${shot.data[i]},${shot.data[i + 1]},${shot.data[i + 2]}`;
            count.set(k, (count.get(k) ?? 0) + 1);
          }
        }
        const common = [...count].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
        assert.ok(common.every((v, i) => Math.abs(v - t.bg[i]) <= 2), `${t.text}: painted on ${common}, expected ${t.bg}`);
        // And the most contrasting pixel there: the text drawn in its colour.
        let best = 0;
        for (let y = t.box.y; y < t.box.y + t.box.h; y++) {
          for (let x = t.box.x; x < t.box.x + t.box.w; x++) {
            const i = (y * shot.width + x) * 4;
            best = Math.max(best, contrast([shot.data[i], shot.data[i + 1], shot.data[i + 2]], common));
          }
        }
        assert.ok(best >= 4.5, `${t.text}: the rendered text contrasts ${best.toFixed(2)}:1`);
      }
      await page.screenshot({ path: join(artifactsDir, `board-${scheme}.png`) });
      assert.deepEqual(realProblems(problems), []);
    }));
  });
}

// From the document's start: the backdrop's and the card's opacity on every frame, the moment the
// root gets nf-revealed (and whether the scene had mounted then), and the board's frames after it.
function watchReveal() {
  const seen = window.__nfReveal = { before: [], after: [], revealedAt: null, liveAtReveal: null, domReady: null };
  document.addEventListener('DOMContentLoaded', () => { seen.domReady = performance.now(); });
  new MutationObserver(() => {
    const root = document.documentElement;
    if (seen.revealedAt === null && root.classList.contains('nf-revealed')) {
      seen.revealedAt = performance.now();
      seen.liveAtReveal = root.classList.contains('nf-live');
      seen.fontAtReveal = document.fonts.check('12px SlowFace');
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });  // no <html> yet
  const frame = () => {
    const card = document.querySelector('.nf-card'), backdrop = document.querySelector('.nf-backdrop');
    if (card && backdrop) {
      const c = getComputedStyle(card);
      const at = { t: performance.now(), backdrop: Number(getComputedStyle(backdrop).opacity), card: Number(c.opacity), y: new DOMMatrix(c.transform).m42 };
      (seen.revealedAt === null ? seen.before : seen.after).push(at);
      if (seen.after.length && card.getAnimations().every((a) => a.playState === 'finished') && performance.now() - seen.revealedAt > 1000) return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
const revealSeen = async (page) => {
  await page.waitForFunction(() => window.__nfReveal?.after.length > 0 && performance.now() - window.__nfReveal.revealedAt > 1000, null, { timeout: 30000 });
  return page.evaluate(() => window.__nfReveal);
};

test('the reveal: scene and board invisible until the scene\'s first paint, then together; the board rises 8 px in 3 steps 0.3 s later', async () => {
  await repo((url) => withPage(env.browser, null, async ({ page, problems }) => {
    await page.addInitScript(watchReveal);
    await page.goto(url + 'x?test');
    const seen = await revealSeen(page);
    assert.ok(seen.before.length > 0, 'frames were shown before the reveal');
    assert.deepEqual([...new Set(seen.before.map((f) => `${f.backdrop},${f.card}`))], ['0,0'], 'nothing of the scene or the board shows before');
    // The scene had painted its first frame (mount() resolved: nf-live), or the cap was reached.
    assert.ok(seen.liveAtReveal || seen.revealedAt >= CAP_MS, `revealed at ${seen.revealedAt} ms without the scene`);
    const first = seen.after[0];
    assert.equal(first.backdrop, 1, 'the scene shows on the reveal\'s frame');
    const rise = await page.evaluate(() => document.querySelector('.nf-card').getAnimations().map((a) => {
      const t = a.effect.getTiming();
      // An animation's timing function is its keyframes' easing (or the effect's, by engine).
      const from = a.effect.getKeyframes()[0];
      return { name: a.animationName, delay: t.delay, duration: t.duration, easing: t.easing !== 'linear' ? t.easing : from.easing, from, start: a.startTime };
    }));
    assert.equal(rise.length, 1);
    assert.deepEqual({ ...rise[0], from: { opacity: rise[0].from.opacity, transform: rise[0].from.transform }, start: undefined },
      { name: 'nf-board-rise', delay: 300, duration: 450, easing: 'steps(3)', from: { opacity: '0', transform: 'translateY(8px)' }, start: undefined });
    assert.ok(rise[0].start >= seen.revealedAt - 20, `the rise starts at the reveal (${rise[0].start} against ${seen.revealedAt})`);
    // Its frames: hidden and 8 px down, then up in thirds; never anything in between.
    const steps = new Set(seen.after.map((f) => `${f.card.toFixed(3)}@${f.y.toFixed(2)}`));
    for (const s of steps) assert.ok(['0.000@8.00', '0.333@5.33', '0.667@2.67', '1.000@0.00'].includes(s), `a frame of the rise: ${[...steps]}`);
    assert.ok(steps.has('1.000@0.00') && steps.size >= 2, [...steps].join(' '));
    const shown = seen.after.find((f) => f.card > 0);
    assert.ok(shown.t - seen.revealedAt >= 280, `the board stays hidden 0.3 s after the reveal (${shown.t - seen.revealedAt} ms)`);
    assert.deepEqual(realProblems(problems), []);
  }));
});

test('reduced motion: the board is there with the scene at the reveal, without its rise', async () => {
  await repo((url) => withPage(env.browser, null, { reducedMotion: 'reduce' }, async ({ page }) => {
    await page.addInitScript(watchReveal);
    await page.goto(url + 'x?test');
    const seen = await revealSeen(page);
    assert.deepEqual([...new Set(seen.before.map((f) => `${f.backdrop},${f.card}`))], ['0,0']);
    assert.deepEqual([...new Set(seen.after.map((f) => `${f.backdrop},${f.card},${f.y}`))], ['1,1,0'], 'at once, in place');
    assert.deepEqual(await page.evaluate(() => document.querySelector('.nf-card').getAnimations().length), 0);
  }));
});

// A font file of this machine's (Chromium's fontconfig needs one), to serve as a site's own face.
const aFontFile = () => {
  const dir = '/usr/share/fonts';
  const found = readdirSync(dir, { recursive: true }).map(String).sort().find((f) => /\.ttf$/i.test(f));
  assert.ok(found, `a .ttf font under ${dir}`);
  return join(dir, found);
};

test('a board face that never arrives holds the reveal 400 ms at most; one that arrives is in place at the reveal', async () => {
  // A site's own face for the board (--nf-board-font), from its stylesheet (the page's CSP allows no inline style).
  const face = (html) => html.replace('</head>', '<link rel="stylesheet" href="site-face.css">\n</head>');
  const css = '@font-face { font-family: SlowFace; src: url(slow-face.ttf); } :root { --nf-board-font: SlowFace, monospace; }';
  for (const arrives of [false, true]) {
    await repo((url) => withPage(env.browser, null, async ({ page, problems }) => {
      await editPage(page, face);
      await page.route('**/site-face.css', (route) => route.fulfill({ contentType: 'text/css', body: css }));
      await page.route('**/slow-face.ttf', (route) => {
        if (arrives) route.fulfill({ contentType: 'font/ttf', body: readFileSync(aFontFile()) });
        // else: held, never answered
      });
      await page.addInitScript(watchReveal);
      await page.goto(url + 'x?test', { waitUntil: 'commit' });
      const seen = await revealSeen(page);
      assert.ok(seen.liveAtReveal || seen.revealedAt >= CAP_MS);
      if (arrives) assert.ok(seen.fontAtReveal || seen.revealedAt - seen.domReady >= FONT_WAIT_MS - 20, JSON.stringify({ ...seen, before: 0, after: 0 }));
      else assert.equal(seen.fontAtReveal, false);
      assert.deepEqual(realProblems(problems).filter((p) => !/slow-face/.test(p)), []);
    }));
  }
});

// Spec 8.1: the scene's timed animations (the ivy's growth, ...) count from the reveal. The page
// mounts with its clock held at 0 and starts it on the reveal's frame, so the clock never exceeds
// the time since the reveal. The reveal is held here well after the mount (a board face that never
// loads, and the page's font wait made 3.3 s longer): a clock started at the mount would be that
// much ahead. A frozen link keeps its moment.
function holdReveal(fontWaitMs) {
  document.fonts.load = () => new Promise(() => {});
  const later = window.setTimeout;
  window.setTimeout = (fn, ms, ...args) => later(fn, ms === fontWaitMs ? ms + 3300 : ms, ...args);
}
test('the scene\'s clock starts at the reveal, not at the mount; a frozen t= is unaffected', async () => {
  for (const [query, mode] of [['x?test&worker=1', 'worker'], ['x?test&worker=0', 'main'], ['x?test&t=6.5', 'frozen']]) {
    await repo((url) => withPage(env.browser, null, async ({ page, problems }) => {
      await page.addInitScript(holdReveal, FONT_WAIT_MS);
      await page.addInitScript(watchReveal);
      await page.goto(url + query);
      await page.waitForFunction(() => window.__noisefield?.state && window.__nfReveal?.revealedAt !== null, null, { timeout: 30000 });
      const held = await page.evaluate(() => window.__nfReveal.revealedAt - window.__noisefield.debug.firstPaintMs);
      assert.ok(held >= 500, `${mode}: the reveal came ${held} ms after the first paint`);
      if (mode === 'frozen') {
        const s = await page.evaluate(() => window.__noisefield.state());
        assert.deepEqual([s.clock, s.frozen, s.paused], [6.5, true, false], 'the link\'s moment, not held');
        return;
      }
      await page.waitForFunction(() => window.__noisefield.state().clock > 0.5, null, { timeout: 30000 });
      const r = await page.evaluate(async () => {
        const h = window.__noisefield;
        await h.pause();
        return { clock: h.state().clock, sinceReveal: (performance.now() - window.__nfReveal.revealedAt) / 1000 };
      });
      assert.ok(r.clock <= r.sinceReveal + 0.01, `${mode}: clock ${r.clock} s, ${r.sinceReveal.toFixed(3)} s after the reveal (${held} ms after the first paint)`);
      assert.ok(r.clock > 0.5, `${mode}: it runs`);
      assert.deepEqual(realProblems(problems), []);
    }));
  }
});

test('without JavaScript the board\'s card and the still painting show at once (the gate is for scripts)', async () => {
  await repo((url) => withPage(env.browser, null, { javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(url + 'x');
    const o = await page.evaluate(() => [getComputedStyle(document.querySelector('.nf-card')).opacity, getComputedStyle(document.querySelector('.nf-backdrop')).opacity]);
    assert.deepEqual(o, ['1', '1']);
  }));
});

test('a long path with markup is text, cut with an ellipsis (the whole in its title)', async () => {
  const long = '/' + 'very-long-segment/'.repeat(30) + '<img src=x onerror="window.__pwned=1">\u202eevil';
  await repo((url) => withPage(env.browser, null, async ({ page }) => {
    await page.goto(url + encodeURI(long.slice(1)).replace(/\?/g, '%3F') + '?test');
    await live(page);
    const r = await page.evaluate(() => {
      const label = document.querySelector('.nf-board-path');
      return { text: label.textContent, title: label.title, cut: label.scrollWidth > label.clientWidth, imgs: document.querySelectorAll('.nf-card img').length, pwned: window.__pwned === 1,
        inside: label.getBoundingClientRect().right <= document.querySelector('.nf-board').getBoundingClientRect().right };
    });
    assert.equal(r.imgs, 0);
    assert.equal(r.pwned, false);
    assert.ok(r.cut && r.inside, 'the row cuts the path at its edge');
    assert.ok(r.text.length <= 300 && r.text.endsWith('…'), `at most 300 characters: ${r.text.length}`);
    assert.ok(!r.text.includes('\u202e'), 'no bidi override');
    assert.ok(r.text.startsWith('/very-long-segment/'), r.text.slice(0, 40));
    assert.equal(r.title, r.text);
  }));
});

test('the classic card: data-card="classic" shows the words alone; a bad data-card warns and shows the board', async () => {
  await repo(async (url) => {
    await withPage(env.browser, null, { viewport: { width: 390, height: 844 } }, async ({ page, problems }) => {
      await editPage(page, (html) => html.replace('<main class="nf-card" data-card="board">', '<main class="nf-card" data-card="classic">'));
      await page.goto(url + 'x?test');
      await live(page);
      assert.equal(await page.locator('table.nf-board').count(), 0);
      assert.equal(await page.locator('h1.nf-title').isVisible(), true);
      assert.equal(await page.locator('.nf-actions a.nf-home').count(), 1);
      // The phone layout of the card (web/404-card.js): off the gate's ring.
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(ok)))));
      const clear = await page.evaluate(() => {
        const p = window.__noisefield.placement();
        const r = p.gateR * 1.3 * p.scale, x = p.gateX * p.scale + p.ox - p.inset, y = p.gateY * p.scale + p.oy - p.inset;
        const c = document.querySelector('.nf-card').getBoundingClientRect();
        return c.right <= x - r || c.left >= x + r || c.bottom <= y - r || c.top >= y + r;
      });
      assert.ok(clear, 'the classic card leaves the gate clear on a phone');
      assert.deepEqual(realProblems(problems), []);
    });
    await withPage(env.browser, null, async ({ page, problems }) => {
      await editPage(page, (html) => html.replace('<main class="nf-card" data-card="board">', '<main class="nf-card" data-card="bored">'));
      await page.goto(url + 'x?test');
      await live(page);
      assert.equal(await page.locator('table.nf-board').count(), 1);
      assert.ok(realProblems(problems).some((p) => /data-card must be one of board, classic \(got "bored"\)/.test(p)));
    });
  });
});

test("dist --departures (the README's list) --lang fr, and --card classic; a bad list stops the build", async () => {
  const file = join(env.scratch, 'pages.json');
  writeFileSync(file, JSON.stringify(LIST));
  const bad = join(env.scratch, 'bad.json');
  writeFileSync(bad, '[{ "href": "javascript:x" }]');
  await assert.rejects(writeDist({ out: join(env.scratch, 'bad'), archive: false, departures: bad }), /--departures .*bad\.json: page 1: "href" must be an http\(s\) link/);
  await assert.rejects(writeDist({ out: join(env.scratch, 'bad'), archive: false, card: 'plain' }), /--card must be one of board, classic \(got "plain"\)/);
  const out = join(env.scratch, 'fr');
  await writeDist({ out, archive: false, lang: 'fr', departures: file, base: '/site/' });
  const html = readFileSync(join(out, '404.html'), 'utf8');
  assert.match(html, /<script type="application\/json" id="noisefield-departures">/);
  assert.match(readFileSync(join(out, 'world', 'index.html'), 'utf8'), /data-card="classic"/, 'a shared world is no missing page');
  await served(out, (url) => withPage(env.browser, null, async ({ page, problems }) => {
    await page.goto(url + 'blog/vieux');
    await live(page);
    const seen = await boardSeen(page);
    assert.equal(seen.lang, 'fr');
    assert.deepEqual(seen.rows[4], ['Blog', `${FR.platform} 1`]);
    assert.equal(seen.links[0].href, url + 'blog/');
    assert.equal(await page.locator('a.nf-portal').getAttribute('aria-label'), CARD_TEXTS.fr.portal, 'the door\'s name in French');
    assert.deepEqual(realProblems(problems), []);
  }), { base: '/site/', fallback: '404.html' });
  const classic = join(env.scratch, 'classic');
  await writeDist({ out: classic, archive: false, card: 'classic' });
  assert.match(readFileSync(join(classic, '404.html'), 'utf8'), /<main class="nf-card" data-card="classic">/);
});
