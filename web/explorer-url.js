// The explorer's page settings in the URL fragment (view, x, y, zoom, res, layout), and the note
// that reports bad URL values. Pure functions: the page, the node tests and the URL fuzzer run the
// same code. The field parameters travel in the query and are parsed by the module
// (Field.fromQuery with { lenient: true }).
import { shorten } from './landscape-params.js';

export const RESOLUTIONS = Object.freeze([256, 384, 512, 768, 1024]);
/** @typedef {{ view: string, x: number, y: number, zoom: number, res: number, layout: 'grid' | 'focus' }} PageSettings */
/** @type {Readonly<PageSettings>} */
export const PAGE_DEFAULTS = Object.freeze({ view: 'bands', x: 0, y: 0, zoom: 1, res: 512, layout: 'grid' });
export const ZOOM_MIN = 1 / 64, ZOOM_MAX = 64;  // canvas pixels per tile
export const MAX_POSITION = 1e12;
// The note lists at most this many problems, then says how many more there were.
export const MAX_NOTE_LINES = 12;

const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

// Reads the fragment leniently into `page` (its own keys of PAGE_DEFAULTS only: "__proto__" or
// "toString" are unknown settings like any other); every bad value keeps the current one and
// is reported in `problems`, with echoed text cut to 24 characters.
export function readFragment(hash, page, views, problems) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  const unknown = [];
  for (const [k, raw] of params) {
    if (!own(PAGE_DEFAULTS, k)) { unknown.push(k); continue; }
    const shown = shorten(raw);
    if (k === 'view') {
      if (views.includes(raw)) page.view = raw;
      else problems.push(`view "${shown}" is not one of ${views.join(', ')}; showing ${page.view}`);
    } else if (k === 'layout') {
      if (raw === 'grid' || raw === 'focus') page.layout = raw;
      else problems.push(`layout "${shown}" must be grid or focus`);
    } else if (k === 'res') {
      const n = Number(raw);
      if (RESOLUTIONS.includes(n)) page.res = n;
      else problems.push(`res=${shown} must be one of ${RESOLUTIONS.join(', ')}; using ${page.res}`);
    } else {
      const n = raw.trim() === '' ? NaN : Number(raw);
      const ok = Number.isFinite(n) && (k !== 'zoom' || (n >= ZOOM_MIN && n <= ZOOM_MAX)) && Math.abs(n) <= MAX_POSITION;
      if (ok) page[k] = n;
      else problems.push(`${k}=${shown} is not ${k === 'zoom' ? `a zoom in [${ZOOM_MIN}, ${ZOOM_MAX}]` : 'a finite position'}; using ${page[k]}`);
    }
  }
  if (unknown.length === 1) problems.push(`unknown setting "${shorten(unknown[0])}" ignored`);
  else if (unknown.length > 1) {
    const named = unknown.slice(0, 3).map((k) => `"${shorten(k)}"`).join(', ');
    problems.push(`${unknown.length} unknown settings ignored (${named}${unknown.length > 3 ? ', …' : ''})`);
  }
}

// The note's lines: at most MAX_NOTE_LINES, the last saying how many more problems there were.
export function noteLines(problems) {
  if (problems.length <= MAX_NOTE_LINES) return problems.slice();
  const shown = problems.slice(0, MAX_NOTE_LINES - 1);
  shown.push(`… and ${problems.length - shown.length} more`);
  return shown;
}
