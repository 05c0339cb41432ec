// The 404 card's words, language and font (issue 21, "the site's look"): dist built with the
// README's --lang/--title/--home-label line, a hostile title, and the card placed in a page of a
// site's own with its own font and data-* words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from '../../tools/serve.mjs';
import { writeDist } from '../../tools/dist.mjs';
import { CARD_TEXTS, PAGE_TEXTS } from '../../web/404-texts.js';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { browserAndScratch, artifactsDir, withPage } from './helpers/browser.mjs';
import { recipe } from './helpers/readme.mjs';

const env = browserAndScratch('nf-card-');
const HOSTILE = `</h1><img src=x onerror="window.__pwned=1">&amp; "it's"`;

// Serves `dir` as a static host does (404.html for every unknown path) while fn runs.
async function served(dir, fn) {
  const { server, url } = await startServer({ root: dir, fallback: '404.html' });
  try { return await fn(url); } finally { await new Promise((ok) => server.close(ok)); }
}

// What the visitor sees of the card, and the fonts of the card and of the page around it.
const cardSeen = (page) => page.evaluate(() => {
  const card = document.querySelector('.nf-card');
  const text = (sel) => card.querySelector(sel).textContent.trim();
  return {
    lang: card.closest('[lang]')?.lang, title: text('.nf-title'), message: text('.nf-message'),
    home: text('.nf-home'), code: text('.nf-code'), save: text('.nf-save'), docTitle: document.title,
    cardFont: getComputedStyle(card).fontFamily, titleFont: getComputedStyle(card.querySelector('.nf-title')).fontFamily,
    bodyFont: getComputedStyle(document.body).fontFamily, images: card.querySelectorAll('img').length,
    pwned: window.__pwned === 1,
  };
});

test("README's --lang fr line: the card in French with the given title and home label, in the page's font", async () => {
  const out = join(env.scratch, 'fr');
  const line = recipe('card')['dist.sh'].trim();
  assert.match(line, /^\.\/noisefield dist /);
  // The user's command with the build step left out (the suite has built): tools/dist.mjs's own options.
  execFileSync('sh', ['-c', line.replace(/^\.\/noisefield dist/, `node tools/dist.mjs --out '${out}'`)], { cwd: repoRoot, stdio: 'pipe' });
  const args = [...line.matchAll(/--(\S+) "([^"]*)"/g)].reduce((o, [, k, v]) => ({ ...o, [k]: v }), {});
  const html = readFileSync(join(out, '404.html'), 'utf8');
  assert.match(html, /<html lang="fr">/);
  assert.ok(html.includes('Perdu ? Par ici &#60;3'), 'the title is escaped in the HTML');
  await served(out, async (url) => {
    await withPage(env.browser, null, async ({ page, problems }) => {
      await page.goto(url + 'nulle/part');
      await page.waitForSelector('html.nf-live', { timeout: 30000 });
      const seen = await cardSeen(page);
      assert.equal(seen.lang, 'fr');
      assert.equal(seen.title, args.title);
      assert.equal(seen.home, args['home-label']);
      assert.equal(seen.message, CARD_TEXTS.fr.message, 'the message not given: the French default');
      assert.equal(seen.code, CARD_TEXTS.fr.code);
      assert.equal(seen.save, CARD_TEXTS.fr.save);
      assert.equal(seen.docTitle, PAGE_TEXTS.fr.pageTitle);
      // The card is the departures board (tests/browser/board.test.mjs), in a monospace face; its
      // words stay in the page for screen readers.
      assert.match(seen.cardFont, /monospace/, 'the board is set in a monospace face');
      assert.match(seen.bodyFont, /system-ui/, "the standalone page keeps its own face");
      assert.equal(await page.locator('table.nf-board caption').evaluate((c, name) => c.textContent.startsWith(`${name}:`), CARD_TEXTS.fr.board.name), true, 'the board in French');
      await page.screenshot({ path: join(artifactsDir, 'card-fr.png') });
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), []);
    });
    const world = readFileSync(join(out, 'world', 'index.html'), 'utf8');
    assert.ok(world.includes(PAGE_TEXTS.fr.worldTitle) && /<html lang="fr">/.test(world), 'world/ in French too');
  });
});

test('bad card options fail with the option named; a hostile title is shown as text', async () => {
  await assert.rejects(writeDist({ out: join(env.scratch, 'bad'), archive: false, lang: 'de' }), /--lang must be one of en, fr \(got "de"\)/);
  await assert.rejects(writeDist({ out: join(env.scratch, 'bad'), archive: false, title: ' ' }), /--title must be non-empty/);
  await assert.rejects(writeDist({ out: join(env.scratch, 'bad'), archive: false, message: 'a\nb' }), /--message must be .* without control characters/);
  const out = join(env.scratch, 'hostile');
  await writeDist({ out, archive: false, title: HOSTILE });
  await served(out, (url) => withPage(env.browser, null, async ({ page }) => {
    await page.goto(url + 'x');
    await page.waitForSelector('html.nf-live', { timeout: 30000 });
    const seen = await cardSeen(page);
    assert.equal(seen.title, HOSTILE);
    assert.equal(seen.images, 0);
    assert.equal(seen.pwned, false);
    assert.equal(seen.lang, 'en');
    assert.equal(seen.home, CARD_TEXTS.en.homeLabel);
  }));
});

test("the classic card in a site's own page: its serif font, and data-lang / data-title on the card", async () => {
  const out = join(env.scratch, 'site');
  await writeDist({ out, archive: false });
  // The site's page: its own stylesheet after 404.css, no nf-page on body, words set on the card.
  let html = readFileSync(join(out, '404.html'), 'utf8');
  html = html.replace('<body class="nf-page">', '<body>')
    .replace('<main class="nf-card" data-card="board">', `<main class="nf-card" data-card="classic" data-lang="fr" data-title="${HOSTILE.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`)
    .replace('</head>', '<link rel="stylesheet" href="site.css">\n</head>');
  assert.ok(html.includes('data-lang="fr"') && html.includes('site.css'));
  writeFileSync(join(out, 'mine.html'), html);
  writeFileSync(join(out, 'site.css'), 'body { font-family: Georgia, "DejaVu Serif", serif; }\n');
  await served(out, (url) => withPage(env.browser, null, async ({ page, problems }) => {
    await page.goto(url + 'mine.html');
    await page.waitForSelector('html.nf-live', { timeout: 30000 });
    const seen = await cardSeen(page);
    assert.match(seen.bodyFont, /^Georgia/);
    assert.equal(seen.cardFont, seen.bodyFont, "the card in the site's font");
    assert.equal(seen.titleFont, seen.bodyFont);
    assert.equal(seen.lang, 'fr');
    assert.equal(seen.title, HOSTILE);
    assert.equal(seen.pwned, false);
    assert.equal(seen.home, CARD_TEXTS.fr.homeLabel);
    assert.equal(seen.message, CARD_TEXTS.fr.message);
    assert.equal(seen.save, CARD_TEXTS.fr.save);
    await page.screenshot({ path: join(artifactsDir, 'card-serif.png') });
    assert.deepEqual(problems, []);
  }));
});
