// What a visitor pays: CPU seconds per second of wall time of ALL of the browser's processes (from
// /proc, bench/proc-cpu.mjs), the page left open with the pointer still, beside a blank page. Cases:
// the 404 page at 1920 x 1080 and at 390 x 844 (a phone: device pixel ratio 3, touch), at the
// default pitch and pitch 2 and 1, the scene in its worker and on the main thread; and a live banner
// (<noisefield-landscape>, 1920 x 400) scrolled half into view. Each round runs every case once,
// in a new order; cells are median (min-max) over the rounds.
// Part of `./noisefield bench landscape`; `node bench/visitor.mjs [--quick]` runs it alone, and
// `--append FILE --label TEXT` adds its table to FILE (bench/results.md) under a dated heading, and
// `--before DIR` measures another checkout (DIR's site, built) in the same rounds, each case twice.
import { appendFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { cpuBetween, snapshot } from './proc-cpu.mjs';
import { table, shuffler, withSpread } from './harness.mjs';
import { TICKS, tickStats } from './ticks.mjs';

const SETTLE_MS = 2500;  // after mount: the first ticks, tier-up and the stepped repaints are done
const DESKTOP = { viewport: { width: 1920, height: 1080 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const BANNER_PAGE = 'bench-banner.html';  // served by a route of the bench's own (the site publishes no bench pages)
const BANNER_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>banner</title>
<style>body { margin: 0 } noisefield-landscape { display: block; height: 400px } .tall { height: 3000px }</style>
<script type="module" src="web/landscape-element.js"></script></head>
<body><noisefield-landscape seed="banner" framing="gate" portal="false" day="0.6" season="none"></noisefield-landscape><div class="tall"></div></body></html>`;

export function visitorCases() {
  const cases = [{ name: 'blank page', size: DESKTOP, kind: 'blank' }];
  for (const [label, size] of [['1920x1080', DESKTOP], ['390x844', PHONE]]) {
    for (const pitch of [null, 2, 1]) {
      for (const mode of ['worker', 'main']) {
        cases.push({ name: `404 ${label}, ${pitch ? `pitch ${pitch}` : 'default pitch'}, ${mode}`, size, kind: '404', pitch, mode });
      }
    }
  }
  cases.push({ name: 'banner 1920x400, half in view, worker', size: DESKTOP, kind: 'banner' });
  return cases;
}

async function evaluateUntil(page, expr, timeoutMs = 60000) {
  const ok = await page.evaluate(`(async () => { const t0 = performance.now();
    while (!(${expr})) { if (performance.now() - t0 > ${timeoutMs}) return false; await new Promise((ok) => setTimeout(ok, 50)); }
    return true; })()`);
  if (!ok) throw new Error(`timed out waiting for ${expr}`);
}

// One case: open, settle, then `seconds` with nothing but the page running (the bench sleeps in
// Node, the pointer is still), CPU from /proc before and after.
async function runCase(browser, url, c, seconds) {
  const context = await browser.newContext({ ...c.size, reducedMotion: 'no-preference', colorScheme: 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    let info = {};
    if (c.kind === '404') {
      await page.addInitScript(() => { window.__noisefieldTestHooks = true; });
      const q = `?test&day=0.6${c.pitch ? `&px=${c.pitch}` : ''}&worker=${c.mode === 'worker' ? 1 : 0}`;
      await page.goto(new URL(q, url).href);
      await evaluateUntil(page, 'window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed)');
      const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
      if (failed) throw new Error(`landscape failed to mount: ${failed}`);
      info = await page.evaluate(() => ({ mode: window.__noisefield.debug.mode, layout: window.__noisefield.debug.layout() }));
      if (info.mode !== c.mode) throw new Error(`${c.name}: the scene runs in ${info.mode}`);
    } else if (c.kind === 'banner') {
      await page.route(new URL(BANNER_PAGE, url).href, (r) => r.fulfill({ contentType: 'text/html', body: BANNER_HTML }));
      await page.goto(new URL(BANNER_PAGE, url).href);
      await evaluateUntil(page, 'document.querySelector("noisefield-landscape")?.handle?.placement()');
      await page.evaluate(() => window.scrollTo(0, 200));
      info = await page.evaluate(() => ({ mode: document.querySelector('noisefield-landscape').handle.mode }));
    } else {
      await page.goto('about:blank');
    }
    await page.waitForTimeout(SETTLE_MS);
    const t0 = c.kind === '404' ? await page.evaluate(() => performance.now()) : 0;
    const a = snapshot();
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    const b = snapshot();
    const t1 = c.kind === '404' ? await page.evaluate(() => performance.now()) : 0;
    // The pitch at the end: the page raises it when the scene cannot keep up (state().adapted).
    const end = c.kind === '404' ? await page.evaluate(() => window.__noisefield.state()) : null;
    const { seconds: secs, cpu } = cpuBetween(a, b);
    const perSec = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v / secs]));
    let scene = null;
    if (c.kind === '404') {
      // A worker reports its frames every 100 ms: wait for the window's last ones.
      await page.waitForTimeout(300);
      const adv = await page.evaluate(([s, e]) => window.__noisefield.debug.advances.filter((x) => x[3] >= s && x[3] < e), [t0, t1]);
      const w = (t1 - t0) / 1000;
      const ticks = tickStats(adv, w);
      scene = {
        fps: adv.length / w,
        // A loop that holds changes to share frames marks the advances a frame followed (x[4]).
        changed: adv.filter((x) => (x.length > 4 ? x[4] : x[0] !== 0)).length / w,
        delivered: Math.min(...Object.keys(TICKS).map((k) => ticks[k].delivered)),
        longest: ticks.frame.max,
        pitch: info.layout.pitch,
        endPitch: end.pitch,
      };
    }
    return { perSec, scene, errors };
  } finally {
    await context.close();
  }
}

// versions: { label: url } to measure two builds side by side in the same rounds (--before DIR).
export async function benchVisitor({ browser, url, report, quick = false, rounds = quick ? 1 : 3, seconds = quick ? 5 : 15, only = null, versions = null }) {
  const base = visitorCases().filter((c) => !only || only.test(c.name));
  const cases = versions ? base.flatMap((c) => Object.entries(versions).map(([v, u]) => ({ ...c, name: `${c.name} [${v}]`, url: u }))) : base;
  const runs = new Map(cases.map((c) => [c.name, []]));
  const shuffle = shuffler(26);
  const load0 = loadavg();
  for (let r = 0; r < rounds; r++) {
    for (const c of shuffle(cases)) {
      report.log(`  visitor CPU round ${r + 1}/${rounds}: ${c.name} ...`);
      const res = await runCase(browser, c.url ?? url, c, seconds);
      if (res.errors.length) report.log(`  page errors: ${res.errors.join(' | ')}`);
      runs.get(c.name).push(res);
    }
  }
  const load1 = loadavg();
  const cell = (name, f, d = 2, scale = 1) => withSpread(runs.get(name).map(f).filter(Number.isFinite), d, scale);
  const head = ['case', 'total', 'renderer main', 'worker', 'renderer other', 'GPU process', 'browser + utility', 'scene advances/s', 'frames shown/s', 'ticks delivered %', 'longest frame ms', 'pitch (at the end)'];
  const rows = cases.map(({ name }) => {
    const sc = (f, d, scale) => (runs.get(name)[0].scene ? cell(name, (r) => f(r.scene), d, scale) : '-');
    return [name, cell(name, (r) => r.perSec.total), cell(name, (r) => r.perSec.main), cell(name, (r) => r.perSec.worker),
      cell(name, (r) => r.perSec.compositor + r.perSec.other), cell(name, (r) => r.perSec.gpu),
      cell(name, (r) => r.perSec.browser + r.perSec.utility + r.perSec.zygote),
      sc((s) => s.fps, 0), sc((s) => s.changed, 0), sc((s) => s.delivered, 0, 100), sc((s) => s.longest, 1),
      runs.get(name)[0].scene ? runs.get(name).map((r) => `${r.scene.pitch}${r.scene.endPitch !== r.scene.pitch ? ` -> ${r.scene.endPitch}` : ''}`).join(', ') : '-'];
  });
  const title = `Visitor CPU: all of headless Chromium's processes, pointer still (${rounds} round${rounds > 1 ? 's' : ''} of ${seconds} s per case, shuffled)`;
  const notes = [
    'CPU seconds per second of wall time (utime + stime from /proc) of every process of the browser: the renderer (its main',
    'thread; the scene\'s dedicated worker thread; the rest: Blink\'s compositor, raster and IO threads), the GPU process (with',
    '--disable-gpu it composites in software), the browser and utility processes. Each cell: median (min-max) over the rounds.',
    'The 404 page with day 0.6 (?test&day=0.6&px=P&worker=0|1); 390x844 is a phone (device pixel ratio 3, touch); the banner is a',
    'live <noisefield-landscape> 400 px high, scrolled by 200 px. scene advances/s: the scene loop\'s advance() calls;',
    'frames shown: those that put pixels on the canvases; ticks delivered: the worst tick kind\'s ticks shown / ticks due;',
    'longest frame: the slowest advance + paint in the window; pitch: at mount (-> at the end, where the page raised it to keep up), per round.',
    `Load average (1, 5, 15 min) before: ${load0.map((x) => x.toFixed(2)).join(', ')}, after: ${load1.map((x) => x.toFixed(2)).join(', ')} (${cpus().length} cores).`,
  ];
  report.section(title, head, rows, notes);
  return { title, head, rows, notes, runs };
}

// A run's table appended to a Markdown file under a dated heading (bench/results.md keeps the
// before and after runs of a change side by side; run.mjs --markdown rewrites the rest of it).
export function appendRun(file, { title, head, rows, notes }, label) {
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const text = [`\n## ${when}: ${label}`, '', `${title}.`, '', table(head, rows), '', ...notes.map((n) => `- ${n}`), ''].join('\n');
  appendFileSync(file, text);
}

const HELP = `node bench/visitor.mjs [options]: what a visitor pays, CPU of all of headless Chromium's processes
  --quick           1 round of 5 s per case (else 3 rounds of 15 s)
  --rounds N        rounds (each runs every case once, in a new order)
  --seconds S       seconds measured per case (after ${SETTLE_MS / 1000} s to settle)
  --only REGEXP     the cases whose name matches: ${visitorCases().map((c) => `'${c.name}'`).join(', ')}
  --before DIR      another checkout (its index.html and web/ built) measured beside this one in the
                    same rounds, each case as [before] and [after]
  --append FILE     the table appended to FILE (bench/results.md) under a dated heading, titled by
  --label TEXT`;

if (process.argv[1] === fileURLToPath(import.meta.url) && (process.argv.includes('--help') || process.argv.includes('-h'))) {
  console.log(HELP);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { startBrowser } = await import('../tests/browser/helpers/browser.mjs');
  const { Report } = await import('./report.mjs');
  const args = process.argv.slice(2);
  const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : null; };
  const env = await startBrowser();
  // --before DIR: another checkout's site (its web/ built), measured beside this one's.
  let other = null;
  if (opt('--before')) {
    const { startServer, REPO_SITE } = await import('../tools/serve.mjs');
    other = await startServer({ root: opt('--before'), publish: REPO_SITE });
  }
  try {
    const only = opt('--only') ? new RegExp(opt('--only')) : null;
    const rounds = opt('--rounds') ? Number(opt('--rounds')) : undefined;
    const seconds = opt('--seconds') ? Number(opt('--seconds')) : undefined;
    const res = await benchVisitor({ browser: env.browser, url: env.url, report: new Report(), quick: args.includes('--quick'), only,
      ...(rounds ? { rounds } : {}), ...(seconds ? { seconds } : {}), ...(other ? { versions: { before: other.url, after: env.url } } : {}) });
    if (opt('--append')) appendRun(opt('--append'), res, opt('--label') ?? 'visitor CPU');
  } finally {
    await env.close();
    if (other) await new Promise((ok) => other.server.close(ok));
  }
}
