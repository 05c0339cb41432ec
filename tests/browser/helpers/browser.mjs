// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, and the repo
// root served over HTTP (ES modules and wasm do not load from file://).
import { chromium } from 'playwright-core';
import { startServer } from '../../../tools/serve.mjs';
import { repoRoot } from '../../wasm/helpers/load.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export const artifactsDir = join(repoRoot, 'test-artifacts');
mkdirSync(artifactsDir, { recursive: true });

export async function startBrowser() {
  const { server, url } = await startServer({ root: repoRoot });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

// A page that records console errors, page errors and CSP violations as they happen.
export async function openPage(browser, url, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', reducedMotion = 'no-preference', javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, reducedMotion, javaScriptEnabled });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  if (url) await page.goto(url);
  return { page, context, problems };
}

// Counts pixels of a canvas that are not fully transparent and not all the same colour.
export async function canvasStats(page, selector) {
  return page.$eval(selector, (c) => {
    const ctx = c.getContext('2d');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let opaque = 0;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 0) opaque++;
      if (colours.size < 64) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    }
    return { width: c.width, height: c.height, opaque, colours: colours.size };
  });
}
