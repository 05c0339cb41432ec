// types/noisefield.d.ts against the built module: every member the declarations name exists at run
// time with the declared kind, and every public member the module has is declared. The member list
// below is checked both ways: against the .d.ts text (each declared member listed, each listed
// member declared) and against the runtime objects; and the shapes the declarations got wrong
// before (issue 23: profile(), bandWidths(), fillColor(), a legend colour) are checked by value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNoisefield, repoRoot } from './helpers/load.mjs';

const nf = await loadNoisefield();
const dts = readFileSync(join(repoRoot, 'types', 'noisefield.d.ts'), 'utf8');

// Kind at run time: 'f' a function, 'n' a number, 's' a string, 'b' a boolean, 'o' an object, 'c' a class.
const MEMBERS = {
  'interface NoisefieldModule': {
    version: 's', hash: 'f', valueNoise: 'f', fbm: 'f', nebula: 'f', clamp01: 'f', smooth: 'f', smoothstep: 'f', quintic: 'f',
    lerp: 'f', limits: 'f', heapUsedBytes: 'f', worldParams: 'f', worldParamsMarkdown: 'f', parseWorldParam: 'f', seedFromText: 'f', wanderPicks: 'f',
    kDefaultWorldSeed: 'n', kMaxWorldSeed: 'n', kDarkDayCap: 'n', kMaxBufferPixels: 'n',
    NoiseGrid: 'c', Mulberry32: 'c', Landscape: 'c', Field: 'c', schema: 'f', schemaMarkdown: 'f', views: 'f',
    heightmapFormats: 'f', capabilities: 'f',
  },
  'class Landscape static': {
    LAYERS: 'o', LAYER_DEPTHS: 'o', LAYER_HARD_ALPHA: 'o', OPAQUE_BASE: 'o', SWAY: 'o', INPUT_LAYERS: 'o', PANE_LAYER: 'n', PANE_ABOVE: 'n', PORTAL_MODES: 'o', PLACEMENT: 'o', MAX_VIEWPORT_CSS: 'n', NIGHT_BELOW: 'n',
    FRAMINGS: 'o', maxBufferPixels: 'n', shortestTick: 'n', autoPitch: 'f',
  },
  'class Landscape': {
    setViewport: 'f', setWorld: 'f', world: 'f', setDay: 'f', setDusk: 'f', setDayAndDusk: 'f', setWorldSeed: 'f', setSeason: 'f', setPortalMode: 'f',
    setClock: 'f', setPointer: 'f', splash: 'f', setPath: 'f', setWallClock: 'f', wallClock: 'n', setLife: 'f', setMotion: 'f', advance: 'f', changedRects: 'f', pane: 'o', renderAll: 'f', setStepped: 'f', repainting: 'b',
    stepRepaint: 'f', beginRender: 'f', pixels: 'f', picture: 'f', flatten: 'f', clock: 'n', day: 'n', dusk: 'n', season: 'o', worldSeed: 'n', heat: 'n',
    starsShown: 'b', starCount: 'n', paintOnceCount: 'n', renderCount: 'n', bufferWidth: 'n', bufferHeight: 'n', pitch: 'n',
    gScenePerPixel: 'n', placement: 'o', sceneXFromCss: 'f', sceneYFromCss: 'f', delete: 'f',
  },
  'class Field': {
    config: 'f', toQuery: 'f', sample: 'f', moisture: 'f', gradient: 'f', fill: 'f', fillColor: 'f', fillMoisture: 'f', fillBiomes: 'f',
    heightmap: 'f', bandWidths: 'f', sandWidth: 'f', profile: 'f', delete: 'f',
  },
  'class Field static': { fromQuery: 'f' },
};
// Emscripten's and embind's own members of the module object, and the raw bindings the public
// functions wrap (toolkit*): not part of the declared API.
const INTERNAL = /^(HEAP|_|dynCall|asm|wasm|calledRun|ready|run$|inspect$|preloaded|setDelayFunction|flushPendingDeletes|getInheritedInstanceCount|getLiveInheritedInstances|count_emval_handles|get_first_emval|BindingError|InternalError|UnboundTypeError|toolkit)/;

// The body of `export interface X {` / `export declare class X {`, nested braces (inline types) removed.
function body(head) {
  const [kind, name] = head.split(' ');
  const m = new RegExp(`export (?:declare )?${kind} ${name}\\b[^{]*\\{`).exec(dts);
  assert.ok(m, `${head} is declared`);
  let depth = 1, i = m.index + m[0].length;
  const start = i;
  for (; depth > 0; i++) depth += dts[i] === '{' ? 1 : dts[i] === '}' ? -1 : 0;
  let b = dts.slice(start, i - 1).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (let prev = ''; prev !== b;) { prev = b; b = b.replace(/\{[^{}]*\}/g, '«»').replace(/\([^()]*\)/g, '‹›'); }
  return b;
}
// Declared member names: instance ones, or static ones.
function declared(head, wantStatic) {
  const names = new Set();
  for (const part of body(head).split(/[;\n]/)) {
    const m = /^\s*(static\s+)?(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*[?]?\s*(?:‹›|:)/.exec(part);
    if (m && m[2] !== 'constructor' && !!m[1] === wantStatic) names.add(m[2]);
  }
  return [...names].sort();
}

const kindOf = (v) => (typeof v === 'function' ? (/^class\b/.test(Function.prototype.toString.call(v)) || v.prototype?.constructor === v && Object.getOwnPropertyNames(v.prototype).length > 1 ? 'c' : 'f')
  : ({ number: 'n', string: 's', boolean: 'b', object: 'o' })[typeof v] ?? typeof v);
const funcOrClass = (k) => (k === 'c' || k === 'f' ? 'f|c' : k);

test('the member list is the .d.ts: every declared member is listed and every listed member declared', () => {
  for (const [key, members] of Object.entries(MEMBERS)) {
    const isStatic = key.endsWith(' static');
    const head = key.replace(/ static$/, '');
    assert.deepEqual(declared(head, isStatic), Object.keys(members).sort(), key);
  }
});

test('the module: every declared member exists with its kind, and every public member is declared', () => {
  const scene = new nf.Landscape(404);
  scene.setViewport({ cssWidth: 320, cssHeight: 200, framing: 'gate' });
  const field = new nf.Field({});
  try {
    const objects = {
      'interface NoisefieldModule': [nf, Object.keys(nf)],
      'class Landscape static': [nf.Landscape, Object.getOwnPropertyNames(nf.Landscape).filter((k) => !['length', 'name', 'prototype'].includes(k))],
      'class Landscape': [scene, Object.getOwnPropertyNames(nf.Landscape.prototype).filter((k) => !k.startsWith('_') && k !== 'constructor')],
      'class Field': [field, Object.getOwnPropertyNames(Object.getPrototypeOf(field)).filter((k) => !k.startsWith('_') && k !== 'constructor')],
      'class Field static': [nf.Field, ['fromQuery']],
    };
    for (const [key, [obj, runtime]] of Object.entries(objects)) {
      const members = MEMBERS[key];
      for (const [name, kind] of Object.entries(members)) {
        assert.ok(name in obj, `${key}: ${name} exists`);
        const v = obj[name];
        assert.equal(funcOrClass(kindOf(v)), funcOrClass(kind), `${key}: ${name} is ${kind} (got ${typeof v})`);
        if (kind === 'c') assert.equal(typeof v.prototype, 'object', `${key}: ${name} is a class`);
      }
      for (const name of runtime) if (!INTERNAL.test(name)) assert.ok(name in members, `${key}: the module's ${name} is declared in types/noisefield.d.ts`);
    }
    // Landscape.FRAMINGS: the names the FramingName type lists.
    const names = /export type FramingName = ([^;]*);/.exec(dts)[1].match(/'[^']+'/g).map((s) => s.slice(1, -1));
    assert.deepEqual(nf.Landscape.FRAMINGS, names);
    const pic = scene.picture(2, 'buffer');
    assert.deepEqual(Object.keys(pic).sort(), ['height', 'pixels', 'width']);
    assert.ok(pic.pixels instanceof Uint8Array);
  } finally {
    scene.delete();
    field.delete();
  }
});

test('the shapes the declarations got wrong: profile(), bandWidths(), fillColor(), legend colours, the parameter table', () => {
  const field = new nf.Field({});
  try {
    const p = field.profile({ width: 8 });
    assert.deepEqual(Object.keys(p).sort(), ['height', 'max', 'mean', 'min', 'view', 'width']);
    assert.ok(p.view instanceof Float32Array && p.view.length === 8);
    const b = field.bandWidths({ width: 16, height: 16 });
    assert.deepEqual(Object.keys(b).sort(), ['analytic', 'counts', 'grass', 'sand', 'sandEstimate']);
    assert.equal(typeof b.analytic, 'boolean');
    assert.ok(Array.isArray(b.counts) && b.counts.every(Number.isInteger));
    const c = field.fillColor('biomes', { width: 4, height: 4 });
    for (const k of ['view', 'min', 'max', 'mean', 'width', 'height', 'pixels', 'histogram', 'bands', 'sampled', 'biomes']) assert.ok(k in c, `fillColor: ${k}`);
    assert.ok(c.view instanceof Float32Array);
    for (const v of nf.views()) for (const l of v.legend) {
      assert.ok(Array.isArray(l.color) && l.color.length === 3 && l.color.every(Number.isInteger), `${v.name} ${l.name}: [r, g, b]`);
    }
  } finally {
    field.delete();
  }
  const row = nf.worldParams()[0];
  for (const k of ['name', 'option', 'kind', 'min', 'max', 'choices', 'url', 'options', 'cli', 'allowed']) assert.ok(k in row, `worldParams row: ${k}`);
  assert.deepEqual(nf.parseWorldParam('day', '0.5'), { value: 0.5 });
  assert.equal(typeof nf.parseWorldParam('day', 'x').error, 'string');
  assert.ok(Number.isInteger(nf.seedFromText('abc')));
});

test('the 404 page\'s module: its members are the ones web/noisefield-landscape.d.mts picks from the full module\'s', async () => {
  const decl = readFileSync(join(repoRoot, 'web', 'noisefield-landscape.d.mts'), 'utf8');
  const picked = /Pick<NoisefieldModule, ([^>]*)>/.exec(decl)[1].match(/'[^']+'/g).map((s) => s.slice(1, -1));
  const extra = /& \{ readonly (\w+):/.exec(decl)[1];
  const mod = await import(join(repoRoot, 'web', 'noisefield-landscape.mjs'));
  const land = await mod.default({ wasmBinary: readFileSync(join(repoRoot, 'web', 'noisefield-landscape.wasm')) });
  assert.deepEqual(Object.keys(land).sort(), [...picked, extra].sort());
  for (const name of picked) assert.equal(funcOrClass(kindOf(land[name])), funcOrClass(MEMBERS['interface NoisefieldModule'][name]), name);
  assert.ok(land[extra] instanceof Uint8Array);
  assert.deepEqual(Object.keys(mod).sort(), ['default', 'unpackWasm']);
  assert.ok(/export function unpackWasm/.test(decl) && /export default function createNoisefield/.test(decl));
});

test('the landscape entry (web/landscape.js) exports what types/landscape.d.ts declares, each of its kind', async () => {
  const decl = readFileSync(join(repoRoot, 'types', 'landscape.d.ts'), 'utf8');
  const declared = {};
  // name -> the typeof its value: a function or a class; a const's by its declared type.
  for (const m of decl.matchAll(/^export declare (const|function|class) (\w+)(?:: ([^;]+))?/gm)) declared[m[2]] = m[1] !== 'const' ? 'function' : m[3] === 'string' ? 'string' : 'object';
  const entry = await import(join(repoRoot, 'web', 'landscape.js'));   // importable without a DOM (a server render)
  assert.deepEqual(Object.keys(entry).sort(), Object.keys(declared).sort());
  for (const [name, kind] of Object.entries(declared)) assert.equal(typeof entry[name], kind, name);
  assert.deepEqual(Object.keys(entry.LOAD_FAILURES).sort(), /export type LoadFailure = ([^;]*);/.exec(decl)[1].match(/'[^']+'/g).map((s) => s.slice(1, -1)).sort());
});
