// ./noisefield bench edge: what a link preview costs the edge worker (edge/), in workerd as
// Miniflare runs it, bundled by wrangler as it deploys: CPU time per request for the isolate's
// first render (the module's instantiation and the wasm's first compilation with it), for cold
// renders (a world not rendered before: a Cache API miss) and for cache hits.
//
// The method: the worker's own clocks cannot give it (on Cloudflare, Date.now and performance.now
// stand still while a request computes and move only at I/O; the local workerd's do move, but
// they are wall time, which a busy machine stretches), so the figure is the workerd process's
// CPU time (utime + stime in /proc/PID/stat, 10 ms ticks) across each request, every request on a
// connection of its own, one at a time. It includes the request's handling (routing, the cache
// lookup and put), which is what the Workers CPU limit counts too; a cache hit shows how little
// that is.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { writeDist } from '../tools/dist.mjs';
import { bundleWorker, edgeDir, request, startEdge, workerdCpuMs } from '../tests/edge/helpers/edge.mjs';
import { PREVIEW } from '../edge/src/preview-size.js';
import { median, withSpread } from './harness.mjs';

async function cpuOf(url) {
  const c0 = workerdCpuMs();
  const res = await request(url);
  if (res.status !== 200) throw new Error(`bench edge: ${url}: HTTP ${res.status}`);
  return { ms: workerdCpuMs() - c0, cache: res.headers.get('x-noisefield-cache') };
}

// One workerd from its start: -> { first, cold: [ms], hit: [ms] }.
async function oneRun(site, bundle, rounds, tag) {
  const edge = await startEdge(bundle, site);
  try {
    const world = (i) => `${edge.url}world/preview.png?seed=bench-${tag}-${i}&day=${(i % 10) / 10}&t=${i + 1}`;
    const first = (await cpuOf(world(0))).ms;
    const cold = [], hit = [];
    for (let i = 1; i <= rounds; i++) {
      const c = await cpuOf(world(i));
      if (c.cache !== 'miss') throw new Error('bench edge: expected a cache miss');
      cold.push(c.ms);
    }
    for (let i = 1; i <= rounds; i++) {
      const h = await cpuOf(world(i));
      if (h.cache !== 'hit') throw new Error('bench edge: expected a cache hit');
      hit.push(h.ms);
    }
    return { first, cold, hit };
  } finally {
    await edge.close();
  }
}

// Two runs (one with --quick), each a workerd of its own, so the figure is measured twice.
export async function benchEdge({ report, quick = false }) {
  const rounds = quick ? 4 : 12, runs = quick ? 1 : 2;
  const scratch = mkdtempSync(join(tmpdir(), 'nf-bench-edge-'));
  const versions = ['wrangler', 'miniflare'].map((n) => `${n} ${createRequire(join(edgeDir, 'package.json'))(`${n}/package.json`).version}`);
  const limit = Number(readFileSync(join(edgeDir, 'wrangler.toml'), 'utf8').match(/^cpu_ms\s*=\s*(\d+)/m)[1]);
  try {
    const site = join(scratch, 'site');
    await writeDist({ out: site, archive: false });
    const bundle = bundleWorker(join(scratch, 'bundle'), site);
    const results = [];
    for (let r = 0; r < runs; r++) results.push(await oneRun(site, bundle, rounds, `${process.pid}-${Date.now()}-${r}`));
    const cold = results.flatMap((x) => x.cold);
    const worst = Math.max(...cold, ...results.map((x) => x.first));
    report.section(`Link previews at the edge: CPU per request in workerd, ${PREVIEW.width} x ${PREVIEW.height} at pitch ${PREVIEW.pitch} (${versions.join(', ')})`,
      ['request', ...results.map((_, i) => `run ${i + 1}: CPU ms, median (min-max)`), 'n per run'], [
        ["the isolate's first render (the module's start-up included)", ...results.map((x) => x.first.toFixed(0)), '1'],
        ['a cold render (a cache miss)', ...results.map((x) => withSpread(x.cold, 0)), String(rounds)],
        ['a cache hit', ...results.map((x) => withSpread(x.hit, 0)), String(rounds)],
      ], [
        `Cold renders over all runs: median ${median(cold).toFixed(0)} ms; the most any request took, ${worst.toFixed(0)} ms, is under the ${limit} ms that edge/wrangler.toml allows (Workers Paid; its default is 30 s). Every cold render is over the Free plan's 10 ms.`,
        'The workerd process\'s CPU time (/proc/PID/stat, 10 ms ticks) across each request, one request at a time (the worker\'s clocks are wall time locally and stand still on Cloudflare).',
        'A machine busy with other work inflates CPU time less than wall time, but still some.',
      ]);
    return { results };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { Report } = await import('./report.mjs');
  await benchEdge({ report: new Report(console.log), quick: process.argv.includes('--quick') });
}
