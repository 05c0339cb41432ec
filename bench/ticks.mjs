// The scene's tick kinds as the benchmarks count them (bench/landscape.mjs, bench/visitor.mjs).
import { quantile, median } from './harness.mjs';
import { loadNoisefield } from '../tests/wasm/helpers/load.mjs';

// The layers in the scene's order (cpp/scene/landscape.h, kLayerNames, as the module exports them):
// a tick kind's bit in advance()'s mask is its layer's index there.
const { LAYERS } = (await loadNoisefield()).Landscape;
const bit = (/** @type {string} */ layer) => {
  const l = LAYERS.indexOf(layer);
  if (l < 0) throw new Error(`bench/ticks.mjs: no layer ${layer} in ${LAYERS.join(', ')}`);
  return 1 << l;
};
// Tick kinds, the layer each repaints and its cadence (ticks per second, landscape.cpp; the field
// ticks the hill layer, kJobLayer, since the ruin swapped gate and hill; the rift's tick also moves
// the clock hands on the gate layer).
export const TICKS = { sky: [bit('sky'), 8], rift: [bit('rift'), 20], field: [bit('hill'), 10], near: [bit('near'), 10], canopy: [bit('canopy'), 10] };
const ALL_TICKS = Object.values(TICKS).reduce((a, [b]) => a | b, 0);

// advances: [mask, advanceMs, paintMs, startMs] per frame of the page's loop that began in the
// window. Per tick kind: the advance() cost of frames where it ran alone (median, p95), and ticks
// delivered (frames whose mask has the kind's bit: the frame that put the tick on its canvas) over
// ticks due in the window by the cadence.
export function tickStats(advances, secs) {
  const out = {};
  for (const [k, [bit, rate]] of Object.entries(TICKS)) {
    const alone = advances.filter(([m]) => (m & ALL_TICKS) === bit).map(([, ms]) => ms);
    const ran = advances.filter(([m]) => m & bit).map(([, ms]) => ms);
    // A slow loop runs no tick alone; then the frames it shared (an upper bound, flagged).
    const xs = alone.length ? alone : ran;
    out[k] = { median: median(xs), p95: quantile(xs, 0.95), shared: !alone.length && ran.length > 0, delivered: ran.length / (secs * rate) };
  }
  const frameMs = advances.map(([, a, p]) => a + p);
  out.frame = { p95: quantile(frameMs, 0.95), max: Math.max(0, ...frameMs) };
  return out;
}

