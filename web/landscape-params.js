// URL state of the 404 landscape: parsing, validation and share links. Pure functions, no DOM,
// so they run in Node too.
//
//   seed    world seed: an integer 0..4294967295, or any other word (1..64 characters), hashed
//           with seedFromText (FNV-1a 32 over the word's UTF-8 bytes). Default 404.
//   day     daylight 0..1 (0 night, 1 midday). Default: from the visitor's local clock.
//   dusk    twilight 0..1: the sky, clouds, sun, far range and water warm toward the spec's dusk
//           colours. Default: from the visitor's local clock when day is too (around 18:30, and
//           more faintly around 05:45), else 0.
//   season  snow on the ranges: a day of the year 0..365 (0 = 1 January; most snow in early
//           February, least in August), or none. Default: the visitor's local date.
//   t       frozen clock in seconds, 0..1e7: the scene stops animating and shows that moment.
//   px      pixel pitch, an integer 1..8 CSS px per buffer pixel. Default automatic.
//   theme   light | dark. Default: prefers-color-scheme. Dark caps day at 0.3.
//   motion  on | off. Default: off under prefers-reduced-motion, else on.
//   test    (no value) exposes the mounted handle as window.__noisefield for the browser tests.
//
// An invalid value never breaks the page: it is ignored (the default applies) and reported.

export const DEFAULT_SEED = 404;
export const MAX_SEED = 4294967295;
export const MAX_FROZEN_CLOCK = 1e7;
export const MAX_WORD = 64;

// FNV-1a, 32 bit, over the UTF-8 bytes of the text: offset basis 2166136261, prime 16777619.
// seedFromText('404') is NOT 404: decimal integers are taken as numbers by parseSeed first.
export function seedFromText(text) {
  const bytes = new TextEncoder().encode(String(text));
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// -> { value } or { error: 'expected ...' }
export function parseSeed(raw) {
  const s = String(raw);
  if (/^[0-9]+$/.test(s)) {
    const n = Number(s);
    return n <= MAX_SEED ? { value: n } : { error: 'expected 0..4294967295 or a word' };
  }
  if (s.trim() === '') return { error: 'expected 0..4294967295 or a word' };
  // Number-looking text that is not a plain integer in range (-1, 1.5, 1e3) is a typo, not a word.
  if (/^[\s+-]*[0-9.]/.test(s) && Number.isFinite(Number(s))) return { error: 'expected 0..4294967295 or a word' };
  if ([...s].length > MAX_WORD) return { error: 'expected a word of at most 64 characters' };
  return { value: seedFromText(s), word: s };
}

function parseNumber(raw, lo, hi) {
  const s = String(raw).trim();
  if (s === '' || !/^[+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= lo && n <= hi ? n : null;
}

const RULES = {
  seed: (raw) => parseSeed(raw),
  day: (raw) => {
    const n = parseNumber(raw, 0, 1);
    return n === null ? { error: 'expected 0..1' } : { value: n };
  },
  dusk: (raw) => {
    const n = parseNumber(raw, 0, 1);
    return n === null ? { error: 'expected 0..1' } : { value: n };
  },
  season: (raw) => {
    const s = String(raw).trim();
    if (s === 'none') return { value: 'none' };
    return /^[0-9]{1,3}$/.test(s) && Number(s) <= 365 ? { value: Number(s) } : { error: 'expected a day 0..365 or none' };
  },
  t: (raw) => {
    const n = parseNumber(raw, 0, MAX_FROZEN_CLOCK);
    return n === null ? { error: 'expected seconds >= 0' } : { value: n };
  },
  px: (raw) => {
    const s = String(raw).trim();
    return /^[1-8]$/.test(s) ? { value: Number(s) } : { error: 'expected an integer 1..8' };
  },
  theme: (raw) => (raw === 'light' || raw === 'dark' ? { value: raw } : { error: 'expected light or dark' }),
  motion: (raw) => (raw === 'on' || raw === 'off' ? { value: raw } : { error: 'expected on or off' }),
};

// The URL parameters, in the table's order: also the attribute names of <noisefield-landscape>.
export const URL_PARAMS = Object.keys(RULES);

// parseQuery's state -> mount() options: the one mapping from URL (and attribute) names to option
// names (t -> time, px -> pitch, motion on/off -> true/false), for the 404 page and the element.
export function mountOptions(state) {
  const o = {};
  const seed = state.seedWord ?? state.seed;
  if (seed !== null && seed !== undefined) o.seed = seed;
  for (const [name, option] of [['day', 'day'], ['dusk', 'dusk'], ['season', 'season'], ['t', 'time'], ['px', 'pitch'], ['theme', 'theme']]) {
    if (state[name] !== null && state[name] !== undefined) o[option] = state[name];
  }
  if (state.motion !== null && state.motion !== undefined) o.motion = state.motion === 'on';
  return o;
}

// Echoed URL text is cut to 24 characters (code points), so a note stays short.
export function shorten(s) {
  const chars = [...String(s)];
  return chars.length > 24 ? chars.slice(0, 23).join('') + '…' : chars.join('');
}

// query: a location.search string or URLSearchParams.
// -> { state: { seed, seedWord, day, dusk, season, t, px, theme, motion } (null = default), ignored: [{ name, raw, error }],
//      test: boolean }
export function parseQuery(query) {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(query || '');
  const state = { seed: null, seedWord: null, day: null, dusk: null, season: null, t: null, px: null, theme: null, motion: null };
  const ignored = [];
  for (const name of Object.keys(RULES)) {
    if (!params.has(name)) continue;
    const raw = params.getAll(name).pop();
    const r = RULES[name](raw);
    if (r.error) {
      ignored.push({ name, raw, error: r.error });
    } else {
      state[name] = r.value;
      if (name === 'seed' && r.word !== undefined) state.seedWord = r.word;
    }
  }
  return { state, ignored, test: params.has('test') };
}

// One short line: "ignored day=abc (expected 0..1); px=9 (expected an integer 1..8)".
export function describeIgnored(ignored) {
  if (!ignored.length) return '';
  return 'ignored ' + ignored.map((i) => `${i.name}=${shorten(i.raw)} (${i.error})`).join('; ');
}

// The link that reproduces a world: seed (the word if the visitor used one), day, dusk (when
// above 0), season (a day of the year, or null: no snow) and the clock frozen at `clock`; theme,
// pitch and motion are kept when they were given.
export function shareUrl(base, { seed, seedWord = null, day, dusk = 0, season = null, clock, theme = null, px = null, motion = null }) {
  const u = new URL(base);
  u.search = '';
  u.hash = '';
  const p = new URLSearchParams();
  p.set('seed', seedWord !== null ? seedWord : String(seed >>> 0));
  p.set('day', String(Math.round(day * 10000) / 10000));
  if (dusk > 0) p.set('dusk', String(Math.round(dusk * 10000) / 10000));
  p.set('season', season === null ? 'none' : String(Math.round(season)));
  p.set('t', String(Math.round(clock * 1000) / 1000));
  if (theme) p.set('theme', theme);
  if (px) p.set('px', String(px));
  if (motion) p.set('motion', motion);
  u.search = p.toString();
  return u.href;
}

// Twilight from the local clock: a smooth bump peaking at 18:30 (1, over 17:00..20:00) and a
// fainter one at 05:45 (0.6, over 04:30..07:00).
export function duskFromClock(date = new Date()) {
  const h = date.getHours() + date.getMinutes() / 60 + date.getSeconds() / 3600;
  const bump = (peak, half) => {
    const x = Math.max(0, 1 - Math.abs(h - peak) / half);
    return x * x * (3 - 2 * x);
  };
  return Math.max(bump(18.5, 1.5), 0.6 * bump(5.75, 1.25));
}

// The day of the year of a local date, 0 on 1 January (the snow's season).
export function seasonFromDate(date = new Date()) {
  const start = new Date(date.getFullYear(), 0, 1);
  return Math.round((new Date(date.getFullYear(), date.getMonth(), date.getDate()) - start) / 86400000);
}

// Daylight from the local clock: 1 from 08:00 to 16:00, 0 from 20:00 to 04:00, and a smoothstep
// of the half-cosine of the hour between (dawn around 06:00, dusk around 18:00).
export function dayFromClock(date = new Date()) {
  const h = date.getHours() + date.getMinutes() / 60 + date.getSeconds() / 3600;
  const c = 0.5 - 0.5 * Math.cos((2 * Math.PI * h) / 24);
  const x = Math.min(1, Math.max(0, (c - 0.25) / 0.5));
  return x * x * (3 - 2 * x);
}
