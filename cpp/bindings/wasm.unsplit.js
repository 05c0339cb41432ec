// The landscape's packed wasm is split before LZMA packs it (tools/split-wasm.mjs): the code
// section's bytes go to one stream per kind of byte (opcodes, local indices, constants, memory
// offsets, ...), because LZMA predicts each kind far better among its own kind than interleaved:
// 5.3 KB (9 %) less packed on the 404 page's module (docs/module.md). The immediates that recur
// with their opcode stay beside it in the opcodes' stream (a memarg's alignment, which the opcode
// all but decides, br and br_if's depth, a call's target), where LZMA's matches take the pair
// whole: 0.7 KB less than in streams of their own.
// Everything else in the wasm (the sections before and after the code) is kept as it is.
//
// nfWasmBody walks one function body (its locals, then its instructions to the final `end`),
// reading every byte through byte(stream) and every LEB128 number through leb(stream), which return
// the value read. The splitter and the unsplitter differ only in those two: splitting, they read the
// wasm and append to the stream; unsplitting, they read the stream and append to the wasm. So the
// two are one walk and cannot disagree on where an instruction's immediates are; the splitter
// checks that the walk ends where each body does, and tools/pack-wasm.mjs that the file unsplits
// to the same bytes. Opcodes: the MVP, sign extension, saturating float-to-int, bulk memory and
// SIMD (what the module is built with); any other opcode is taken as having no immediates, which
// a splitter's walk would notice as a body that does not end where it should.
// Part of the module's face (tools/landscape-module.mjs concatenates it): no imports, no eval.

// The streams, in the order the split file holds them: the bytes before the code section, after
// it, then function counts and locals, opcodes (with alignments, branch depths and call targets),
// local indices, block types and other small immediates, i32 and i64 constants, offsets,
// br_table's depths, global/table/data indices, float and v128 constants (of eight orders tried,
// each within 70 bytes of the others). Numbers, not an object's keys: the minifiers shorten a
// name, not a key.
const NF_PRE = 0, NF_POST = 1, NF_LOC = 2, NF_OP = 3, NF_LOCAL = 4, NF_SMALL = 5, NF_I32 = 6, NF_I64 = 7,
  NF_OFFSET = 8, NF_BR = 9, NF_INDEX = 10, NF_BITS = 11, NF_STREAMS = 12;
// "\0nf2": not "\0asm"; nf1 (2026-12-03) had the alignments, depths and call targets apart.
const NF_SPLIT_MAGIC = [0, 0x6e, 0x66, 0x32];

function nfWasmBody(byte, leb) {
  const memarg = () => { leb(NF_OP); leb(NF_OFFSET); };
  const bits = (n) => { while (n--) byte(NF_BITS); };
  for (let n = leb(NF_LOC); n > 0; n--) { leb(NF_LOC); byte(NF_LOC); }
  for (let depth = 0; ;) {
    // The commonest first (local.get/set/tee, the numeric operators' range, memargs, i32.const):
    // the page unsplits once, mostly before the JIT has compiled this.
    const op = byte(NF_OP);
    if (op >= 0x20 && op <= 0x22) leb(NF_LOCAL);
    else if (op >= 0x45 && op <= 0xc4) continue;                            // no immediates
    else if (op >= 0x28 && op <= 0x3e) memarg();
    else if (op === 0x41) leb(NF_I32);
    else if (op === 0x0b) { if (!depth--) return; }
    else if (op >= 0x02 && op <= 0x04) { depth++; leb(NF_SMALL); }  // block, loop, if: a block type
    else if (op === 0x0c || op === 0x0d) leb(NF_OP);
    else if (op === 0x0e) { for (let n = leb(NF_BR); n >= 0; n--) leb(NF_BR); }
    else if (op === 0x10 || op === 0xd2) leb(NF_OP);
    else if (op === 0x11) { leb(NF_SMALL); leb(NF_SMALL); }
    else if (op === 0x1c) { for (let n = leb(NF_SMALL); n > 0; n--) leb(NF_SMALL); }
    else if (op >= 0x23 && op <= 0x26) leb(NF_INDEX);
    else if (op === 0x3f || op === 0x40 || op === 0xd0) leb(NF_SMALL);
    else if (op === 0x42) leb(NF_I64);
    else if (op === 0x43) bits(4);
    else if (op === 0x44) bits(8);
    else if (op === 0xfc) {
      const k = leb(NF_OP);
      if (k === 8 || k === 12 || k === 14) { leb(NF_INDEX); leb(NF_SMALL); }  // memory.init, table.init, table.copy
      else if (k === 10) { leb(NF_SMALL); leb(NF_SMALL); }                    // memory.copy
      else if (k === 9 || k === 11 || (k >= 13 && k <= 17)) leb(NF_SMALL);
    } else if (op === 0xfd) {
      const k = leb(NF_OP);
      if (k <= 11 || k === 92 || k === 93) memarg();
      else if (k === 12 || k === 13) bits(16);                               // v128.const, i8x16.shuffle
      else if (k >= 21 && k <= 34) byte(NF_SMALL);                            // a lane
      else if (k >= 84 && k <= 91) { memarg(); byte(NF_SMALL); }
    }
  }
}

// nfUnsplitWasm(bytes, limit = 64 MiB) -> more(n), or null if the bytes are not a split file (no
// magic): more(n) unsplits at least n more function bodies (or to the end) and returns the wasm when
// it is whole, else null, so that a page can unsplit in pieces as it decodes LZMA in pieces. Damage
// throws: every read is within its stream, the output is the size the file gives, each body ends.
function nfUnsplitWasm(b, limit = 1 << 26) {
  const fail = (what) => { throw new Error('noisefield: the packed wasm is damaged (' + what + ')'); };
  if (NF_SPLIT_MAGIC.some((x, i) => b[i] !== x)) return null;
  let at = 4;
  const number = () => {
    let v = 0, s = 0, x;
    do { if (at >= b.length || s > 28) fail('split header'); x = b[at++]; v += (x & 127) * 2 ** s; s += 7; } while (x & 128);
    return v;
  };
  const size = number();
  if (size > limit) fail('size ' + size + ' over ' + limit);
  const lengths = Array.from({ length: NF_STREAMS }, number), pos = [], ends = [];
  for (const n of lengths) { pos.push(at); ends.push(at += n); }
  if (at !== b.length) fail('split streams');
  // Ten bytes more than the size: the code section and each body are written after room for their
  // size's LEB128 (five bytes), then moved back. A write past the end is dropped (a typed array's)
  // and caught at the end, where q is not the size.
  const out = new Uint8Array(size + 10);
  let q = 0;
  const byte = (k) => (pos[k] < ends[k] ? (out[q++] = b[pos[k]++]) : fail('a split stream ends early'));
  const leb = (k) => {
    let p = pos[k], v = 0, s = 0, x;
    do { if (p >= ends[k]) fail('a split stream ends early'); x = b[p++]; out[q++] = x; v += (x & 127) * 2 ** s; s += 7; } while (x & 128);
    pos[k] = p;
    return v;
  };
  const rest = (k) => {
    if (q + ends[k] - pos[k] > size) fail('longer than its size');
    out.set(b.subarray(pos[k], ends[k]), q);
    q += ends[k] - pos[k];
    pos[k] = ends[k];
  };
  const open = () => (q += 5);
  // Puts the length of what was written since open() before it, as LEB128.
  const close = (start) => {
    let n = q - start, w = start - 5;
    do { out[w++] = (n & 127) | (n > 127 ? 128 : 0); n >>>= 7; } while (n);
    out.copyWithin(w, start, q);
    q -= start - w;
  };
  rest(NF_PRE);
  out[q++] = 10;  // the code section
  const section = open();
  let bodies = leb(NF_LOC);
  return (n) => {
    for (; bodies > 0 && n > 0; bodies--, n--) {
      const body = open();
      nfWasmBody(byte, leb);
      close(body);
    }
    if (bodies > 0) return null;
    close(section);
    rest(NF_POST);
    if (q !== size || pos.some((p, k) => p !== ends[k])) fail('split streams');
    return out.subarray(0, size);
  };
}
