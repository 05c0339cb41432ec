// A tiny benchmark harness: every case runs interleaved with the others in shuffled order for
// several rounds; one measurement repeats a case for at least `minMs`; results are medians, and a
// ratio is the median of the ratios taken within the same round (so machine noise cancels).
import { performance } from 'node:perf_hooks';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function measure(fn, minMs) {
  let reps = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    fn();
    reps++;
    t = performance.now();
  } while (t - t0 < minMs);
  return (t - t0) / reps;
}

// cases: [{ name, samples, run }]. Returns Map name -> { msPerRun: number[] }.
export function runInterleaved(cases, { rounds = 7, minMs = 50, warmMs = 150, seed = 1 } = {}) {
  for (const c of cases) {
    const t0 = performance.now();
    let n = 0;
    while (n < 6 || performance.now() - t0 < warmMs) { c.run(); n++; }
  }
  const out = new Map(cases.map((c) => [c.name, []]));
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 4294967296);
  for (let r = 0; r < rounds; r++) {
    const order = cases.map((c) => [rand(), c]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
    for (const c of order) out.get(c.name).push(measure(c.run, minMs));
  }
  return out;
}

export function ratioMedian(times, base, other) {
  const a = times.get(base), b = times.get(other);
  return median(a.map((t, i) => t / b[i]));
}

export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map(String));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [line(cells[0]), '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}
