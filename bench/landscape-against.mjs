// The scene's CPU per second of animation, this checkout's 404 page against another checkout's
// (`./noisefield bench landscape --against DIR`, DIR a built worktree, e.g. `git worktree add
// /work/wt/base <commit>` then `./noisefield wasm` there): both pages served side by side, each
// case (viewport and pitch) run for both builds in the same shuffled rounds, so a busy machine
// slows both alike. Per run: the page loads in a fresh context, its animation runs live for a
// second, then over the measured window the CPU time of Chromium's processes is read from the
// DevTools protocol (SystemInfo.getProcessInfo: cumulative CPU seconds per process, in 10 ms
// ticks): the renderers (the page's main thread, its worker, its compositor) and all processes
// (with the GPU process's software compositing and the browser). Also the page's long tasks
// (PerformanceObserver, main thread) in the window.
import { startServer, REPO_SITE } from '../tools/serve.mjs';
import { median, shuffler, withSpread } from './harness.mjs';

// The sizes and pitches measured: the landscape bench's 1920 x 1080 at pitch 5, 2 and 1, and the
// fidelity references' 1280 x 800 at the default pitch and 1920 x 1080 at pitch 2.
const CASES = [
  { w: 1280, h: 800, px: 0 },
  { w: 1920, h: 1080, px: 5 },
  { w: 1920, h: 1080, px: 2 },
  { w: 1920, h: 1080, px: 1 },
];

async function cpuSeconds(cdp) {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  const by = new Map(processInfo.map((p) => [`${p.type} ${p.id}`, p]));
  return by;
}

// CPU seconds spent between two readings, over processes whose type passes `keep` (a process that
// started in between counts from zero; one that ended in between is not seen: the run's own
// renderer lives through the window).
function spent(a, b, keep) {
  let s = 0;
  for (const [k, p] of b) if (keep(p.type)) s += p.cpuTime - (a.get(k)?.cpuTime ?? 0);
  return s;
}

async function measure(browser, cdp, url, { w, h, px }, seconds) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, reducedMotion: 'no-preference', colorScheme: 'light' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    window.__noisefieldTestHooks = true;
    const long = [];
    try {
      new PerformanceObserver((l) => { for (const e of l.getEntries()) long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    } catch { /* no long-task API */ }
    window.__nfLong = long;
  });
  try {
    await page.goto(new URL(`?test&day=0.6${px ? `&px=${px}` : ''}`, url).href);
    await page.waitForFunction(() => window.__noisefield && (window.__noisefield.debug || window.__noisefield.failed), null, { timeout: 60000, polling: 50 });
    const failed = await page.evaluate(() => window.__noisefield.failed ?? null);
    if (failed) throw new Error(`landscape failed to mount at ${url}: ${failed}`);
    await page.waitForTimeout(1000);  // tier-up and the first ticks
    const t0 = await page.evaluate(() => performance.now());
    const a = await cpuSeconds(cdp), wall0 = process.hrtime.bigint();
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    const b = await cpuSeconds(cdp), wall = Number(process.hrtime.bigint() - wall0) / 1e9;
    const info = await page.evaluate((from) => ({
      long: window.__nfLong.filter(([s]) => s >= from).map(([, d]) => d),
      mode: window.__noisefield.debug.mode ?? 'main',
      buffer: (() => { const l = window.__noisefield.debug.layout(); return `${l.bw}x${l.bh}`; })(),
    }), t0);
    return {
      renderer: (1000 * spent(a, b, (t) => t === 'renderer')) / wall,
      all: (1000 * spent(a, b, () => true)) / wall,
      long: info.long, mode: info.mode, buffer: info.buffer, errors,
    };
  } finally {
    await context.close();
  }
}

export async function benchLandscapeAgainst({ browser, url, against, report, quick = false }) {
  const seconds = quick ? 3 : 10, rounds = quick ? 2 : 5;
  const { server, url: baseUrl } = await startServer({ root: against, publish: REPO_SITE });
  const cdp = await browser.newBrowserCDPSession();
  const builds = [['base', baseUrl], ['this', url]];
  const runs = new Map();  // "case|build" -> [run]
  const key = (c, b) => `${c.w}x${c.h} px=${c.px || 'default'}|${b}`;
  const shuffle = shuffler(22);
  try {
    for (let r = 0; r < rounds; r++) {
      for (const [c, [b, u]] of shuffle(CASES.flatMap((c) => builds.map((bu) => [c, bu])))) {
        report.log(`  against round ${r + 1}/${rounds}: ${key(c, b)} ...`);
        const res = await measure(browser, cdp, u, c, seconds);
        if (res.errors.length) report.log(`  page errors (${b}): ${res.errors.join(' | ')}`);
        if (!runs.has(key(c, b))) runs.set(key(c, b), []);
        runs.get(key(c, b)).push(res);
      }
    }
  } finally {
    await cdp.detach().catch(() => {});
    await new Promise((ok) => server.close(ok));
  }
  const rows = [];
  for (const c of CASES) {
    const base = runs.get(key(c, 'base')), mine = runs.get(key(c, 'this'));
    const cell = (rs, f) => withSpread(rs.map(f), 0);
    // Ratios of the medians, and the spread of the per-round ratios (both builds ran in each round).
    const ratio = (f) => {
      const per = mine.map((m, i) => f(m) / f(base[i]));
      return `${(median(mine.map(f)) / median(base.map(f))).toFixed(2)}x (${Math.min(...per).toFixed(2)}-${Math.max(...per).toFixed(2)})`;
    };
    const longs = (rs) => `${rs.reduce((n, x) => n + x.long.length, 0)}, max ${Math.max(0, ...rs.flatMap((x) => x.long)).toFixed(0)} ms`;
    rows.push([`${c.w}x${c.h} pitch ${c.px || 'default'} (${mine[0].buffer}, ${mine[0].mode})`,
      cell(base, (x) => x.renderer), cell(mine, (x) => x.renderer), ratio((x) => x.renderer),
      cell(base, (x) => x.all), cell(mine, (x) => x.all), ratio((x) => x.all),
      `${longs(base)} / ${longs(mine)}`]);
  }
  report.section(`The scene's CPU per second of animation, this build against ${against} (${rounds} shuffled rounds of ${seconds} s per case and build)`,
    ['case (this build\'s buffer, mode)', 'renderers ms/s: base', 'this', 'ratio', 'all processes ms/s: base', 'this', 'ratio', 'long tasks in all rounds: base / this'],
    rows, [
      'Each cell: median (min-max) over the rounds; ratio: this build\'s median over the base\'s, (min-max) of the per-round ratios.',
      'CPU: Chromium\'s own accounting per process (DevTools SystemInfo.getProcessInfo, 10 ms ticks), over the window, per wall second;',
      '"renderers": the page\'s renderer processes (main thread, worker, compositor); "all processes": also the GPU process (software',
      'compositing with --disable-gpu), the browser and the network service. The page at ?day=0.6, light, its default mode (worker or main).',
      'long tasks: the page\'s main-thread tasks over 50 ms in the windows (PerformanceObserver), count and longest.',
    ]);
  return { runs };
}
