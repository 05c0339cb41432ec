// The landscape's packed wasm (web/noisefield-landscape.wasm.lzma, tools/pack-wasm.mjs) and the
// decoder the module's face carries (cpp/bindings/lzma.decode.js, unpackWasm in landscape.entry.js):
// exact round trips on the real module and on streams xz makes here, and bad input refused with an
// Error, quickly.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { repoRoot } from './helpers/load.mjs';
import { XZ_ARGS, packWasm } from '../../tools/pack-wasm.mjs';
import { splitStreams, splitWasm } from '../../tools/split-wasm.mjs';

const web = (f) => join(repoRoot, 'web', f);
const plain = readFileSync(web('noisefield-landscape.wasm'));
const packed = readFileSync(web('noisefield-landscape.wasm.lzma'));
const { default: createLandscape, unpackWasm } = await import(web('noisefield-landscape.mjs'));
// The decoder's source as the face's build concatenates it (the face exports only unpackWasm,
// which insists on WebAssembly coming out): here any bytes may.
const nfUnlzma = runInThisContext(`(() => { ${readFileSync(join(repoRoot, 'cpp', 'bindings', 'lzma.decode.js'), 'utf8')}; return nfUnlzma; })()`);
const unlzma = (bytes, limit) => nfUnlzma(bytes, limit)(Infinity);

const xzRaw = (data, args = ['-6']) => execFileSync('xz', ['--format=lzma', ...args, '--stdout'], { input: data, maxBuffer: 1 << 28 });
// xz writes "size unknown" (all ones); the decoder wants the size, as tools/pack-wasm.mjs writes it.
const xz = (data, args) => {
  const stream = xzRaw(data, args);
  assert.equal(stream.readBigInt64LE(5), -1n, 'xz writes "size unknown"');
  stream.writeBigUInt64LE(BigInt(data.length), 5);
  return stream;
};
// Deterministic bytes (xorshift32): the same inputs on every run.
function noise(n, seed = 12345) {
  const out = Buffer.alloc(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    out[i] = s & 0xff;
  }
  return out;
}
const same = (a, b, what) => assert.ok(Buffer.from(a.buffer, a.byteOffset, a.length).equals(b), `${what}: decoded bytes differ`);
const thrown = (f) => { try { f(); } catch (e) { return e; } return null; };
const rejected = async (p) => { try { await p; } catch (e) { return e; } return null; };

test('the packed file decodes to web/noisefield-landscape.wasm exactly, and the module runs from it', async () => {
  assert.ok(packed.length < plain.length * 0.5, `${packed.length} packed bytes of ${plain.length}`);
  // LZMA holds the split wasm (tools/split-wasm.mjs, tests/wasm/split.test.mjs), the header its size.
  const split = splitWasm(plain);
  assert.equal(packed.readBigUInt64LE(5), BigInt(split.length), 'the header has the size');
  same(await unpackWasm(packed), plain, 'unpackWasm');
  same(await unpackWasm(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length)), plain, 'from an ArrayBuffer');
  same(unlzma(packed), split, 'nfUnlzma');
  // In pieces, as the page decodes it: a pause after each 16 KB, then between pieces of the bodies unsplit.
  let pauses = 0;
  same(await unpackWasm(packed, async () => { pauses++; }), plain, 'in pieces');
  // Each piece is 16 KB and at most one match (273 bytes) more; the end marker comes in a call of its own.
  const loc = splitStreams(plain).loc;  // it starts with the body count, a two-byte LEB128 here
  assert.ok(loc[0] & 0x80 && !(loc[1] & 0x80));
  const bodies = (loc[0] & 0x7f) + loc[1] * 128;
  assert.ok(pauses < Math.floor(split.length / 16384) + bodies && pauses > Math.ceil(split.length / (16384 + 273)) - 1, `${pauses} pauses`);
  // An LZMA-packed plain wasm (no split) decodes too: someone's own build packed with xz alone.
  same(await unpackWasm(xz(plain, ['-6'])), plain, 'packed without the split');
  // A plain wasm passes through as it is (someone's own build).
  assert.equal(await unpackWasm(plain), plain);
  // The build's packing is reproducible: the same xz arguments give the same file.
  assert.ok(packWasm(plain).equals(packed), 'tools/pack-wasm.mjs writes the same bytes again');
  assert.ok(XZ_ARGS.includes('--format=lzma'));
  const a = await createLandscape({ wasmBinary: packed });
  const b = await createLandscape({ wasmBinary: plain });
  assert.deepEqual(a.worldParams().map((p) => p.name), b.worldParams().map((p) => p.name));
});

test('synthetic streams made by xz round-trip exactly; without the size in the header, an Error', () => {
  const text = Buffer.from(Array.from({ length: 400 }, (_, i) => `line ${i % 37}: the quick brown fox ${'jumps '.repeat(i % 5)}over the lazy dog\n`).join(''));
  const inputs = {
    empty: Buffer.alloc(0),
    'one byte': Buffer.from([0xa7]),
    'zeros, long runs': Buffer.alloc(300000),
    'random, incompressible': noise(70000),
    'text with long repeats': Buffer.concat([text, text.subarray(5000), text]),
    'two-bit symbols': noise(20000, 99).map((b) => b & 3),
  };
  const settings = [['-0'], ['-6'], ['-9e'], ['--lzma1=preset=6,lc=0,lp=2,pb=1'], ['--lzma1=preset=6,lc=4,lp=0,pb=4,mf=hc4'],
    ['--lzma1=preset=6,lc=0,lp=4,pb=0']];
  for (const [name, data] of Object.entries(inputs)) {
    for (const args of settings) {
      same(unlzma(xz(data, args)), data, `${name} ${args}`);
    }
  }
});

// Speed is not asserted here (./noisefield bench unpack measures it); a decoder that looped would
// meet the generous per-test timeout below instead of hanging the run.
const HANG_GUARD = { timeout: 300_000 };

test('truncated streams throw, at every length', HANG_GUARD, async () => {
  const data = Buffer.concat([noise(300), Buffer.alloc(500), Buffer.from('abcabcabcabc'.repeat(40))]);
  const stream = xz(data);
  for (let n = 0; n < stream.length; n++) {
    let out = null;
    const e = thrown(() => { out = unlzma(stream.subarray(0, n)); });
    // The encoder's last byte is a zero the decoder may never need to read: without it the stream
    // is whole. Every shorter cut is an error.
    if (n === stream.length - 1 && !e) {
      assert.equal(stream[n], 0);
      same(out, data, 'without the final zero');
      continue;
    }
    assert.ok(e instanceof Error, `cut at ${n} of ${stream.length}: no error`);
    assert.match(e.message, /^noisefield: the packed wasm is damaged \(/);
  }
  for (const n of [0, 13, 14, 18, 100, 1000, packed.length >> 1, packed.length - 3, packed.length - 2]) {
    assert.ok((await rejected(unpackWasm(packed.subarray(0, n)))) instanceof Error, `real module cut at ${n}`);
  }
});

test('corrupted streams throw: every byte of a small stream, and bytes across the real module', HANG_GUARD, async () => {
  const data = Buffer.concat([Buffer.from('wasm-like '.repeat(50)), noise(400, 7)]);
  const stream = xz(data);
  // The format has no checksum: a change in the range coder's first bytes can decode to other
  // bytes that end as cleanly (the coder resynchronises), which only what the bytes are for can
  // tell (for the module: its magic bytes and WebAssembly's validation, below). Any later change
  // leaves the end marker, the final code or the size wrong. The dictionary size (bytes 1-4)
  // is not used (the whole output is the dictionary).
  const unnoticed = [];
  for (let i = 0; i < stream.length; i++) {
    if (i >= 1 && i <= 4) continue;
    for (const flip of [0x01, 0x80, 0xff]) {
      const bad = Buffer.from(stream);
      bad[i] ^= flip;
      let out = null;
      const e = thrown(() => { out = unlzma(bad); });
      if (e) assert.match(e.message, /^noisefield: the packed wasm is damaged \(/);
      else {
        assert.ok(!Buffer.from(out).equals(data), `byte ${i} ^ ${flip}: the same bytes`);
        unnoticed.push(i);
      }
    }
  }
  assert.ok(unnoticed.every((i) => i >= 14 && i < 18), `unnoticed changes past the coder's first bytes: ${unnoticed}`);
  // The real module: each change is an Error, from the decoder or, for those it cannot see, from
  // the magic bytes or WebAssembly's compile (as the loader meets them).
  for (let i = 0; i < packed.length; i += i < 64 ? 1 : 97) {
    if (i >= 1 && i <= 4) continue;
    const bad = Buffer.from(packed);
    bad[i] ^= 1 << (i % 8);
    const e = await rejected(unpackWasm(bad).then((b) => new WebAssembly.Module(b)));
    assert.ok(e instanceof Error || e instanceof WebAssembly.CompileError, `real module, byte ${i}: no error`);
  }
});

test('oversized and malformed input: a clear Error before any large allocation or long loop', async () => {
  const head = (props, size) => {
    const b = Buffer.alloc(40);
    b[0] = props;
    b.writeUInt32LE(1 << 23, 1);
    b.writeBigUInt64LE(size, 5);
    return b;
  };
  assert.match(thrown(() => unlzma(head(0x5d, 1n << 40n))).message, /\(size 1099511627776 over 67108864\)/);
  assert.match(thrown(() => unlzma(head(0x5d, 5000n), 4096)).message, /\(size 5000 over 4096\)/);
  assert.match(thrown(() => unlzma(head(225, 10n))).message, /bad properties byte/);
  const bad = head(0x5d, 10n);
  bad[13] = 1;
  assert.match(thrown(() => unlzma(bad)).message, /bad start/);
  assert.match(thrown(() => unlzma(Buffer.alloc(5))).message, /ends early/);
  // xz's own header, without the size.
  assert.match(thrown(() => unlzma(xzRaw(Buffer.from('abc')))).message, /no size in the header/);
  // A size larger than the stream's: the end marker comes early. Smaller: the output overflows.
  const zeros = xz(Buffer.alloc(1 << 20));
  assert.equal(unlzma(zeros).length, 1 << 20);
  zeros.writeBigUInt64LE(BigInt((1 << 20) + 1), 5);
  assert.match(thrown(() => unlzma(zeros)).message, /ends before its size/);
  zeros.writeBigUInt64LE(BigInt((1 << 20) - 1), 5);
  assert.match(thrown(() => unlzma(zeros)).message, /longer than its size/);
  // Not WebAssembly, not LZMA: a host's HTML page for a missing file, say.
  assert.match((await rejected(unpackWasm(Buffer.from('<!doctype html><title>404</title>')))).message,
    /not WebAssembly, packed or plain \(starts with "<!doctyp"\)/);
  // LZMA, but not of WebAssembly.
  assert.match((await rejected(unpackWasm(xz(Buffer.from('hello hello hello'))))).message, /not WebAssembly, unpacked/);
});
