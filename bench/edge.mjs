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

export async function benchEdge({ report, quick = false }) {
  const rounds = quick ? 4 : 12;
  const scratch = mkdtempSync(join(tmpdir(), 'nf-bench-edge-'));
  const versions = ['wrangler', 'miniflare'].map((n) => `${n} ${createRequire(join(edgeDir, 'package.json'))(`${n}/package.json`).version}`);
  const limit = Number(readFileSync(join(edgeDir, 'wrangler.toml'), 'utf8').match(/^cpu_ms\s*=\s*(\d+)/m)[1]);
  let edge;
  try {
    const site = join(scratch, 'site');
    await writeDist({ out: site, archive: false });
    edge = await startEdge(bundleWorker(join(scratch, 'bundle'), site), site);
    const world = (i) => `${edge.url}world/preview.png?seed=bench-${process.pid}-${i}&day=${(i % 10) / 10}&t=${i + 1}`;
    const first = await cpuOf(world(0));
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
    const mean = cold.reduce((a, b) => a + b, 0) / cold.length;
    report.section(`Link previews at the edge: CPU per request in workerd, ${PREVIEW.width} x ${PREVIEW.height} at pitch ${PREVIEW.pitch} (${versions.join(', ')})`,
      ['request', 'CPU ms: median (min-max)', 'n'], [
        ["the isolate's first render (instantiation included)", first.ms.toFixed(0), '1'],
        ['a cold render (cache miss)', withSpread(cold, 0), String(cold.length)],
        ['a cache hit', withSpread(hit, 0), String(hit.length)],
      ], [
        `Cold renders: mean ${mean.toFixed(0)} ms, median ${median(cold).toFixed(0)} ms; the limit set in edge/wrangler.toml is ${limit} ms (Workers Paid; its default is 30 s). The Free plan's 10 ms is below every cold render.`,
        'The workerd process\'s CPU time (/proc/PID/stat, 10 ms ticks) across each request, one request at a time (the worker\'s clocks are wall time locally and stand still on Cloudflare).',
        'A machine busy with other work inflates CPU time less than wall time, but still some.',
      ]);
    return { first: first.ms, cold, hit };
  } finally {
    await edge?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { Report } = await import('./report.mjs');
  await benchEdge({ report: new Report(console.log), quick: process.argv.includes('--quick') });
}
