// The explorer's "Copy JS" and "Copy C++" (web/explorer-code.js): the copied code, run as a user
// would (the JavaScript in Node with the package "noisefield", the C++ compiled natively against
// cpp/noise with g++ -ffp-contract=off), gives the shown view's pixels exactly, and the same
// heights in both languages. The README's "From the explorer to your code" snippets are what the
// explorer copies for the link the README names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBrowser, openPage, withPages, installPixels } from './helpers/browser.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';

const run = promisify(execFile);
const CXX = process.env.CXX || 'g++';
const CXXFLAGS = ['-std=c++17', '-O2', '-ffp-contract=off'];
const MARKER = '// use heights and pixels here';

let env, scratch, objects;
before(async () => {
  env = await startBrowser();
  scratch = await mkdtemp(join(tmpdir(), 'nf-code-'));
  // The package as a user's project resolves it: node_modules/noisefield is this repo.
  await mkdir(join(scratch, 'node_modules'));
  await symlink(repoRoot, join(scratch, 'node_modules', 'noisefield'), 'dir');
  // cpp/noise compiled once for every C++ snippet, two files at a time.
  const dir = join(repoRoot, 'cpp', 'noise');
  const sources = (await readdir(dir)).filter((f) => f.endsWith('.cpp'));
  objects = sources.map((f) => join(scratch, f.replace(/\.cpp$/, '.o')));
  const queue = sources.map((f, i) => [join(dir, f), objects[i]]);
  const worker = async () => {
    for (let job; (job = queue.shift());) await run(CXX, [...CXXFLAGS, '-I', join(repoRoot, 'cpp'), '-c', job[0], '-o', job[1]]);
  };
  await Promise.all([worker(), worker()]);
});
after(async () => {
  await env?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function runJs(code, name) {
  assert.ok(code.includes(MARKER), 'the JS snippet says where its results are used');
  const file = join(scratch, `${name}.mjs`);
  await writeFile(file, code.replace(MARKER, 'process.stdout.write(JSON.stringify({ h: Buffer.from(heights.buffer).toString("base64"), p: Buffer.from(pixels.buffer).toString("base64") }));'));
  const { stdout } = await run(process.execPath, [file], { cwd: scratch, maxBuffer: 1 << 26 });
  const r = JSON.parse(stdout);
  return { heights: Buffer.from(r.h, 'base64'), pixels: Buffer.from(r.p, 'base64') };
}

async function runCpp(code, name, samples) {
  assert.ok(code.includes(MARKER), 'the C++ snippet says where its results are used');
  const src = join(scratch, `${name}.cpp`), exe = join(scratch, name);
  await writeFile(src, `#include <cstdio>\n${code.replace(MARKER, 'std::fwrite(heights.data(), 4, heights.size(), stdout); std::fwrite(pixels.data(), 1, pixels.size(), stdout);')}`);
  await run(CXX, [...CXXFLAGS, '-I', join(repoRoot, 'cpp'), src, ...objects, '-o', exe]);
  const { stdout } = await run(exe, [], { encoding: 'buffer', maxBuffer: 1 << 26 });
  assert.equal(stdout.length, samples * 8, 'heights and pixels written');
  return { heights: stdout.subarray(0, samples * 4), pixels: stdout.subarray(samples * 4) };
}

// Opens the explorer at `suffix`, clicks the copy buttons and returns the copied code (read back
// from the clipboard) with the current view's canvas pixels and stats line.
async function copied(suffix) {
  return withPages([() => openPage(env.browser, null, { viewport: { width: 1280, height: 900 } })], async ({ page, context, problems }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url.replace(/\/$/, '') });
    await page.goto(`${env.url}web/explorer.html${suffix}`);
    await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
    await page.evaluate(() => window.explorer.idle());
    const code = {};
    for (const [id, lang, start] of [['#copy-js', 'js', 'import'], ['#copy-cpp', 'cpp', '#include']]) {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.click(id);
      await page.waitForFunction((s) => window.explorer.lastCopied.startsWith(s), start);
      code[lang] = await page.evaluate(() => navigator.clipboard.readText());
    }
    await installPixels(page);
    const state = await page.evaluate(() => window.explorer.page);
    const pixels = Buffer.from(await page.$eval(`.ex-view[data-view="${state.view}"] canvas`,
      (c) => Array.from(window.__nfPixels.read(c))));
    const stats = await page.evaluate(() => ['min', 'max', 'mean'].map((k) => document.getElementById(`stat-${k}`).textContent));
    assert.deepEqual(problems, []);
    return { code, pixels, state, stats };
  });
}

async function checkView(suffix, name) {
  const shown = await copied(suffix);
  const samples = shown.state.res * shown.state.res;
  assert.equal(shown.pixels.length, samples * 4);
  const js = await runJs(shown.code.js, name);
  assert.ok(js.pixels.equals(shown.pixels), `${name}: the JS snippet's pixels are the explorer's`);
  const cpp = await runCpp(shown.code.cpp, name, samples);
  assert.ok(cpp.pixels.equals(shown.pixels), `${name}: the C++ snippet's pixels are the explorer's`);
  assert.ok(cpp.heights.equals(js.heights), `${name}: C++ and JS heights are the same floats`);
  // The heights are the view's: their statistics are the explorer's stats line.
  const h = new Float32Array(js.heights.buffer, js.heights.byteOffset, samples);
  let min = Infinity, max = -Infinity, sum = 0;
  for (const v of h) { min = Math.min(min, v); max = Math.max(max, v); sum += v; }
  assert.deepEqual([min, max, sum / samples].map((v) => v.toFixed(3)), shown.stats);
  return shown;
}

test('the README\'s "From the explorer to your code" snippets are what the explorer copies, and give its pixels', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('### From the explorer to your code')[1].split(/\n(?:#{2,3} |\*\*)/)[0];
  const link = section.match(/`(web\/explorer\.html\?[^`]+)`/)[1];
  const blocks = (lang) => [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
  const shown = await checkView(link.replace('web/explorer.html', ''), 'readme');
  assert.deepEqual(blocks('js'), [shown.code.js], 'the README\'s JS is the copied JS');
  assert.deepEqual(blocks('cpp'), [shown.code.cpp], 'the README\'s C++ is the copied C++');
  assert.match(shown.code.js, /x: -256, y: -256, step: 1 \}/, 'the 512² view at (0, 0) starts at -256');
});

test('the README\'s heightmap snippets, added to the copied code, write the same file in JS and C++', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('### From the explorer to your code')[1];
  const first = (text, lang) => text.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'))[1];
  const maps = section.split('**Heightmaps**')[1].split(/\n(?:#{2,3} |\*\*)/)[0];
  const [js, cpp] = [first(section, 'js'), first(section, 'cpp')];
  const [mapJs, mapCpp] = [first(maps, 'js'), first(maps, 'cpp')];
  const jsFile = join(scratch, 'map.mjs');
  await writeFile(jsFile, js.replace(MARKER, `${mapJs}process.stdout.write(Buffer.from(png));`));
  const fromJs = (await run(process.execPath, [jsFile], { cwd: scratch, encoding: 'buffer', maxBuffer: 1 << 26 })).stdout;
  // The C++ lines go where the copied code uses its results; the #include goes to the top.
  const includes = mapCpp.split('\n').filter((l) => l.startsWith('#include')).join('\n');
  const body = mapCpp.split('\n').filter((l) => !l.startsWith('#include')).join('\n');
  const src = join(scratch, 'map.cpp'), exe = join(scratch, 'map');
  await writeFile(src, `#include <cstdio>\n${includes}\n${cpp.replace(MARKER, `${body}\n  if (!failed.empty()) return 2;\n  std::fwrite(png.data(), 1, png.size(), stdout);`)}`);
  await run(CXX, [...CXXFLAGS, '-I', join(repoRoot, 'cpp'), src, ...objects, '-o', exe]);
  const fromCpp = (await run(exe, [], { encoding: 'buffer', maxBuffer: 1 << 26 })).stdout;
  assert.ok(fromJs.length > 1000 && fromJs.subarray(1, 4).toString() === 'PNG', 'a PNG file');
  assert.equal(fromJs.readUInt32BE(16), 1024, 'width 1024');
  assert.equal(fromJs[24], 16, '16 bits per sample');
  assert.ok(fromCpp.equals(fromJs), 'the C++ API writes the JS API\'s bytes');
});

test('a panned, zoomed view in a small size: the copied JS and C++ give its pixels exactly', async () => {
  // zoom 1.5: a step of 1/1.5, whose shortest text must read back as the same double in both languages.
  await checkView('?t=gradient&sc=12&o=4&fr=ridged&s=7#view=relief&x=37.25&y=-11.5&zoom=1.5&res=256', 'zoomed');
});

test('Field.fromQuery takes a whole explorer link: the address and the #view fragment are ignored', async () => {
  const { default: createNoisefield } = await import(join(repoRoot, 'node', 'noisefield.mjs'));
  const nf = await createNoisefield();
  const link = 'http://127.0.0.1:8000/web/explorer.html?t=simplex&sc=24&o=5&is=1&ir=200#view=biomes&x=0&y=0&zoom=1';
  const a = nf.Field.fromQuery(link), b = nf.Field.fromQuery('t=simplex&sc=24&o=5&is=1&ir=200');
  assert.equal(a.toQuery(), b.toQuery());
  assert.equal(nf.Field.fromQuery('https://example.org/explorer.html#view=raw').toQuery(), '', 'no query: the defaults');
  const lenient = nf.Field.fromQuery(`${link}&bogus=1`, { lenient: true });
  assert.deepEqual(lenient.badKeys, [], 'the fragment is not read as parameters');
  assert.throws(() => nf.Field.fromQuery('http://x/explorer.html?sc=16&zz=1#view=raw'), /unknown parameter "zz"/);
  for (const f of [a, b, lenient.field]) f.delete();
});
