// The explorer's two small charts, drawn with canvas paths (at most one shape per column or bin,
// no per-pixel work): the 1-D profile F(x, y0) with the band of each column under the line, and
// the histogram of the height field with the thresholds t1 < t2 < t3 drawn on it.

const rgb = (c) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
const bandIndex = (f, t) => (f < t[0] ? 0 : f < t[1] ? 1 : f < t[2] ? 2 : 3);

// Each chart's CSS box, kept by a ResizeObserver: reading clientWidth while drawing would force a
// synchronous layout in every frame (the page has just written its stats text).
const boxes = new WeakMap();
let resized = () => {};
const observer = new ResizeObserver((entries) => {
  let changed = false;
  for (const e of entries) {
    const box = { w: e.target.clientWidth, h: e.target.clientHeight };  // layout is fresh here: no extra cost
    const old = boxes.get(e.target);
    if (!old || old.w !== box.w || old.h !== box.h) changed = true;
    boxes.set(e.target, box);
  }
  if (changed) resized();
});
// fn() runs when a chart's box changes size (the page redraws its charts then).
export function onChartResize(fn) { resized = fn; }

// Charts are drawn on an OffscreenCanvas and handed to the page's canvas as a bitmap
// ('bitmaprenderer', no copy): text drawn on a canvas in the document resolves its font and
// direction against the element's style, a forced style recalc and layout whenever the document
// changed since the last layout, as it has in every frame of a drag (the slider's thumb moved,
// the stats changed). Without OffscreenCanvas the chart draws on its canvas directly.
const surfaces = new WeakMap();   // page canvas -> { ctx, off, out, font }
function surfaceOf(canvas) {
  let s = surfaces.get(canvas);
  if (!s) {
    const off = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(canvas.width, canvas.height) : null;
    const out = off ? canvas.getContext('bitmaprenderer') : null;
    s = out ? { ctx: off.getContext('2d'), off, out, font: '' } : { ctx: canvas.getContext('2d'), off: null, out: null, font: '' };
    surfaces.set(canvas, s);
  }
  return s;
}

// Match the backing store to the canvas's CSS box (crisp lines at any devicePixelRatio).
function fit(canvas, s) {
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  let box = boxes.get(canvas);
  if (!box) {  // first draw, before the observer has reported: read the box once
    box = { w: canvas.clientWidth, h: canvas.clientHeight };
    boxes.set(canvas, box);
    observer.observe(canvas);
  }
  const w = Math.max(1, Math.round(box.w * dpr));
  const h = Math.max(1, Math.round(box.h * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const store = s.off ?? canvas;
  if (store.width !== w || store.height !== h) {
    store.width = w;
    store.height = h;
    s.font = '';   // a resize resets the context's state
  }
  return dpr;
}

// Each chart sets its font once, in begin(), and only when it differs from what the context holds
// (on a canvas in the document every assignment resolves the font against the element's style).
function useFont(s, font) {
  if (s.font === font) return;
  s.ctx.font = font;
  s.font = font;
}

// Chart colours come from CSS custom properties (light and dark schemes); read once per scheme.
let themeCache = null;
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => { themeCache = null; });
function theme(canvas) {
  if (themeCache) return themeCache;
  const s = getComputedStyle(canvas);
  return themeCache = {
    ink: s.getPropertyValue('--chart-ink').trim() || '#333',
    grid: s.getPropertyValue('--chart-grid').trim() || 'rgba(0,0,0,0.12)',
    muted: s.getPropertyValue('--chart-muted').trim() || '#888',
    font: s.getPropertyValue('--chart-font').trim() || '11px system-ui, sans-serif',
  };
}

// Fits a chart canvas to its box and clears it; returns what the chart draws with. end() shows it.
function begin(canvas) {
  const s = surfaceOf(canvas);
  const dpr = fit(canvas, s);
  const ctx = s.ctx;
  const w = ctx.canvas.width, h = ctx.canvas.height;
  const th = theme(canvas);
  ctx.clearRect(0, 0, w, h);
  useFont(s, scaledFont(th, dpr));
  return { dpr, ctx, w, h, th, end: () => { if (s.out) s.out.transferFromImageBitmap(s.off.transferToImageBitmap()); } };
}

// The theme's chart font at the canvas's device pixel ratio.
const scaledFont = (th, dpr) => th.font.replace(/(\d+(?:\.\d+)?)px/, (m, n) => `${Number(n) * dpr}px`);

function thresholdLines(ctx, w, yOf, xOf, thresholds, th, dpr, vertical) {
  ctx.save();
  ctx.setLineDash([4 * dpr, 3 * dpr]);
  ctx.lineWidth = dpr;
  ctx.strokeStyle = th.muted;
  ctx.fillStyle = th.muted;
  // Labels of cuts closer than a label's size move aside (left / up) so both stay legible.
  let prev = -Infinity;
  thresholds.forEach((t, i) => {
    ctx.beginPath();
    if (vertical) {
      const x = Math.round(xOf(t)) + 0.5;
      ctx.moveTo(x, 14 * dpr);
      ctx.lineTo(x, yOf(0));
      ctx.stroke();
      const close = x - prev < 16 * dpr;
      ctx.textAlign = close ? 'left' : i === 0 && thresholds[1] !== undefined && xOf(thresholds[1]) - x < 16 * dpr ? 'right' : 'center';
      ctx.fillText(`t${i + 1}`, x + (close ? 2 * dpr : ctx.textAlign === 'right' ? -2 * dpr : 0), 11 * dpr);
      prev = x;
    } else {
      const y = Math.round(yOf(t)) + 0.5;
      ctx.moveTo(0, y);
      ctx.lineTo(w - 22 * dpr, y);
      ctx.stroke();
      ctx.textAlign = 'right';
      const ly = prev !== -Infinity && prev - y < 11 * dpr ? prev - 11 * dpr : y + 4 * dpr;
      ctx.fillText(`t${i + 1}`, w - 3 * dpr, ly);
      prev = ly;
    }
  });
  ctx.restore();
}

// values: n samples of F along the row; thresholds [t1, t2, t3]; bandColors: 4 RGB triples.
export function drawProfile(canvas, values, thresholds, bandColors) {
  const { dpr, ctx, w, h, th, end } = begin(canvas);
  const n = values.length;
  if (!n) { end(); return; }
  const pad = 6 * dpr;
  const plotW = w - 24 * dpr;
  const yOf = (f) => pad + (1 - f) * (h - 2 * pad);
  const colW = plotW / n;
  // The ground under the line, coloured by band: one rectangle per run of equal band.
  let start = 0;
  for (let i = 1; i <= n; i++) {
    const b = bandIndex(values[start], thresholds);
    if (i < n && bandIndex(values[i], thresholds) === b) continue;
    ctx.fillStyle = rgb(bandColors[b]);
    ctx.globalAlpha = 0.85;
    ctx.beginPath();
    ctx.moveTo(start * colW, h);
    for (let k = start; k < i; k++) {
      ctx.lineTo(k * colW, yOf(values[k]));
      ctx.lineTo((k + 1) * colW, yOf(values[k]));
    }
    ctx.lineTo(i * colW, h);
    ctx.closePath();
    ctx.fill();
    start = i;
  }
  ctx.globalAlpha = 1;
  thresholdLines(ctx, w, yOf, null, thresholds, th, dpr, false);
  ctx.strokeStyle = th.ink;
  ctx.lineWidth = 1.5 * dpr;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const x = (i + 0.5) * colW, y = yOf(values[i]);
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.stroke();
  end();
}

// bins: counts over [0, 1]; returns the share of each band (from the bins).
export function drawHistogram(canvas, bins, thresholds, bandColors, mean) {
  const { dpr, ctx, w, h, th, end } = begin(canvas);
  const n = bins.length;
  let peak = 0, total = 0;
  for (let i = 0; i < n; i++) { peak = Math.max(peak, bins[i]); total += bins[i]; }
  const left = 4 * dpr, right = 4 * dpr, top = 16 * dpr, bottom = 16 * dpr;
  const plotW = w - left - right, plotH = h - top - bottom;
  const xOf = (f) => left + f * plotW;
  const yOf = (c) => top + plotH - (peak ? (c / peak) * plotH : 0);
  const shares = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const lo = i / n, hi = (i + 1) / n;
    const b = bandIndex((lo + hi) / 2, thresholds);
    shares[b] += total ? bins[i] / total : 0;
    if (!bins[i]) continue;
    ctx.fillStyle = rgb(bandColors[b]);
    const x0 = xOf(lo), x1 = xOf(hi);
    ctx.fillRect(x0, yOf(bins[i]), Math.max(1, x1 - x0 - (n <= 128 ? 0.5 * dpr : 0)), top + plotH - yOf(bins[i]));
  }
  ctx.strokeStyle = th.grid;
  ctx.lineWidth = dpr;
  ctx.beginPath();
  ctx.moveTo(left, top + plotH + 0.5);
  ctx.lineTo(left + plotW, top + plotH + 0.5);
  ctx.stroke();
  ctx.fillStyle = th.muted;
  ctx.textAlign = 'left';
  ctx.fillText('0', left, h - 3 * dpr);
  ctx.textAlign = 'right';
  ctx.fillText('1', left + plotW, h - 3 * dpr);
  if (Number.isFinite(mean)) {
    ctx.textAlign = 'center';
    ctx.fillStyle = th.ink;
    ctx.fillText('▲', xOf(mean), h - 3 * dpr);
  }
  thresholdLines(ctx, w, () => top + plotH, xOf, thresholds, th, dpr, true);
  end();
  return shares;
}
