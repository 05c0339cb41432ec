// URL state of the 404 landscape: parsing, validation and share links. No DOM, so it runs in
// Node too. The parameters themselves (names, kinds, ranges, defaults, messages, the seed's word
// hash) are not written here: they come from the module's one table (cpp/scene/world_params.h,
// `M.worldParams()`, `M.parseWorldParam(name, text)`), which the native CLI and README.md use too.
// Every function takes M, any loaded noisefield module (the landscape-only one is enough).
//
// `test` (no value) in a URL exposes the mounted handle as window.__noisefield for the browser tests.
// An invalid value never breaks the page: it is ignored (the default applies) and reported.

const tables = new WeakMap();

// The table's rows: { name, option, kind, min, max, choices, url, options, cli, allowed } (the full
// module adds pageDefault, cliDefault and description, which the page does not use).
export function paramTable(M) {
  let t = tables.get(M);
  if (!t) {
    t = M.worldParams();
    tables.set(M, t);
  }
  return t;
}

export const seedFromText = (M, text) => M.seedFromText(String(text));

// Text (a URL value or an element attribute) -> { value, word? } or { error: 'expected ...' }.
export function parseParam(M, name, raw) {
  return M.parseWorldParam(name, String(raw));
}

// query: a location.search string or URLSearchParams.
// -> { state: { seedWord, <every URL parameter by name> } (null = default), ignored: [{ name, raw, error }],
//      test: boolean }
export function parseQuery(M, query) {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(query || '');
  const state = { seedWord: null };
  const ignored = [];
  for (const p of paramTable(M)) {
    if (!p.url) continue;
    state[p.name] = null;
    if (!params.has(p.name)) continue;
    const raw = params.getAll(p.name).pop();
    const r = parseParam(M, p.name, raw);
    if (r.error) {
      ignored.push({ name: p.name, raw, error: r.error });
    } else {
      state[p.name] = r.value;
      if (r.word !== undefined) state.seedWord = r.word;
    }
  }
  return { state, ignored, test: params.has('test') };
}

// The URL parameters' names, in the table's order: also the world attributes of <noisefield-landscape>.
export const urlParams = (M) => paramTable(M).filter((p) => p.url).map((p) => p.name);

// parseQuery's state -> mount() options, by the table's mapping from URL (and attribute) names to
// option names (t -> time, px -> pitch, motion on/off -> true/false).
export function mountOptions(M, state) {
  const o = {};
  for (const p of paramTable(M)) {
    if (!p.url || !p.options) continue;
    const v = p.name === 'seed' ? state.seedWord ?? state.seed : state[p.name];
    if (v === null || v === undefined) continue;
    o[p.option] = p.kind === 'switch' ? v === p.choices[0] : v;
  }
  return o;
}

// Validates one mount() option (or handle setter) value by the table; null and undefined mean the
// default. Returns the value to use (a seed word becomes its uint32) or throws
// "<option> must be <allowed> (got <value>)".
export function checkOption(M, option, value) {
  if (value === null || value === undefined) return null;
  const p = paramTable(M).find((r) => r.option === option && r.options);
  if (!p) throw new Error(`unknown option ${option}`);
  const bad = () => new Error(`${option} must be ${p.allowed} (got ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`);
  switch (p.kind) {
    case 'seed':
      if (typeof value === 'number') {
        if (Number.isInteger(value) && value >= p.min && value <= p.max) return value;
        throw bad();
      }
      if (typeof value !== 'string') throw bad();
      break;
    case 'switch':
      if (typeof value !== 'boolean') throw bad();
      return value;
    case 'text':
      if (typeof value !== 'string') throw bad();
      break;
    case 'choice':
      if (!p.choices.includes(value)) throw bad();
      return value;
    case 'season':
      if (value === p.choices[0]) return value;
    // falls through: a number
    case 'number':
    case 'integer':
      if (typeof value !== 'number') throw bad();
      break;
    default:
      break;
  }
  const r = parseParam(M, p.name, value);
  if (r.error) throw bad();
  return r.value;
}

// Echoed URL text is cut to 24 characters (code points), so a note stays short.
export function shorten(s) {
  const chars = [...String(s)];
  return chars.length > 24 ? chars.slice(0, 23).join('') + '…' : chars.join('');
}

// One short line: "ignored day=abc (expected a number in [0, 1]); px=9 (expected an integer in [1, 8])".
export function describeIgnored(ignored) {
  if (!ignored.length) return '';
  return 'ignored ' + ignored.map((i) => `${i.name}=${shorten(i.raw)} (${i.error})`).join('; ');
}

// The link that reproduces a world exactly. world: the world as the scene has it (handle.state().world
// after pause(), Landscape.world()): [name, text] for every URL parameter of the table that decides
// the picture, in the table's order (the edge worker redirects any other order to it;
// tests/edge/share.test.mjs checks): the seed's word if one was given, the clock, the time of day
// and the pitch the scene's own, numbers written with String(), which round-trips a double exactly,
// so the link rebuilds the same state bit for bit. No parameter is named here: a new row of the
// table is in the link as it is in the scene. `base` is the page the link opens (the site's root or
// a share page), not the missing path a 404 was served at.
export function shareUrl(base, world) {
  const u = new URL(base);
  u.hash = '';
  u.search = new URLSearchParams(world).toString();
  return u.href;
}

// The local clock's hour, to the minute: the daylight and twilight follow the clock by the minute
// (landscape-daylight.js reads it once a minute), so a reading in the same minute changes nothing
// and repaints nothing (the 404 page's resume() just after its mount, at dusk).
const hourOf = (/** @type {Date} */ date) => date.getHours() + date.getMinutes() / 60;

// Twilight from the local clock: a smooth bump peaking at 18:30 (1, over 17:00..20:00) and a
// fainter one at 05:45 (0.6, over 04:30..07:00).
export function duskFromClock(date = new Date()) {
  const h = hourOf(date);
  const bump = (peak, half) => {
    const x = Math.max(0, 1 - Math.abs(h - peak) / half);
    return x * x * (3 - 2 * x);
  };
  return Math.max(bump(18.5, 1.5), 0.6 * bump(5.75, 1.25));
}

// The day of the year of a local date, 0 on 1 January (the snow's season).
export function seasonFromDate(date = new Date()) {
  const start = new Date(date.getFullYear(), 0, 1);
  return Math.round((new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() - start.getTime()) / 86400000);
}

// Daylight from the local clock: 1 from 08:00 to 16:00, 0 from 20:00 to 04:00, and a smoothstep
// of the half-cosine of the hour between (dawn around 06:00, dusk around 18:00).
export function dayFromClock(date = new Date()) {
  const h = hourOf(date);
  const c = 0.5 - 0.5 * Math.cos((2 * Math.PI * h) / 24);
  const x = Math.min(1, Math.max(0, (c - 0.25) / 0.5));
  return x * x * (3 - 2 * x);
}
