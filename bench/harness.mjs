// A tiny benchmark harness: every case runs interleaved with the others in shuffled order for
// several rounds; one measurement repeats a case for at least `minMs`; results are medians with
// their spread, and a ratio is the median of the ratios taken within the same round (so machine
// noise that hits a whole round cancels).
import { performance } from 'node:perf_hooks';

export const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// The q-quantile (0..1) by nearest rank.
export const quantile = (xs, q) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};

// "median (min-max)": a figure that shows how much the rounds disagreed.
export function withSpread(xs, digits = 1, scale = 1) {
  if (!xs.length) return '-';
  const f = (v) => (v * scale).toFixed(digits);
  return xs.length === 1 ? f(xs[0]) : `${f(median(xs))} (${f(Math.min(...xs))}-${f(Math.max(...xs))})`;
}

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

// A deterministic shuffle per round (mulberry-style), so two runs interleave the same way.
export function shuffler(seed = 1) {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 4294967296);
  return (items) => items.map((c) => [rand(), c]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
}

// cases: [{ name, run }]. Every case is warmed up first (at least 6 calls and warmMs, so V8 has
// tiered the wasm and optimised the JS), then every round runs every case once, in a new order.
// Returns Map name -> msPerRun[] (one entry per round).
export function runInterleaved(cases, { rounds = 7, minMs = 50, warmMs = 150, seed = 1 } = {}) {
  for (const c of cases) {
    const t0 = performance.now();
    let n = 0;
    while (n < 6 || performance.now() - t0 < warmMs) { c.run(); n++; }
  }
  const out = new Map(cases.map((c) => [c.name, []]));
  const shuffle = shuffler(seed);
  for (let r = 0; r < rounds; r++) {
    for (const c of shuffle(cases)) out.get(c.name).push(measure(c.run, minMs));
  }
  return out;
}

// The per-round ratios base / other (take their median, or withSpread of them).
export function ratios(times, base, other) {
  const a = times.get(base), b = times.get(other);
  return a.map((t, i) => t / b[i]);
}
export function ratioMedian(times, base, other) {
  return median(ratios(times, base, other));
}

export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map(String));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => '| ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [line(cells[0]), '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}
