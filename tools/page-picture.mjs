// docs/404-page.png: the 404 page as a visitor sees it, in headless Chromium (1280 x 800, light,
// the page's default pitch and card), served from this checkout at a missing path, frozen at the
// fidelity test's moment (world 404, day 1, t 6.5 s, the clock at 18:24:34.7: the ivy grown, the
// fireflies out, the tablet's first glyph crumbled), with the README's departures block and a
// site's name on the board, as a site that follows the README has it; and docs/404-board.png, the
// board close up (device pixel ratio 2) at the same moment.
//   node tools/page-picture.mjs [out.png [board.png]]   (default docs/404-page.png, docs/404-board.png; needs web/ built)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, REPO_SITE } from './serve.mjs';
import { launchChromium } from '../tests/browser/helpers/browser.mjs';
import { recipe } from '../tests/browser/helpers/readme.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const out = process.argv[2] || join(root, 'docs', '404-page.png');
const boardOut = process.argv[3] || join(root, 'docs', '404-board.png');
const block = recipe('board')['departures.html'];
const { server, url } = await startServer({ root, publish: REPO_SITE });
const browser = await launchChromium();
try {
  for (const [file, scale] of [[out, 1], [boardOut, 2]]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: scale, colorScheme: 'light', reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await page.addInitScript(() => { window.__noisefieldTestHooks = true; });
    // The page as a site writes it: its name on the card and its pages in the departures block.
    await page.route((u) => !u.pathname.startsWith('/web/'), async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const r = await route.fetch();
      const html = (await r.text()).replace('<main class="nf-card" data-card="board">', '<main class="nf-card" data-card="board" data-site="example.org">')
        .replace('\n</main>', `\n${block}\n</main>`);
      await route.fulfill({ response: r, body: html });
    });
    const at = 18 * 3600 + 24 * 60 + 34.7;
    await page.goto(new URL(`blog/getting-startd?test&seed=404&day=1&dusk=0&season=none&t=6.5&at=${at}`, url).href);
    await page.waitForFunction(() => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed), null, { timeout: 60000 });
    const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
    if (failed) throw new Error(`the page failed: ${failed}`);
    await page.evaluate(() => window.__noisefield.debug.shown());
    // The page is revealed, then the board rises and fades in (spec 7.1): wait until every CSS
    // animation is done.
    await page.waitForSelector('html.nf-revealed');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 20000 });
    if (scale === 1) await page.screenshot({ path: file });
    else {
      // The board and its shadow, with a margin of the scene around it.
      const b = await page.locator('.nf-card').boundingBox();
      await page.screenshot({ path: file, clip: { x: Math.max(0, b.x - 12), y: Math.max(0, b.y - 12), width: b.width + 24, height: b.height + 24 } });
    }
    console.log(`wrote ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await new Promise((ok) => server.close(ok));
}
