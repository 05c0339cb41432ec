// docs/404-page.png: the 404 page as a visitor sees it, in headless Chromium (1280 x 800, light,
// the page's default pitch and card), served from this checkout at a missing path, frozen at the
// fidelity test's moment (world 404, day 1, t 6.5 s, the clock at 18:24:34.7) so the picture can
// be told apart from the reference render only by what the port does differently.
//   node tools/page-picture.mjs [out.png]   (default docs/404-page.png; needs web/ built)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, REPO_SITE } from './serve.mjs';
import { launchChromium } from '../tests/browser/helpers/browser.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const out = process.argv[2] || join(root, 'docs', '404-page.png');
const { server, url } = await startServer({ root, publish: REPO_SITE });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'no-preference' });
  const page = await context.newPage();
  await page.addInitScript(() => { window.__noisefieldTestHooks = true; });
  const at = 18 * 3600 + 24 * 60 + 34.7;
  await page.goto(new URL(`some/missing/page?test&seed=404&day=1&dusk=0&season=none&t=6.5&at=${at}`, url).href);
  await page.waitForFunction(() => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed), null, { timeout: 60000 });
  const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
  if (failed) throw new Error(`the page failed: ${failed}`);
  await page.evaluate(() => window.__noisefield.debug.shown());
  // The board rises and fades in after the reveal (spec 7.1): wait until every CSS animation is done.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 20000 });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await new Promise((ok) => server.close(ok));
}
