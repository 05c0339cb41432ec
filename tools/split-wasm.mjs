// Splits a wasm's code section into streams by kind of byte, for LZMA (tools/pack-wasm.mjs): the
// format and the walk are cpp/bindings/wasm.unsplit.js's, which the module's face carries to undo
// it; this side reads the wasm through the same walk (nfWasmBody) and appends to the streams.
//   splitWasm(wasm: Buffer) -> Buffer           the split file (throws if the walk cannot read the module)
//   splitStreams(wasm: Buffer) -> { op, ... }    its streams by name (lower case of NF_OP, ...)
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';

const source = readFileSync(new URL('../cpp/bindings/wasm.unsplit.js', import.meta.url), 'utf8');
const { NF_STREAMS, NF_SPLIT_MAGIC, nfWasmBody, nfUnsplitWasm, streamNumbers } = runInThisContext(
  `(() => { ${source}; return { NF_STREAMS, NF_SPLIT_MAGIC, nfWasmBody, nfUnsplitWasm,
    streamNumbers: { ${[...source.matchAll(/\bNF_([A-Z0-9]+) = \d+/g)].map(([, n]) => `${n.toLowerCase()}: NF_${n}`).join(', ')} } }; })()`);
// The wasm back from a split file, whole (null if it is not one).
export const unsplitWasm = (split) => nfUnsplitWasm(split)?.(Infinity) ?? null;
// The streams' names in the file's order.
export const STREAM_NAMES = Object.keys(streamNumbers).filter((n) => n !== 'streams').sort((a, b) => streamNumbers[a] - streamNumbers[b]);
if (STREAM_NAMES.length !== NF_STREAMS || STREAM_NAMES.some((n, i) => streamNumbers[n] !== i)) throw new Error('split-wasm: the stream numbers are not 0..NF_STREAMS-1');

const uleb = (n) => { const o = []; do { o.push((n & 127) | (n > 127 ? 128 : 0)); n >>>= 7; } while (n); return o; };

export function splitStreams(wasm) {
  const fail = (what) => { throw new Error(`split-wasm: ${what}`); };
  if (wasm.length < 8 || wasm.readUInt32BE(0) !== 0x0061736d) fail('not WebAssembly');
  let p = 8;
  const leb = () => { let v = 0, s = 0, x; do { if (p >= wasm.length) fail('a number runs past the end'); x = wasm[p++]; v += (x & 127) * 2 ** s; s += 7; } while (x & 128); return v; };
  let code = null;
  while (p < wasm.length) {
    const at = p++;
    const size = leb();
    if (wasm[at] === 10) code = { at, body: p, end: p + size };
    p += size;
  }
  if (!code) fail('no code section');
  const streams = STREAM_NAMES.map(() => []);
  streams[streamNumbers.pre] = [...wasm.subarray(0, code.at)];
  streams[streamNumbers.post] = [...wasm.subarray(code.end)];
  const byte = (k) => { if (p >= code.end) fail('the walk runs past the code section'); streams[k].push(wasm[p]); return wasm[p++]; };
  const number = (k) => { const from = p; const v = leb(); streams[k].push(...wasm.subarray(from, p)); return v; };
  p = code.body;
  for (let n = number(streamNumbers.loc); n > 0; n--) {
    const size = leb();
    const end = p + size;
    nfWasmBody(byte, number);
    if (p !== end) fail(`a body's walk ends at ${p}, its size says ${end}`);
  }
  if (p !== code.end) fail('the code section has bytes after its bodies');
  return Object.fromEntries(STREAM_NAMES.map((n, i) => [n, Buffer.from(streams[i])]));
}

export function splitWasm(wasm) {
  const streams = Object.values(splitStreams(wasm));
  const split = Buffer.concat([Buffer.from([...NF_SPLIT_MAGIC, ...uleb(wasm.length), ...streams.flatMap((s) => uleb(s.length))]), ...streams]);
  // The unsplitter writes sizes as the shortest LEB128; a wasm written otherwise is not split.
  const back = unsplitWasm(split);
  if (!back || !Buffer.from(back).equals(wasm)) throw new Error('split-wasm: the split file does not unsplit to the same bytes');
  return split;
}
