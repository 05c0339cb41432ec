// dist --worlds, for static hosts: a share page and a preview per listed world (world/NAME/), the
// preview the same picture the edge draws (the CLI at the edge's pitch), every page listing the
// worlds for "Share this view", and a bad listing stopping the build with a message naming it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWorlds, writeDist } from '../../tools/dist.mjs';
import { cliRender, metaText } from './helpers/world.mjs';
import { decodePng } from '../wasm/helpers/png.mjs';
import { repoRoot } from '../wasm/helpers/load.mjs';
import { userDocs } from '../wasm/helpers/user-docs.mjs';

let scratch;
before(() => { scratch = mkdtempSync(join(tmpdir(), 'nf-worlds-')); });
after(() => { if (scratch) rmSync(scratch, { recursive: true, force: true }); });

test('./noisefield dist --worlds writes world/NAME/ with its own tags and the preview of that world', () => {
  const out = join(scratch, 'site');
  // README's command (Share links and previews), through the CLI entry of tools/dist.mjs.
  const readme = userDocs();
  const worlds = readme.match(/^\.\/noisefield dist --site https:\/\/your\.site --worlds (\S+)$/m)[1];
  assert.equal(worlds, 'alice,bob:day=0.2:dusk=0.50,home:seed=404:t=6');
  execFileSync(process.execPath, [join(repoRoot, 'tools', 'dist.mjs'), '--out', out, '--site', 'https://example.test',
    '--base', '/sub/', '--worlds', worlds], { stdio: ['ignore', 'ignore', 'inherit'] });
  const list = '/sub/world/alice/?seed=alice /sub/world/bob/?seed=bob&day=0.2&dusk=0.5 /sub/world/home/?seed=404&t=6';
  for (const page of ['404.html', 'world/index.html', 'world/alice/index.html', 'world/bob/index.html']) {
    assert.equal(metaText(readFileSync(join(out, page), 'utf8'), 'noisefield:worlds'), list, `${page} lists the worlds, canonical`);
  }
  const bob = readFileSync(join(out, 'world', 'bob', 'index.html'), 'utf8');
  assert.equal(metaText(bob, 'og:image'), 'https://example.test/sub/world/bob/preview.png');
  assert.equal(metaText(bob, 'twitter:card'), 'summary_large_image');
  assert.match(metaText(bob, 'og:title'), /bob/);
  assert.match(metaText(bob, 'og:description'), /seed=bob, day=0\.2, dusk=0\.5/);
  assert.equal(metaText(bob, 'noisefield:world'), 'seed=bob&day=0.2&dusk=0.5');
  assert.equal((bob.match(/property="og:image"/g) || []).length, 1);
  assert.match(bob, /<base href="\/sub\/">/);
  assert.match(bob, /<title>A noisefield world: bob<\/title>/);
  for (const [name, q] of [['alice', 'seed=alice'], ['bob', 'seed=bob&day=0.2&dusk=0.5'], ['home', 'seed=404&t=6']]) {
    const png = decodePng(readFileSync(join(out, 'world', name, 'preview.png')));
    const want = decodePng(cliRender(new URLSearchParams(q), join(scratch, 'cli.png')));
    assert.equal(png.width, 1200);
    assert.equal(png.height, 630);
    assert.ok(Buffer.from(png.data).equals(Buffer.from(want.data)), `world/${name}/preview.png is ${q}`);
  }
  assert.ok(!existsSync(join(out, 'world', 'carol')));
});

test('a dist without --worlds lists none', async () => {
  const out = join(scratch, 'plain');
  await writeDist({ out, archive: false });
  assert.equal(metaText(readFileSync(join(out, '404.html'), 'utf8'), 'noisefield:worlds'), undefined);
});

test('a bad --worlds listing stops the build, naming the world, the parameter and the allowed range', async () => {
  const bad = [
    ['bob:day=2', /--worlds bob: day=2: expected a number in \[0, 1\]/],
    ['bob:px=9', /--worlds bob: px=9: expected an integer in \[1, 8\]/],
    ['bob:colour=red', /--worlds bob: expected param=value with a URL parameter \(seed, day/],
    ['bob:day', /--worlds bob: expected param=value/],
    ['../up', /a world's name is its folder world\/NAME\/: 1\.\.64 letters, digits, - or _ \(got "\.\.\/up"\)/],
    ['alice,', /a world's name is its folder/],
    ['alice,alice', /alice is listed twice/],
  ];
  for (const [spec, message] of bad) await assert.rejects(parseWorlds(spec), message, spec);
});
