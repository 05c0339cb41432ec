// The user's path from C++ (README "Use from C++"): the three consumer projects of this folder, each
// configured fresh against a fresh copy of this source tree with the real cmake and g++, built with
// -O3 -march=native, run, and every value compared with the wasm module's, bit for bit:
//   add_subdirectory(noisefield)   a copy of the tree inside the project
//   FetchContent                   a .tar.gz of the tree, by a file:// URL
//   find_package(noisefield)       the tree built and installed into a temporary prefix first
// Each builds only the library and its program (no tests, tools or benchmarks of noisefield).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadNoisefield, repoRoot } from '../wasm/helpers/load.mjs';

const HERE = join(repoRoot, 'tests', 'consumer');
const FLAGS = '-O3 -march=native';
const JOBS = String(process.env.JOBS || availableParallelism());
const SIDE = 256, X0 = -100.25, Y0 = -60.5, STEP = 0.75;  // heightmap.cpp's grid
// Every noise type, fractals, a warp, tiling and the terrain steps; redistribution above and below 1.
const QUERIES = [
  '',
  't=gradient&o=5&sc=32',
  't=simplex&o=5&s=7',
  't=opensimplex2&o=4&s=3',
  't=opensimplex2&d=3&z=0.37',
  't=cellular&o=3',
  't=simplex&px=4&py=3&sc=8',
  'wl=1&is=1&ir=90&re=1.7&te=5&tsm=0.3',
  't=simplex&o=5&re=0.45',
  't=gradient&re=3.35&sc=20',
];
const nf = await loadNoisefield();
// The layers in the scene's own order (C++ kLayerNames, as the native program writes them).
const LAYERS = nf.Landscape.LAYERS;
const work = mkdtempSync(join(tmpdir(), 'nf-consumer-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r;
}

// A fresh copy of the source as the repository holds it (tracked and untracked-but-not-ignored
// files: no build directory, so no CMake cache with another tree's paths).
const SRC = join(work, 'src', 'noisefield');
const files = run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: repoRoot }).stdout
  .split('\0').filter((f) => f && existsSync(join(repoRoot, f)));
for (const f of files) {
  mkdirSync(dirname(join(SRC, f)), { recursive: true });
  copyFileSync(join(repoRoot, f), join(SRC, f));
}

function project(way) {
  const dir = join(work, way);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(HERE, way, 'CMakeLists.txt'), join(dir, 'CMakeLists.txt'));
  for (const f of ['heightmap.cpp', 'landscape.cpp']) copyFileSync(join(HERE, f), join(dir, f));
  return dir;
}

function configure(src, build, ...defs) {
  return run('cmake', ['-S', src, '-B', build, `-DCMAKE_CXX_FLAGS=${FLAGS}`, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON', ...defs]);
}
const build = (dir, ...targets) => run('cmake', ['--build', dir, '-j', JOBS, ...targets.flatMap((t) => ['--target', t])]);

// The consumer's own translation unit got the exactness flags from noisefield::core, after its
// -march=native; and noisefield's tests, tools and benchmarks are not targets of its build.
function checkBuild(buildDir, configureLog) {
  const cc = JSON.parse(readFileSync(join(buildDir, 'compile_commands.json'), 'utf8'));
  const own = cc.find((e) => e.file.endsWith('heightmap.cpp'));
  assert.ok(own, 'heightmap.cpp in compile_commands.json');
  assert.match(own.command, /-march=native.*-ffp-contract=off/);
  assert.match(own.command, /-fno-fast-math/);
  const targets = run('cmake', ['--build', buildDir, '--target', 'help']).stdout;
  for (const t of ['noisefield_tests', 'noisefield_selfcheck', 'noisefield-cli', 'noisefield-sheet', 'noisefield_bench'])
    assert.ok(!targets.includes(t), `${t} is not a target of a consumer's build`);
  assert.ok(!/GTest|gtest/.test(configureLog), 'GTest is not looked for');
}

let wasmValues;
function expected() {
  if (wasmValues) return wasmValues;
  const sx = (i) => X0 + (i + 0.3) * STEP, sy = (j) => Y0 + (j + 0.7) * STEP;
  const doubles = (f) => {
    const out = new Float64Array(SIDE * SIDE);
    for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) out[j * SIDE + i] = f(sx(i), sy(j));
    return out;
  };
  const parts = [];
  for (const q of QUERIES) {
    const field = nf.Field.fromQuery(q);
    parts.push({ name: `fill(${q || 'defaults'})`, values: field.fill({ width: SIDE, height: SIDE, x: X0, y: Y0, step: STEP }).view.slice() });
    parts.push({ name: `sample(${q || 'defaults'})`, values: doubles((x, y) => field.sample(x, y)) });
    field.delete();
  }
  parts.push({ name: 'fbm(x / 16, y / 16, 211, 5)', values: doubles((x, y) => nf.fbm(x / 16, y / 16, 211, 5)) });
  parts.push({ name: 'nebula(x / 64, y / 64)', values: doubles((x, y) => nf.nebula(x / 64, y / 64)) });
  return (wasmValues = parts);
}

// Compares the program's stdout with the wasm's values: the count of differing values per part.
function compareHeightmap(exe) {
  const out = run(exe, QUERIES, { encoding: 'buffer' }).stdout;
  const parts = expected();
  assert.equal(out.length, parts.reduce((n, p) => n + p.values.byteLength, 0), 'output size');
  let at = 0;
  const report = [];
  for (const p of parts) {
    const width = p.values.BYTES_PER_ELEMENT;
    const want = Buffer.from(p.values.buffer, p.values.byteOffset, p.values.byteLength);
    let differ = 0;
    for (let k = 0; k < p.values.length; k++)
      if (out.compare(want, k * width, (k + 1) * width, at + k * width, at + (k + 1) * width) !== 0) differ++;
    if (differ) report.push(`${p.name}: ${differ} of ${p.values.length} differ`);
    at += p.values.byteLength;
  }
  assert.deepEqual(report, [], 'native values that differ from the wasm\'s');
}

function compareLandscape(exe) {
  const out = run(exe, [], { encoding: 'buffer' }).stdout;
  const scene = new nf.Landscape(404);
  try {
    scene.setViewport({ cssWidth: 480, cssHeight: 300, pitch: 2 });
    scene.setClock(3);
    scene.renderAll();
    const bytes = scene.bufferWidth * scene.bufferHeight * 4;
    assert.equal(out.length, bytes * LAYERS.length, 'output size');
    const report = [];
    LAYERS.forEach((name, l) => {
      const want = scene.pixels(name);
      let differ = 0;
      for (let k = 0; k < bytes; k++) if (out[l * bytes + k] !== want[k]) differ++;
      if (differ) report.push(`${name}: ${differ} of ${bytes} bytes differ`);
    });
    assert.deepEqual(report, [], 'native scene bytes that differ from the wasm\'s');
  } finally {
    scene.delete();
  }
}

test('README "Use from C++" shows each consumer project verbatim', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  for (const way of ['add_subdirectory', 'fetchcontent', 'find_package']) {
    const text = readFileSync(join(HERE, way, 'CMakeLists.txt'), 'utf8');
    assert.ok(readme.includes('```cmake\n' + text + '```\n'), `README holds tests/consumer/${way}/CMakeLists.txt`);
  }
});

test('the machine has FMA (else -ffp-contract=off would change nothing here)', () => {
  assert.match(readFileSync('/proc/cpuinfo', 'utf8'), /^flags\s*:.*\bfma\b/m);
});

test('add_subdirectory(noisefield): -O3 -march=native values equal the wasm\'s bit for bit', () => {
  const dir = project('add_subdirectory');
  for (const f of files) {
    mkdirSync(dirname(join(dir, 'noisefield', f)), { recursive: true });
    copyFileSync(join(SRC, f), join(dir, 'noisefield', f));
  }
  const log = configure(dir, join(dir, 'build')).stdout;
  checkBuild(join(dir, 'build'), log);
  build(join(dir, 'build'), 'heightmap');
  compareHeightmap(join(dir, 'build', 'heightmap'));
});

test('FetchContent (URL file://...tar.gz): -O3 -march=native values equal the wasm\'s bit for bit', () => {
  const archive = join(work, 'noisefield.tar.gz');
  run('tar', ['-czf', archive, '-C', dirname(SRC), 'noisefield']);
  const dir = project('fetchcontent');
  const log = configure(dir, join(dir, 'build'), `-DNOISEFIELD_ARCHIVE=${pathToFileURL(archive).href}`).stdout;
  assert.ok(existsSync(join(dir, 'build', '_deps', 'noisefield-src', 'CMakeLists.txt')), 'FetchContent unpacked the archive');
  checkBuild(join(dir, 'build'), log);
  build(join(dir, 'build'), 'heightmap');
  compareHeightmap(join(dir, 'build', 'heightmap'));
});

test('find_package(noisefield CONFIG) after cmake --install: values and the scene\'s pixels equal the wasm\'s', () => {
  const lib = join(work, 'lib-build'), prefix = join(work, 'prefix');
  configure(SRC, lib, '-DNOISEFIELD_BUILD_TESTS=OFF', '-DNOISEFIELD_BUILD_TOOLS=OFF', '-DNOISEFIELD_BUILD_BENCHMARKS=OFF');
  build(lib);
  run('cmake', ['--install', lib, '--prefix', prefix]);
  for (const f of ['include/noisefield/noise/field.h', 'include/noisefield/scene/landscape.h',
    'lib/cmake/noisefield/noisefieldConfig.cmake', 'lib/cmake/noisefield/noisefieldConfigVersion.cmake'])
    assert.ok(existsSync(join(prefix, f)), `installed ${f}`);
  const dir = project('find_package');
  const log = configure(dir, join(dir, 'build'), `-DCMAKE_PREFIX_PATH=${prefix}`).stdout;
  checkBuild(join(dir, 'build'), log);
  build(join(dir, 'build'), 'heightmap', 'landscape');
  compareHeightmap(join(dir, 'build', 'heightmap'));
  compareLandscape(join(dir, 'build', 'landscape'));
});
