// Shared by the site-generator tests: the README's recipe for a generator (its snippets, read from
// README.md), a fixture site copied to a scratch folder with the recipe applied, the built site
// served like a static host (a missing URL answers 404 with the site's 404.html), and the checks
// a visitor's browser makes of it.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from '../../../tools/serve.mjs';
import { writeDist } from '../../../tools/dist.mjs';
import { repoRoot } from '../../wasm/helpers/load.mjs';
import { userDocs } from '../../wasm/helpers/user-docs.mjs';
import { artifactsDir, installPixels, sceneThread, withPage } from '../../browser/helpers/browser.mjs';

export const SUB = '/myproject/';   // the sub-path the README's recipes name
export const ecosystemDir = join(repoRoot, 'tests', 'ecosystem');
export const shotsDir = join(artifactsDir, 'ecosystem');
mkdirSync(shotsDir, { recursive: true });

// README.md's snippets for one generator: each fenced block right after a comment line
// `<!-- recipe: GEN NAME -->`, by NAME: `WAY.sh` (shell lines), `WAY:path` (a file of the site, as
// written) or `WAY+:path` (lines added to one), WAY being `whole` or `inside`. The comment is
// invisible on GitHub; the block is what a reader copies.
export function recipe(gen) {
  const readme = userDocs();
  const out = {};
  const re = /<!-- recipe: (\S+) (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g;
  for (const [, g, name, body] of readme.matchAll(re)) if (g === gen) out[name] = body;
  assert.ok(Object.keys(out).length > 0, `README.md has no recipe for ${gen}`);
  return out;
}

// dist/ built once per base for the whole test file (the native CLI renders its preview).
const dists = new Map();
function distFor(scratch, base) {
  if (!dists.has(base)) {
    const out = join(scratch, `dist${base.replace(/\//g, '_')}`);
    dists.set(base, writeDist({ out, base, archive: false }).then(() => out));
  }
  return dists.get(base);
}

// Runs a recipe's shell lines in `work` (which holds my-site/). Its `./noisefield dist [--base B]`
// line is the one step not run through the shell: dist/ is written by tools/dist.mjs (what that
// command runs) with the same base. At a root the recipe's sub-path is dropped (`--base /` is the
// default), as the README says.
export async function runRecipe(sh, { work, scratch, base }) {
  let text = sh;
  if (base === '/') text = text.replace(/ --base \/myproject\//g, '').replace(/\/myproject\//g, '/');
  const lines = text.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
  for (const line of lines) {
    const dist = /^\.\/noisefield dist(?: --base (\S+))?$/.exec(line);
    if (dist) {
      cpSync(await distFor(scratch, dist[1] ?? '/'), join(work, 'dist'), { recursive: true });
      continue;
    }
    execFileSync('bash', ['-e', '-o', 'pipefail', '-c', line], { cwd: work, stdio: 'pipe' });
  }
}

// A scratch copy of a fixture (tests/ecosystem/NAME/, without the `skip` entries, its node_modules
// linked) as work/my-site, the folder the README's recipes name.
export function siteCopy(name, work, skip = []) {
  const from = join(ecosystemDir, name);
  const to = join(work, 'my-site');
  cpSync(from, to, {
    recursive: true,
    filter: (src) => !['node_modules', ...skip].some((s) => src === join(from, s)),
  });
  // The fixture's pinned packages (./noisefield npm ci's them), shared by every copy.
  if (existsSync(join(from, 'node_modules'))) symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'));
  return to;
}

// Serves a built site as a static host does: at `base`, with `notFound` (the site's 404.html)
// answered with status 404 for every missing path. -> { url (with the base), close() }
export async function serveBuilt(dir, base, notFound = '404.html') {
  const { server, url } = await startServer({ root: dir, base, fallback: notFound });
  return { url, close: () => new Promise((ok) => server.close(ok)) };
}

// Console problems other than the missing page's own 404 (Chromium logs a document's 404 status
// as an error: that one is the point of a 404 page), and any failed subresource.
function watchProblems(page, all) {
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400 && r.request().resourceType() !== 'document') failed.push(`${r.status()} ${r.url()}`); });
  return () => all.filter((p) => !/^error: Failed to load resource: the server responded with a status of 404/.test(p)).concat(failed);
}

// Every link and every loaded file of the page inside the site (origin + base).
async function linksInside(page, inside) {
  const refs = await page.evaluate(() => [
    ...[...document.querySelectorAll('a[href]')].map((a) => a.href),
    ...[...document.querySelectorAll('link[href]')].filter((l) => l.rel !== 'canonical' && l.rel !== 'alternate').map((l) => l.href),
    ...[...document.querySelectorAll('script[src], img[src]')].map((e) => e.src),
  ].filter((h) => !h.startsWith('data:') && !h.startsWith('mailto:')));
  const outside = refs.filter((h) => !h.startsWith(inside) && new URL(h).origin === new URL(inside).origin);
  assert.deepEqual(outside, [], `links and files outside ${inside}`);
  return refs;
}

// The element of `selector` lies on top at its own centre: nothing (a fixed backdrop, say) covers it.
async function assertOnTop(page, selector) {
  const top = await page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { visible: r.width > 0 && r.height > 0, onTop: !!at && el.contains(at), at: at ? at.outerHTML.slice(0, 80) : null };
  });
  assert.ok(top.visible, `${selector} has a size`);
  assert.ok(top.onTop, `${selector} is on top at its centre (found ${top.at})`);
}

// The landscape of `host` live: its eight layers, the scene in the worker, the sky and the gate painted.
async function assertLive(page, host) {
  await page.waitForFunction((h) => document.querySelectorAll(`${h} canvas.nf-layer`).length === 8, host, { timeout: 30000 });
  assert.equal(await sceneThread(page, `${host} canvas.nf-layer`), 'worker', 'the scene runs in the worker');
  await installPixels(page);
  for (const layer of ['sky', 'gate']) {
    // The first frames come from the worker a little after the canvases are in place.
    await page.waitForFunction((sel) => {
      const st = window.__nfPixels.stats(document.querySelector(sel));
      return st.opaque > 0 && st.colours > 1;
    }, `${host} canvas.nf-layer-${layer}`, { timeout: 20000 }).catch(() => {
      throw new Error(`the ${layer} layer of ${host} was never painted`);
    });
  }
}

// A missing URL of the site built the "whole page" way: noisefield's 404 page, live, its links in the base.
export async function checkWholePage(browser, { url, home, shot, themeMarker }) {
  await withPage(browser, null, { reducedMotion: 'reduce', viewport: { width: 800, height: 500 } }, async ({ page, problems }) => {
    const list = watchProblems(page, problems);
    const res = await page.goto(url);
    assert.equal(res.status(), 404, 'the host answers 404');
    await page.waitForSelector('html.nf-live', { timeout: 30000 });
    assert.equal(await page.locator(themeMarker).count(), 0, "the theme's 404 page is not what was published");
    await assertLive(page, '#landscape');
    assert.equal(await page.locator('a.nf-home').evaluate((a) => a.href), home);
    assert.equal(await page.locator('a.nf-portal').evaluate((a) => a.href), home);
    await linksInside(page, home);
    if (shot) await page.screenshot({ path: join(shotsDir, shot) });
    assert.deepEqual(list(), []);
  });
}

// A page of the site with the landscape inside it (the site's 404 template, or the home page's
// banner): the site's header on top and visible, the landscape live below it, every link in the base.
export async function checkInside(browser, { url, home, status, header, host = 'noisefield-landscape', portal, shot, font }) {
  await withPage(browser, null, { reducedMotion: 'reduce', viewport: { width: 800, height: 500 } }, async ({ page, problems }) => {
    const list = watchProblems(page, problems);
    const res = await page.goto(url);
    assert.equal(res.status(), status);
    await assertLive(page, host);
    await assertOnTop(page, header);
    await linksInside(page, home);
    if (portal) assert.equal(await page.locator(`${host} a.nf-portal`).evaluate((a) => a.href), home, 'the portal leads home, inside the base');
    else assert.equal(await page.locator(`${host} a.nf-portal`).count(), 0, 'a banner has no portal');
    if (font) {
      // The site's own font reaches the text around the landscape (nothing of noisefield's resets it).
      const [site, text] = await page.evaluate(([h, f]) => [getComputedStyle(document.querySelector(h)).fontFamily,
        getComputedStyle(document.querySelector(f)).fontFamily], [header, font]);
      assert.equal(text, site, `${font} has the site's font`);
    }
    if (shot) await page.screenshot({ path: join(shotsDir, shot) });
    assert.deepEqual(list(), []);
  });
}
