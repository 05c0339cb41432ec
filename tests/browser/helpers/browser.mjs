// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, and the repo
// root served over HTTP (ES modules and wasm do not load from file://).
import { chromium } from 'playwright-core';
import { REPO_SITE, startServer } from '../../../tools/serve.mjs';
import { repoRoot } from '../../wasm/helpers/load.mjs';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { before, after } from 'node:test';
import { join } from 'node:path';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export const artifactsDir = join(repoRoot, 'test-artifacts');
mkdirSync(artifactsDir, { recursive: true });

export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });

// For a test file that serves its own sites: a browser and a scratch folder from before() to
// after(), as env.browser and env.scratch.
export function browserAndScratch(prefix) {
  const env = { browser: null, scratch: null };
  before(async () => {
    env.browser = await launchChromium();
    env.scratch = mkdtempSync(join(tmpdir(), prefix));
  });
  after(async () => {
    await env.browser?.close();
    if (env.scratch) rmSync(env.scratch, { recursive: true, force: true });
  });
  return env;
}

export async function startBrowser() {
  const { server, url } = await startServer({ root: repoRoot, publish: REPO_SITE });
  const browser = await launchChromium();
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

// A page that records console errors, page errors and CSP violations as they happen. testHooks:
// the 404 page's `?test` hooks are on (web/404.js), as a visitor's page never has them. wallClock
// [h, m, s]: the page's local clock starts at that time of day and runs on (the daylight follows
// it), so that a test does not depend on the hour the suite runs at.
export async function openPage(browser, url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', reducedMotion = 'no-preference', javaScriptEnabled = true, testHooks = true, wallClock = null } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion, javaScriptEnabled });
  // Every wait is bounded: a stuck page fails its test instead of stalling the suite.
  context.setDefaultTimeout(20000);
  context.setDefaultNavigationTimeout(30000);
  const page = await context.newPage();
  await rememberContextId(context, page);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  if (testHooks) await page.addInitScript(() => { window.__noisefieldTestHooks = true; });
  if (wallClock) await page.addInitScript(shiftClock, wallClock);
  if (url) await page.goto(url);
  return { page, context, problems };
}

// In the page: Date as the real one shifted so that now is [h, m, s] local time, running on.
function shiftClock([h, m, s]) {
  const Real = Date, start = new Real(), then = new Real(start.getTime());
  then.setHours(h, m, s, 0);
  const shift = then.getTime() - start.getTime();
  class Shifted extends Real {
    constructor(...a) { if (a.length) super(...a); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; }
  }
  globalThis.Date = Shifted;
}

// Opens pages one after another (each opener returns an openPage() result), runs fn with them and
// closes every context that was opened, whether fn passed or threw. Returns what fn returns.
export async function withPages(openers, fn) {
  const opened = [];
  try {
    for (const open of openers) opened.push(await open());
    return await fn(...opened);
  } finally {
    await Promise.all(opened.map((o) => closeContext(o.context)));
  }
}

// ---- closing a context without hanging ----
// Chromium can acknowledge Target.closeTarget and drop it when the close races a navigation
// commit (crbug.com/536385539, playwright#42068): context.close() then never settles. Tests wait
// for a navigation to finish before closing, and closeContext re-issues the close of the
// context's pages over CDP if the first attempt has not finished within a few seconds.
const contextIds = new WeakMap();   // BrowserContext -> CDP browserContextId

async function rememberContextId(context, page) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.detach();
  contextIds.set(context, targetInfo.browserContextId);
}

const settles = (promise, ms) => new Promise((resolve) => {
  const timer = setTimeout(() => resolve(false), ms);
  promise.then(() => { clearTimeout(timer); resolve(true); }, () => { clearTimeout(timer); resolve(true); });
});

export async function closeContext(context, { waitMs = 5000, attempts = 4 } = {}) {
  const closing = context.close();
  if (await settles(closing, waitMs)) return closing;
  const id = contextIds.get(context);
  const cdp = await context.browser().newBrowserCDPSession();
  try {
    for (let i = 0; i < attempts; i++) {
      const { targetInfos } = await cdp.send('Target.getTargets');
      const pages = targetInfos.filter((t) => t.type === 'page' && t.browserContextId === id);
      await Promise.all(pages.map((t) => cdp.send('Target.closeTarget', { targetId: t.targetId }).catch(() => {})));
      if (await settles(closing, waitMs)) return closing;
    }
  } finally {
    await cdp.detach().catch(() => {});
  }
  throw new Error(`closing a browser context did not finish after ${attempts + 1} attempts`);
}

// withPage(browser, url, [options,] fn): one openPage() page for the length of fn.
export function withPage(browser, url, ...rest) {
  const fn = rest.pop();
  return withPages([() => openPage(browser, url, ...rest)], fn);
}

// Page side of the pixel helpers, installed once per document as window.__nfPixels. A canvas is
// read from an exact copy (drawImage into a willReadFrequently canvas), so the page's own canvases
// are never read back (Chromium warns about repeated readbacks).
export function pixelsInPage() {
  if (window.__nfPixels) return;
  const read = (src) => {
    const c = document.createElement('canvas');
    c.width = src.width;
    c.height = src.height;
    const x = c.getContext('2d', { willReadFrequently: true });
    x.drawImage(src, 0, 0);
    return x.getImageData(0, 0, c.width, c.height).data;
  };
  window.__nfPixels = {
    read,
    // Size, painted (not fully transparent) pixels and (up to 64) distinct colours.
    stats(src) {
      const d = read(src);
      let opaque = 0;
      const colours = new Set();
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] > 0) opaque++;
        if (colours.size < 64) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      }
      return { width: src.width, height: src.height, opaque, colours: colours.size };
    },
    // FNV-1a 32 over the RGBA bytes, with the size: "WxH:hex".
    hash(src) {
      const d = read(src);
      let h = 2166136261;
      for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i], 16777619);
      return `${src.width}x${src.height}:${(h >>> 0).toString(16)}`;
    },
  };
}

// Makes window.__nfPixels ({ read, stats, hash }) available to the page's evaluate() callbacks.
export async function installPixels(page) { await page.evaluate(pixelsInPage); }

// { width, height, opaque, colours } of the canvas the selector matches.
export async function canvasStats(page, selector) {
  await installPixels(page);
  return page.$eval(selector, (c) => window.__nfPixels.stats(c));
}

// "WxH:fnv1a" of the canvas the selector matches: equal strings, identical pixels.
export async function hashCanvas(page, selector) {
  await installPixels(page);
  return page.$eval(selector, (c) => window.__nfPixels.hash(c));
}

// hashCanvas of every canvas the selector matches, in document order.
export async function hashCanvases(page, selector) {
  await installPixels(page);
  return page.$$eval(selector, (cs) => cs.map((c) => window.__nfPixels.hash(c)));
}

// hashCanvases of the landscape's layer canvases (LAYERS order) as the page shows them, once what
// the scene painted has reached them: a worker's frames reach the page's canvases a frame later,
// so a page with the test hooks is asked to wait for that (handle.debug.shown()).
export async function layerHashes(page, selector = 'canvas.nf-layer') {
  await page.evaluate(() => window.__noisefield?.debug?.shown());
  return hashCanvases(page, selector);
}

// Where a landscape's scene runs, read from its sky canvas without test hooks: a canvas whose
// control went to a worker (transferControlToOffscreen) refuses a context on the page.
export const sceneThread = (page, selector = 'canvas.nf-layer') => page.$eval(selector, (c) => {
  try { c.getContext('2d'); return 'main'; } catch { return 'worker'; }
});

// Waits for n of the page's animation frames: the time "nothing happened" is measured in, instead
// of a fixed wait, so a loaded machine (slower frames) waits as long as it needs to show a change.
export const pageFrames = (page, n) => page.evaluate((count) => new Promise((ok) => {
  let i = 0;
  const next = () => (++i >= count ? ok(undefined) : requestAnimationFrame(next));
  requestAnimationFrame(next);
}), n);


// canvasStats once the canvas shows a painting (some opaque pixels, more than one colour): a
// worker's first frame reaches the page's canvas on its own schedule. Polled a few frames apart,
// up to `timeout` ms; -> the last stats (the caller asserts on them).
export async function paintedStats(page, selector, timeout = 30000) {
  let s = await canvasStats(page, selector);
  for (const t0 = Date.now(); !(s.opaque > 0 && s.colours > 1) && Date.now() - t0 < timeout;) {
    await pageFrames(page, 5);
    s = await canvasStats(page, selector);
  }
  return s;
}
