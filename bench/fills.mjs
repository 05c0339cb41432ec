// Landscape fills (fbm-3, fbm-4, nebula) at 384x216 and 1920x1080: the wasm module's one-call
// fill beside a plain-JS page's loop over the same functions, in one process.
import { loadNoisefield } from '../tests/wasm/helpers/load.mjs';
import * as js from '../tests/wasm/helpers/reference.mjs';
import { runInterleaved, median, ratioMedian, table } from './harness.mjs';

const SIZES = [[384, 216], [1920, 1080]];
const FUNCS = [
  { name: 'fbm-3', kind: 'fbm', octaves: 3, js: (x, y) => js.fbm(x, y, 0, 3) },
  { name: 'fbm-4', kind: 'fbm', octaves: 4, js: (x, y) => js.fbm(x, y, 0, 4) },
  { name: 'nebula', kind: 'nebula', js: (x, y) => js.nebula(x, y) },
];

export async function benchFills({ log = console.log, rounds = 7, minMs = 50 } = {}) {
  const nf = await loadNoisefield();
  const grid = new nf.NoiseGrid();
  const cases = [];
  for (const [w, h] of SIZES) {
    const out = new Float32Array(w * h);
    for (const f of FUNCS) {
      const opts = { width: w, height: h, x: 0, y: 0, step: 0.01 };
      if (f.kind === 'fbm') Object.assign(opts, { seed: 0, octaves: f.octaves });
      cases.push({ name: `wasm ${f.name} ${w}x${h}`, samples: w * h, run: () => grid.fill(f.kind, opts) });
      // Each JS case gets its own loop, as a page calling the function directly would.
      const fn = f.js;
      cases.push({
        name: `js ${f.name} ${w}x${h}`, samples: w * h,
        run: () => { for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) out[j * w + i] = fn(i * 0.01, j * 0.01); },
      });
    }
  }
  const big = (c) => c.samples > 1e6;
  const small = runInterleaved(cases.filter((c) => !big(c)), { rounds, minMs });
  const large = runInterleaved(cases.filter(big), { rounds: Math.max(3, rounds - 2), minMs });
  const times = new Map([...small, ...large]);
  const rows = [];
  for (const [w, h] of SIZES) {
    for (const f of FUNCS) {
      const wn = `wasm ${f.name} ${w}x${h}`, jn = `js ${f.name} ${w}x${h}`;
      const wm = median(times.get(wn)), jm = median(times.get(jn));
      rows.push([`${f.name} ${w}x${h}`, (jm * 1e6 / (w * h)).toFixed(1), (wm * 1e6 / (w * h)).toFixed(1),
        jm.toFixed(2), wm.toFixed(2), ratioMedian(times, jn, wn).toFixed(2) + 'x']);
    }
  }
  log('\nLandscape fills in Node (median of rounds; ratio = JS time / wasm time, within a round)');
  log(table(['fill', 'JS ns/sample', 'wasm ns/sample', 'JS ms/fill', 'wasm ms/fill', 'wasm speed-up'], rows));
  grid.delete();
  return rows;
}
