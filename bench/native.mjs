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
  benchEngines({ report, root, quick });
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

// The reference figures (issue 26, measured elsewhere: these machines cannot fetch
// FastNoiseLite's or FastNoise2's C++ source), ns per sample at 512² and 1920x1080, -O3 -march=native.
// Quoted, not measured here.
const REFERENCE = {
  value: ['10.8-15.9', '2.7'], value_fbm4: ['79.7-80.6', '12.8-12.9'],
  gradient: ['12.5-19.7', '3.2-3.7'], gradient_fbm4: ['61.6-96.1', '14.4-15.4'],
  simplex: ['17.9-21.2', '3.4'], simplex_fbm4: ['91.0-118.0', '15.6-18.9'],
  opensimplex2: ['22.1-23.4', '3.3-3.5'], opensimplex2_3d: ['31.8-39.6', '4.9'],
  cellular: ['36.1-37.3', '8.4-10.3'], cellular_3d: ['75.2-104.8', '37.4-42.6'],
  nebula: ['193-195', '71.4-73.6'],
};
// libnoise's nearest module (bench/native/peers/: 3-D only, GetValue per sample).
const LIBNOISE = { gradient: 'BM_Libnoise_Perlin1', gradient_fbm4: 'BM_Libnoise_Perlin4', cellular: 'BM_Libnoise_Voronoi' };
const ENGINES = ['scalar', 'sse2', 'avx2'];

function runOnce(exe, filter, minTime, env) {
  const r = spawnSync(exe, [`--benchmark_filter=${filter}`, `--benchmark_min_time=${minTime}`, '--benchmark_format=json'],
    { encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${exe} failed: ${r.stderr}`);
  const out = new Map();
  for (const b of JSON.parse(r.stdout).benchmarks) {
    if (b.run_type !== 'iteration') continue;
    out.set(b.name.replace(/^BM_Type\//, '').replace(/^BM_TypeNebula$/, 'nebula'), { ns: b['ns/sample'] * 1e9, label: b.label });
  }
  return out;
}

// The same kernels on each engine (NOISEFIELD_ISA), one process per engine and round, the engines
// (and libnoise) in a shuffled order each round.
export function benchEngines({ report, root, quick }) {
  const exe = join(root, 'build', 'native', 'noisefield_bench');
  if (!existsSync(exe)) { report.log('\n(engine benchmarks skipped: build/native/noisefield_bench is missing)'); return; }
  const peers = join(root, 'build', 'native', 'noisefield_bench_peers');
  const rounds = quick ? 3 : 5, minTime = quick ? 0.05 : 0.3;
  const times = new Map(), labels = new Map();
  const put = (k, v) => { if (!times.has(k)) times.set(k, []); times.get(k).push(v); };
  for (let r = 0; r < rounds; r++) {
    const jobs = ENGINES.map((isa) => ['ours', isa]);
    if (existsSync(peers)) jobs.push(['libnoise', null]);
    for (let i = jobs.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [jobs[i], jobs[j]] = [jobs[j], jobs[i]]; }
    for (const [who, isa] of jobs) {
      if (who === 'ours') {
        for (const [name, { ns, label }] of runOnce(exe, '^BM_Type', minTime, { NOISEFIELD_ISA: isa })) {
          put(`${isa} ${name}`, ns);
          labels.set(isa, label);
        }
      } else {
        for (const [name, { ns }] of runOnce(peers, '^BM_Libnoise', minTime, {})) put(name, ns);
      }
    }
  }
  const f = (xs) => (xs && xs.length ? `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})` : '-');
  const rows = Object.keys(REFERENCE).map((t) => [t, ...ENGINES.map((isa) => f(times.get(`${isa} ${t}`))),
    LIBNOISE[t] ? f(times.get(LIBNOISE[t])) : '-', ...REFERENCE[t]]);
  const ran = ENGINES.map((isa) => `${isa} ran as ${labels.get(isa) ?? '?'}`).join(', ');
  report.section(`Native noise types per engine, 512x512, one thread (${rounds} shuffled rounds)`,
    ['type', 'scalar ns/sample', 'SSE2 ns/sample', 'AVX2 ns/sample', 'libnoise ns/sample', 'FastNoiseLite C++ (issue 26, quoted)', 'FastNoise2 AVX2 (issue 26, quoted)'], rows,
    ['Ours: Field.fill to floats (bench/native/types_bench.cpp), the same kernels compiled per engine, forced by NOISEFIELD_ISA; median (min-max) of the rounds. ' + ran + '.',
      'libnoise (Debian libnoise-dev 1.0, 3-D GetValue per sample): Perlin for gradient (1 and 4 octaves), Voronoi (cell value, not F1) beside cellular.',
      'FastNoiseLite and FastNoise2: the figures quoted in issue 26 (float, -O3 -march=native, 512² and 1920x1080, measured elsewhere); not run here (their C++ sources cannot be fetched on this machine).',
      'Fills: value cubic, gradient quintic, cellular Euclidean F1, fBm-4 lacunarity 2.03 gain 0.5; nebula: the 404 page\'s two-level warp.']);
}
