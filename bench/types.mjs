// Noise types in Node: our wasm Field.fill beside the npm packages users pick instead, on the same
// 512 x 512 grid in the same run. Every implementation samples x = i * 0.0173 + 0.37,
// y = j * 0.0173 + 0.29 in lattice units (Field scale 1, FastNoiseLite SetFrequency(1)); the step is
// not a divisor of 1, so samples do not sit on lattice lines. fBm-4 is 4 octaves, lacunarity 2.03,
// gain 0.5 everywhere (FNL's built-in FBm; a plain loop for simplex-noise).
//
// Pairs (ours vs FastNoiseLite): value (cubic fade) vs Value, gradient (quintic, Perlin 2002) vs
// Perlin, simplex vs OpenSimplex2, cellular (Euclidean F1) vs Cellular (Euclidean, Distance),
// opensimplex2 vs OpenSimplex2 (2-D and 3-D), 3-D cellular vs 3-D Cellular. FNL's cellular
// searches 3 x 3 (x 3) cells, which is not exact at jitter 1; ours is (kernels.h).
// simplex-noise's createNoise2D is listed beside simplex. Ratio = FNL time / our time, the median
// of the ratios within a round; the goal is >= 2x.
import FastNoiseLite from 'fastnoise-lite';
import { createNoise2D } from 'simplex-noise';
import { loadNoisefield } from '../tests/wasm/helpers/load.mjs';
import { runInterleaved, median, ratios, withSpread } from './harness.mjs';

const W = 512, H = 512, STEP = 0.0173, X0 = 0.37, Y0 = 0.29;
const OCT = 4, LAC = 2.03, GAIN = 0.5, SEED = 42;
const GOAL = 2;

const TYPES = [
  { name: 'value', ours: { type: 'value', fade: 'cubic' }, fnl: 'Value' },
  { name: 'gradient', ours: { type: 'gradient', fade: 'quintic' }, fnl: 'Perlin' },
  { name: 'simplex', ours: { type: 'simplex' }, fnl: 'OpenSimplex2', sn: true },
  { name: 'cellular', ours: { type: 'cellular', cellDistance: 'euclidean', cellReturn: 'f1' }, fnl: 'Cellular' },
  { name: 'opensimplex2', ours: { type: 'opensimplex2' }, fnl: 'OpenSimplex2' },
  // 3-D: the slice z = Z0 (FNL's GetNoise(x, y, z) on the same slice).
  { name: 'opensimplex2 3-D', ours: { type: 'opensimplex2', dimensions: 3, z: 0.41 }, fnl: 'OpenSimplex2', z: 0.41 },
  { name: 'cellular 3-D', ours: { type: 'cellular', dimensions: 3, z: 0.41, cellDistance: 'euclidean', cellReturn: 'f1' },
    fnl: 'Cellular', z: 0.41 },
];

function makeFnl(noiseType, fbm) {
  const n = new FastNoiseLite(SEED);
  n.SetNoiseType(FastNoiseLite.NoiseType[noiseType]);
  n.SetFrequency(1);
  if (noiseType === 'Cellular') {
    n.SetCellularDistanceFunction(FastNoiseLite.CellularDistanceFunction.Euclidean);
    n.SetCellularReturnType(FastNoiseLite.CellularReturnType.Distance);
    n.SetCellularJitter(1);
  }
  if (fbm) {
    n.SetFractalType(FastNoiseLite.FractalType.FBm);
    n.SetFractalOctaves(OCT);
    n.SetFractalLacunarity(LAC);
    n.SetFractalGain(GAIN);
  } else {
    n.SetFractalType(FastNoiseLite.FractalType.None);
  }
  return n;
}

// A page's own fill loop, one per case (unique source, so every call site stays monomorphic).
let loopId = 0;
function jsLoop(body) {
  const src = `// loop ${loopId++}\n'use strict';\nfor (let j = 0; j < ${H}; j++) { const y = j * ${STEP} + ${Y0};\n` +
    `for (let i = 0; i < ${W}; i++) { const x = i * ${STEP} + ${X0}; out[j * ${W} + i] = ${body}; } }`;
  return new Function('n', 'out', src);
}

// simplex-noise seeded with mulberry32, as its README suggests.
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const snFbmBody = `(() => { let s = 0, norm = 0, amp = 0.5, fx = x, fy = y;
  for (let o = 0; o < ${OCT}; o++) { s += amp * n[o](fx, fy); norm += amp; amp *= ${GAIN}; fx *= ${LAC}; fy *= ${LAC}; }
  return s / norm; })()`;

export async function benchTypes({ report, rounds = 7, minMs = 50 } = {}) {
  const nf = await loadNoisefield();
  const out = new Float32Array(W * H);
  const grid = { width: W, height: H, x: X0, y: Y0, step: STEP };
  const cases = [], rows = [], fields = [];
  for (const t of TYPES) {
    for (const fbm of [false, true]) {
      const label = `${t.name}${fbm ? ' fBm-4' : ''}`;
      const cfg = Object.assign({ seed: SEED, scale: 1 }, t.ours,
        fbm ? { fractal: 'fbm', octaves: OCT, lacunarity: LAC, gain: GAIN } : { fractal: 'none' });
      const field = new nf.Field(cfg);
      fields.push(field);
      cases.push({ name: `ours ${label}`, run: () => field.fill(grid) });
      const fnl = makeFnl(t.fnl, fbm), fnlLoop = jsLoop(t.z === undefined ? 'n.GetNoise(x, y)' : `n.GetNoise(x, y, ${t.z})`);
      cases.push({ name: `fnl ${label}`, run: () => fnlLoop(fnl, out) });
      if (t.sn) {
        let seed = SEED;
        const sn = fbm ? Array.from({ length: OCT }, () => createNoise2D(mulberry32(seed++))) : createNoise2D(mulberry32(seed));
        const snLoop = jsLoop(fbm ? snFbmBody : 'n(x, y)');
        cases.push({ name: `sn ${label}`, run: () => snLoop(sn, out) });
      }
      rows.push({ label, fnlName: t.fnl, sn: t.sn });
    }
  }
  const times = runInterleaved(cases, { rounds, minMs });
  const ns = (name) => (times.has(name) ? withSpread(times.get(name), 1, 1e6 / (W * H)) : '-');
  const tableRows = rows.map(({ label, fnlName, sn }) => {
    const r = ratios(times, `fnl ${label}`, `ours ${label}`);
    return [label, ns(`ours ${label}`), `${ns(`fnl ${label}`)} (${fnlName})`, sn ? ns(`sn ${label}`) : '-',
      withSpread(r, 2) + 'x', median(r) >= GOAL ? 'yes' : 'no'];
  });
  report.section(`Noise types in Node ${process.version}, ${W}x${H} fills (${rounds} interleaved rounds)`,
    ['type', 'ours (wasm) ns/sample', 'fastnoise-lite ns/sample', 'simplex-noise ns/sample', 'vs FNL', `>= ${GOAL}x`], tableRows,
    ['ns/sample: median of the rounds (min-max); vs FNL: FastNoiseLite time / ours within a round, median (min-max).',
      'Every JS case has its own monomorphic fill loop.']);
  for (const f of fields) f.delete();
  return tableRows;
}
