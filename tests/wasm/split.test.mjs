// The split before LZMA (tools/split-wasm.mjs, cpp/bindings/wasm.unsplit.js): every wasm the build
// makes splits and unsplits to the same bytes; a module written here with every kind of immediate
// the walk knows puts each in its stream; damage is an Error (or, where the bytes still make a
// whole file, other bytes), never a hang, a write out of bounds or a file of another size.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers/load.mjs';
import { STREAM_NAMES, unsplitWasm, splitStreams, splitWasm } from '../../tools/split-wasm.mjs';

const thrown = (f) => { try { f(); } catch (e) { return e; } return null; };
const same = (a, b, what) => assert.ok(Buffer.from(a.buffer, a.byteOffset, a.length).equals(b), `${what}: unsplit bytes differ`);

test('the build\'s modules split and unsplit exactly', () => {
  const files = ['web/noisefield-landscape.wasm', 'web/noisefield.wasm'];
  for (const f of files.filter((f) => existsSync(join(repoRoot, f)))) {
    const wasm = readFileSync(join(repoRoot, f));
    const split = splitWasm(wasm);
    same(unsplitWasm(split), wasm, f);
    const streams = splitStreams(wasm);
    assert.equal(Object.values(streams).reduce((n, s) => n + s.length, 0) <= wasm.length, true, `${f}: the streams hold no more than the wasm`);
  }
  assert.ok(existsSync(join(repoRoot, files[0])), 'the landscape module is built');
});

// A module by hand: two functions, a table, a memory, a global, a passive data segment; function 0
// uses each kind of immediate (block types as bytes and as a type index, br_table, the constants,
// memargs, SIMD lanes and shuffles, bulk memory, saturating truncation, typed select, references,
// calls direct and indirect). WebAssembly validates it, so the walk meets real encodings.
const uleb = (n) => { const o = []; do { o.push((n & 127) | (n > 127 ? 128 : 0)); n = Math.floor(n / 128); } while (n); return o; };
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
const vec = (items) => [...uleb(items.length), ...items.flat()];
const I64 = [0xcb, 0x89, 0xec, 0x8f, 0xf7, 0x23];  // i64.const 1234567890123 (signed LEB128)
const V128 = Array.from({ length: 16 }, (_, i) => i * 17 & 0xff);
const LANES = Array.from({ length: 16 }, (_, i) => (i * 5) % 32);
const body0 = [
  0x02, 0x40, 0x03, 0x40, 0x20, 0x00, 0x04, 0x7f, 0x41, 0x01, 0x05, 0x41, 0xb8, 0x7e, 0x0b, 0x0d, 0x01, 0x0b, 0x0b,  // block loop if-else br_if
  0x02, 0x40, 0x20, 0x00, 0x0e, 0x02, 0x00, 0x00, 0x00, 0x0b,                 // br_table
  0x20, 0x00, 0x02, 0x01, 0x0b, 0x1a,                                           // a block typed by index (i32 -> i32)
  0x42, ...I64, 0x21, 0x01,                                                     // i64.const, local.set
  0x43, 0x00, 0x00, 0xc0, 0x3f, 0x1a, 0x44, 0, 0, 0, 0, 0, 0, 0x04, 0x40, 0x1a, // f32.const 1.5, f64.const 2.5
  0xfd, 0x0c, ...V128, 0x22, 0x02, 0xfd, 0x15, 0x03, 0x1a,                      // v128.const, local.tee, extract_lane_s 3
  0x20, 0x02, 0x20, 0x02, 0xfd, 0x0d, ...LANES, 0x1a,                           // i8x16.shuffle
  0x41, 0x00, 0xfd, 0x00, 0x04, 0x10, 0x1a,                                     // v128.load align 4 offset 16
  0x41, 0x00, 0x20, 0x02, 0xfd, 0x54, 0x00, 0x07, 0x05, 0x1a,                   // v128.load8_lane offset 7 lane 5
  0x41, 0x00, 0x41, 0x00, 0x41, 0x03, 0xfc, 0x08, 0x00, 0x00, 0xfc, 0x09, 0x00, // memory.init, data.drop
  0x41, 0x00, 0x41, 0x01, 0x41, 0x02, 0xfc, 0x0a, 0x00, 0x00,                   // memory.copy
  0x41, 0x00, 0x41, 0x07, 0x41, 0x02, 0xfc, 0x0b, 0x00,                         // memory.fill
  0x43, 0x00, 0x00, 0xc0, 0x3f, 0xfc, 0x00, 0x1a,                               // i32.trunc_sat_f32_s
  0x23, 0x00, 0x24, 0x00, 0x3f, 0x00, 0x1a, 0x41, 0x00, 0x40, 0x00, 0x1a,       // global.get/set, memory.size/grow
  0x41, 0x01, 0x41, 0x02, 0x20, 0x00, 0x1c, 0x01, 0x7f, 0x1a,                   // select (i32)
  0x41, 0x00, 0x2d, 0x00, 0x03, 0x1a, 0x41, 0x00, 0x42, 0x05, 0x37, 0x03, 0x88, 0x01, // i32.load8_u, i64.store offset 136
  0xd0, 0x70, 0x1a, 0xd2, 0x00, 0x1a, 0x41, 0x00, 0x25, 0x00, 0x1a, 0xfc, 0x10, 0x00, 0x1a, // ref.null, ref.func, table.get, table.size
  0x10, 0x01, 0x41, 0x00, 0x11, 0x00, 0x00,                                     // call, call_indirect
  0x20, 0x00, 0xc0, 0x0b,                                                       // i32.extend8_s, end
];
const locals0 = [0x02, 0x01, 0x7e, 0x01, 0x7b];
const bodies = [[...locals0, ...body0], [0x00, 0x0b]];
const code = vec(bodies.map((b) => [...uleb(b.length), ...b]));
const handMade = Buffer.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, vec([[0x60, 0x00, 0x00], [0x60, 0x01, 0x7f, 0x01, 0x7f]])),
  ...section(3, vec([[0x01], [0x00]])),
  ...section(4, vec([[0x70, 0x00, 0x01]])),
  ...section(5, vec([[0x00, 0x01]])),
  ...section(6, vec([[0x7f, 0x01, 0x41, 0x00, 0x0b]])),
  ...section(9, vec([[0x00, 0x41, 0x00, 0x0b, 0x01, 0x00]])),
  ...section(12, [0x01]),
  ...section(10, code),
  ...section(11, vec([[0x01, 0x03, 0x61, 0x62, 0x63]])),
]);

test('a module with every kind of immediate: valid, each immediate in its stream, unsplit exactly', () => {
  assert.ok(WebAssembly.validate(handMade), 'the hand-made module is valid WebAssembly');
  const s = splitStreams(handMade);
  assert.deepEqual(STREAM_NAMES, Object.keys(s));
  same(unsplitWasm(splitWasm(handMade)), handMade, 'hand-made');
  assert.deepEqual([...s.i64], [...I64, 0x05]);
  assert.deepEqual([...s.bits], [0x00, 0x00, 0xc0, 0x3f, 0, 0, 0, 0, 0, 0, 0x04, 0x40, ...V128, ...LANES, 0x00, 0x00, 0xc0, 0x3f]);
  assert.deepEqual([...s.i32], [0x01, 0xb8, 0x7e, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x01, 0x02, 0x00, 0x07, 0x02, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00]);
  assert.deepEqual([...s.offset], [0x10, 0x07, 0x03, 0x88, 0x01]);
  assert.deepEqual([...s.br], [0x02, 0x00, 0x00, 0x00], 'br_table\'s count and depths');
  // What recurs with its opcode stays beside it: br_if's depth, v128.load's (0xfd 0x00),
  // load8_lane's (0xfd 0x54), i32.load8_u's and i64.store's alignments, ref.func's and call's
  // targets (call 1, then i32.const and call_indirect with their immediates elsewhere: call_indirect's
  // type and table indices are small immediates).
  const op = Buffer.from(s.op);
  for (const seq of [[0x0d, 0x01], [0xfd, 0x00, 0x04], [0xfd, 0x54, 0x00], [0x2d, 0x00], [0x37, 0x03], [0xd2, 0x00], [0x10, 0x01, 0x41, 0x11, 0x20]]) {
    assert.ok(op.includes(Buffer.from(seq)), `the opcodes' stream has ${Buffer.from(seq).toString('hex')}`);
  }
  assert.deepEqual([...s.local], [0x00, 0x00, 0x00, 0x01, 0x02, 0x02, 0x02, 0x02, 0x00, 0x00]);
  assert.deepEqual([...s.index], [0x00, 0x00, 0x00, 0x00]);
  // Block types (0x40, 0x40, 0x7f, 0x40, 0x01), the lane, memory.init's and the bulk ops' zero
  // bytes, memory.size/grow's, select's types, ref.null's, table.size's, call_indirect's type and table.
  assert.deepEqual([...s.small], [0x40, 0x40, 0x7f, 0x40, 0x01, 0x03, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x7f, 0x70, 0x00, 0x00, 0x00]);
  assert.deepEqual([...s.loc], [0x02, ...locals0, 0x00]);
  assert.equal(s.op.length + Object.entries(s).filter(([n]) => n !== 'op').reduce((n, [, v]) => n + v.length, 0),
    handMade.length - 1 - uleb(code.length).length - bodies.reduce((n, b) => n + uleb(b.length).length, 0), 'every byte but the code section\'s id and size and the bodies\' sizes is in a stream');
});

test('a module the walk cannot read is refused at the build, not shipped', () => {
  const bad = Buffer.from(handMade);
  // The first body's size one byte short: its walk ends past it.
  const at = bad.indexOf(Buffer.from(locals0)) - 2;
  bad[at] -= 1;
  assert.match(thrown(() => splitWasm(bad)).message, /^split-wasm: /);
  assert.match(thrown(() => splitWasm(Buffer.from('not wasm at all'))).message, /^split-wasm: not WebAssembly/);
  const noCode = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  assert.match(thrown(() => splitWasm(noCode)).message, /no code section/);
});

test('damaged split files: an Error or other bytes of the same size, never more, never a hang', { timeout: 120_000 }, () => {
  const real = readFileSync(join(repoRoot, 'web', 'noisefield-landscape.wasm'));
  for (const [name, wasm] of [['hand-made', handMade], ['landscape', real]]) {
    const split = splitWasm(wasm);
    const step = wasm === handMade ? 1 : 97;
    const check = (bytes, what) => {
      let out = null;
      const e = thrown(() => { out = unsplitWasm(bytes); });
      if (e) assert.match(e.message, /^noisefield: the packed wasm is damaged \(/, `${name} ${what}`);
      else if (out) assert.equal(out.length, wasm.length, `${name} ${what}: a whole file of another size`);
    };
    for (let n = 0; n < split.length; n += step) check(split.subarray(0, n), `cut at ${n}`);
    for (let i = 0; i < split.length; i += step) {
      for (const flip of [0x01, 0x80]) {
        const bad = Buffer.from(split);
        bad[i] ^= flip;
        check(bad, `byte ${i} ^ ${flip}`);
      }
    }
  }
  // The size is checked before the output is allocated.
  const huge = Buffer.from([0x00, 0x6e, 0x66, 0x32, 0x80, 0x80, 0x80, 0x80, 0x08]);
  assert.match(thrown(() => unsplitWasm(huge)).message, /damaged \(size 2147483648 over 67108864\)/);
  assert.equal(unsplitWasm(Buffer.from([0x00, 0x61, 0x73, 0x6d])), null, 'not split: no magic');
});
