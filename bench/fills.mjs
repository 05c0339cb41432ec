// Landscape fills (fbm-3, fbm-4, nebula) at 384x216 and 1920x1080: the wasm module's one-call
// fill beside a plain-JS page's loop over the same functions, in one process. Every case of both
// sizes runs in the same interleaved rounds.
import { loadNoisefield } from '../tests/wasm/helpers/load.mjs';
import * as js from '../tests/wasm/helpers/reference.mjs';
import { runInterleaved, median, ratios, withSpread } from './harness.mjs';

const SIZES = [[384, 216], [1920, 1080]];
const FUNCS = [
  { name: 'fbm-3', kind: 'fbm', octaves: 3, call: 'fbm(x, y, 0, 3)' },
  { name: 'fbm-4', kind: 'fbm', octaves: 4, call: 'fbm(x, y, 0, 4)' },
  { name: 'nebula', kind: 'nebula', call: 'nebula(x, y)' },
];

// A page's own fill loop, one per case: unique source text gives each loop its own type feedback,
// so no call site sees two functions (one shared closure made JS fbm-3 slower than fbm-4 once).
let loopId = 0;
function jsLoop(w, h, call) {
  const src = `// fill loop ${loopId++}\n'use strict';\nfor (let j = 0; j < ${h}; j++) { const y = j * 0.01;\n` +
    `for (let i = 0; i < ${w}; i++) { const x = i * 0.01; out[j * ${w} + i] = ${call}; } }`;
  return new Function('fbm', 'nebula', 'out', src);
}

export async function benchFills({ report, rounds = 7, minMs = 50 } = {}) {
  const nf = await loadNoisefield();
  const grid = new nf.NoiseGrid();
  const cases = [];
  for (const [w, h] of SIZES) {
    const out = new Float32Array(w * h);
    for (const f of FUNCS) {
      const opts = { width: w, height: h, x: 0, y: 0, step: 0.01 };
      if (f.kind === 'fbm') Object.assign(opts, { seed: 0, octaves: f.octaves });
      cases.push({ name: `wasm ${f.name} ${w}x${h}`, run: () => grid.fill(f.kind, opts) });
      const loop = jsLoop(w, h, f.call);
      cases.push({ name: `js ${f.name} ${w}x${h}`, run: () => loop(js.fbm, js.nebula, out) });
    }
  }
  const times = runInterleaved(cases, { rounds, minMs });
  const rows = [];
  for (const [w, h] of SIZES) {
    for (const f of FUNCS) {
      const wn = `wasm ${f.name} ${w}x${h}`, jn = `js ${f.name} ${w}x${h}`;
      const ns = 1e6 / (w * h);
      rows.push([`${f.name} ${w}x${h}`, withSpread(times.get(jn), 1, ns), withSpread(times.get(wn), 1, ns),
        median(times.get(jn)).toFixed(2), median(times.get(wn)).toFixed(2), withSpread(ratios(times, jn, wn), 2) + 'x']);
    }
  }
  report.section(`Landscape fills in Node ${process.version} (${rounds} interleaved rounds)`,
    ['fill', 'plain JS ns/sample', 'wasm ns/sample', 'JS ms/fill', 'wasm ms/fill', 'wasm speed-up'], rows,
    ['ns/sample: median of the rounds (min-max); speed-up: JS time / wasm time within a round, median (min-max).',
      'JS: one monomorphic loop per function and size, as a page calling fbm()/nebula() directly writes it.']);
  grid.delete();
  return rows;
}
