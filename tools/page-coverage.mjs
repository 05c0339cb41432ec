// How much of the 404 page's script (web/min/404.js) a visit runs: Chromium's block coverage over
// two visits of a missing path (the scene on the page's thread, ?worker=0, and in its worker,
// ?worker=1), each with a pointer sweep and a Tab; then gzip -9 of the whole script, of the
// characters that ran and of those that never did. Issue 22's payload goal (docs/module.md, "What
// 70 KB would take") asks what a page-only driver could save at most: the script without every byte
// a visit does not run (error paths, the module's API the page does not call) bounds it. The
// worker's own thread is not measured (?worker=0 runs the same core on the page's), so the bytes
// that ran are if anything undercounted and the bound is generous.
//   node tools/page-coverage.mjs   (after ./noisefield build)
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { need, root } from './page-bundle.mjs';
import { REPO_SITE, startServer } from './serve.mjs';

const script = readFileSync(need(join(root, 'web', 'min', '404.js')), 'utf8');
const ran = new Uint8Array(script.length);
const { server, url } = await startServer({ root, publish: REPO_SITE });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const thread of ['0', '1']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => { window.__noisefieldTestHooks = true; });
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(`${url}/missing/page?test&worker=${thread}`);
    await page.waitForFunction(() => window.__noisefield?.state, null, { timeout: 30000 });
    for (let i = 0; i < 20; i++) await page.mouse.move(300 + i * 30, 400 + i * 5);
    await page.keyboard.press('Tab');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1500)));
    for (const entry of await page.coverage.stopJSCoverage()) {
      if (!entry.url.endsWith('/web/min/404.js')) continue;
      if (entry.source !== script) throw new Error('the served 404.js is not web/min/404.js');
      // Block coverage: ranges nest, the innermost one says how often its characters ran.
      const count = new Int32Array(script.length);
      for (const f of entry.functions) for (const r of f.ranges) count.fill(r.count, r.startOffset, r.endOffset);
      count.forEach((c, i) => { if (c > 0) ran[i] = 1; });
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
const pick = (want) => [...script].filter((_, i) => ran[i] === want).join('');
const gz = (s) => gzipSync(s, { level: 9 }).length;
const used = pick(1);
console.log(`web/min/404.js: ${script.length} characters, gzip -9 ${gz(script)} B`);
console.log(`  ran in a visit: ${used.length} characters (${(100 * used.length / script.length).toFixed(1)} %), gzip -9 of those alone ${gz(used)} B`);
console.log(`  never ran: ${script.length - used.length} characters, gzip -9 of those alone ${gz(pick(0))} B`);
