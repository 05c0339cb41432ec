// The native Google Benchmark binary (build/native/noisefield_bench, -O3 Release, the same sources
// as the wasm build): every benchmark repeated, reported as median (min-max) of the repetitions.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './harness.mjs';

export function benchNative({ report, root, quick = false }) {
  const rows = benchBinary({ report, root, quick, name: 'noisefield_bench', title: 'Native',
    notes: ['Ticks, RenderAll and Viewport (a resize): /5, /2, /1 is the pitch at 1920x1080; fills: /width/height.'] });
  // libnoise side by side (bench/native/peers/, built when libnoise-dev is installed).
  benchBinary({ report, root, quick, name: 'noisefield_bench_peers', title: 'Native, beside libnoise (512x512, one thread)',
    notes: ['BM_Ours/<type>: noisefield Field fills (2-D unless _3d); BM_Libnoise_*: libnoise 1.0 modules, 3-D only, GetValue(x, y, 0.41) per sample.',
      'Pairs: gradient (quintic) vs Perlin (QUALITY_BEST), fBm-4 vs Perlin with 4 octaves, ridged fBm-4 vs RidgedMulti, cellular cell value vs Voronoi (no distance).'] });
  return rows;
}

function benchBinary({ report, root, quick, name, title, notes = [] }) {
  const exe = join(root, 'build', 'native', name);
  if (!existsSync(exe)) { report.log(`\n(native benchmarks skipped: build/native/${name} is missing)`); return null; }
  // min_time per repetition; the slow cases (1080p fills, pitch 1) set a longer one of their own.
  const reps = quick ? 3 : 7, minTime = quick ? 0.1 : 0.5;
  const r = spawnSync(exe, [`--benchmark_repetitions=${reps}`, `--benchmark_min_time=${minTime}`,
    '--benchmark_format=json', '--benchmark_enable_random_interleaving=true'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
  const json = JSON.parse(r.stdout);
  const runs = new Map();
  for (const b of json.benchmarks) {
    if (b.run_type !== 'iteration') continue;
    const name = b.run_name ?? b.name.replace(/\/repeats:\d+$/, '');
    const ms = b.real_time * ({ ns: 1e-6, us: 1e-3, ms: 1, s: 1e3 }[b.time_unit] ?? 1);
    if (!runs.has(name)) runs.set(name, { ms: [], iters: [], nsPerSample: [] });
    const e = runs.get(name);
    e.ms.push(ms);
    e.iters.push(b.iterations);
    if (b['ns/sample'] !== undefined) e.nsPerSample.push(b['ns/sample'] * 1e9);  // the counter is s/sample
  }
  const f = (xs, d) => (xs.length ? `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)})` : '-');
  const rows = [...runs].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })).map(([name, e]) => [name, f(e.ms, 3), e.nsPerSample.length ? f(e.nsPerSample, 2) : '-', `${reps} x ${median(e.iters)}`]);
  const ctx = json.context;
  report.section(`${title} (Google Benchmark, g++ -O3 Release, ${ctx.num_cpus} CPUs at ${ctx.mhz_per_cpu} MHz)`,
    ['benchmark', 'ms per iteration', 'ns/sample', 'repetitions x iterations'], rows,
    [`median (min-max) of ${reps} repetitions of at least ${minTime} s each (2 s for 1080p fills and pitch 1), in random interleaved order.`,
      ...notes,
      `The measured code is built Release (-O3, NDEBUG). Google Benchmark reports its own library build as "${ctx.library_build_type}"` +
      ' (Debian builds it without NDEBUG): that concerns the timing harness, not the code measured.']);
  return rows;
}
