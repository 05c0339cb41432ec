// mount()'s options, checked before anything is built: the world's by the module's parameter table
// (the messages name the option and its range), the page's own here. -> the options normalised
// (null: the default), so the rest of the mount reads them without checking again.
import { checkOption, paramTable } from './landscape-params.js';

// mount()'s own options; the world's options come from the module's parameter table.
const PAGE_OPTIONS = ['home', 'portal', 'framing', 'parallax', 'navigate', 'label', 'moduleUrl', 'worker', 'fps', 'paused', 'debug'];
// fps: the most frames the landscape shows a second (its ticks come 8 to 20 a second; 60 is a display's).
export const FPS_RANGE = [1, 60];

export const resolveSeed = (M, seed) => checkOption(M, 'seed', seed) ?? M.kDefaultWorldSeed;

/**
 * The options mount() reads before the module is loaded (where the scene runs, which module), so
 * a wrong one is refused before a worker starts or a file is fetched.
 * @param {Record<string, any>} options mount()'s options
 */
export function checkEarlyOptions(options) {
  if (options.worker !== undefined && typeof options.worker !== 'boolean') throw new Error('worker must be true or false');
  if (options.moduleUrl != null && typeof options.moduleUrl !== 'string' && Object.prototype.toString.call(options.moduleUrl) !== '[object URL]') {
    throw new Error(`moduleUrl must be a string or a URL (got ${options.moduleUrl === null ? 'null' : typeof options.moduleUrl})`);
  }
}

// framing: one of the scene's named framings (C++), or a focal point { x, y } in scene units.
function checkFraming(f, names) {
  if (typeof f === 'string' && names.includes(f)) return;
  if (f && typeof f === 'object' && Number.isFinite(f.x) && Number.isFinite(f.y)) return;
  throw new Error(`framing must be one of ${names.join(', ')} or a focal point { x, y } in scene units (got ${typeof f === 'object' ? JSON.stringify(f) : f})`);
}

/**
 * @param {any} M the loaded module
 * @param {Record<string, any>} options mount()'s options
 * @returns {Record<string, any>} the options checked (null: the default), with seed resolved to its
 *   number, framing defaulted, and `world`: every world option given, as given (a seed's word stays one)
 */
export function checkMountOptions(M, options) {
  const rows = paramTable(M).filter((p) => p.options);
  const known = rows.map((p) => p.option).concat(PAGE_OPTIONS);
  for (const k of Object.keys(options)) if (!known.includes(k)) throw new Error(`mount: unknown option "${k}" (allowed: ${known.join(', ')})`);
  /** @type {Record<string, any>} */
  const o = { ...options, world: {} };
  // Every world option by the table (a new row needs nothing here); pitch 0 is automatic, as the scene's own.
  for (const p of rows) {
    const given = options[p.option];
    if (p.kind === 'integer' && given === 0 && p.min > 0) { o[p.option] = null; continue; }
    o[p.option] = checkOption(M, p.option, given);
    if (given !== null && given !== undefined) o.world[p.option] = given;
  }
  o.seed = resolveSeed(M, options.seed);
  if (o.portal !== undefined && typeof o.portal !== 'boolean') throw new Error('portal must be true or false');
  if (o.debug !== undefined && typeof o.debug !== 'boolean') throw new Error('debug must be true or false');
  if (o.paused !== undefined && typeof o.paused !== 'boolean') throw new Error('paused must be true or false');
  if (o.parallax !== undefined && o.parallax !== 'element' && o.parallax !== 'window') throw new Error("parallax must be 'element' or 'window'");
  o.framing = o.framing ?? 'cover';
  checkFraming(o.framing, M.Landscape.FRAMINGS);
  if (o.navigate !== undefined && typeof o.navigate !== 'function') throw new Error(`navigate must be a function(href) (got ${typeof o.navigate})`);
  for (const k of ['home', 'label']) if (o[k] !== undefined && typeof o[k] !== 'string') throw new Error(`${k} must be a string (got ${typeof o[k]})`);
  if (o.fps != null && !(typeof o.fps === 'number' && o.fps >= FPS_RANGE[0] && o.fps <= FPS_RANGE[1])) {
    throw new Error(`fps must be a number from ${FPS_RANGE[0]} to ${FPS_RANGE[1]}, the most frames shown a second (got ${typeof o.fps === 'string' ? JSON.stringify(o.fps) : o.fps})`);
  }
  return o;
}
