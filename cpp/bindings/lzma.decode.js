// An LZMA decoder for the landscape's packed wasm (noisefield-landscape.wasm.lzma, written by
// tools/pack-wasm.mjs with xz): .lzma ("LZMA alone") streams, i.e. a 13-byte header (properties
// byte lc/lp/pb, dictionary size, uncompressed size) and one LZMA1 stream that ends with the end
// marker, as xz writes it. Two things the format allows are refused, to keep the decoder small and
// strict: a header without the size (xz writes all ones; tools/pack-wasm.mjs writes the size), and
// a stream without the end marker (the marker, the range decoder's final state and the input's
// exact end are the only integrity check the format has, there being no checksum). The dictionary
// size is not needed: the whole output is the dictionary. Packed, the module is about 15 %
// smaller than gzip -9 makes it, on any static host, compressing or not.
//
// The output is one flat array that is also the dictionary: every match copies from bytes already
// written, so no window is kept and no distance may reach before the start. Bad input throws an
// Error and never loops: every step writes at least one byte or ends, the output stops at the
// header's size (at most `limit`), and reading past the input's end throws.
// Part of the module's face (tools/landscape-module.mjs concatenates it): no imports, no eval.
//
// nfUnlzma(bytes: Uint8Array, limit = 64 MiB) -> more(n): decodes at least n more bytes (or to the
// end) and returns the output when the stream is complete, else null, so that a page can decode in
// pieces with a task boundary between them (a cold decoder is slow). Throws at once if the header
// is bad: nfUnlzma(bytes)(Infinity) decodes everything or throws.
function nfUnlzma(src, limit = 1 << 26) {
  const fail = (what) => { throw new Error('noisefield: the packed wasm is damaged (' + what + ')'); };
  const n = src.length;
  if (n < 18) fail('ends early');
  let props = src[0];
  if (props >= 225) fail('bad properties byte');
  const lc = props % 9;
  props = (props / 9) | 0;
  const lpMask = (1 << (props % 5)) - 1, pbMask = (1 << ((props / 5) | 0)) - 1;
  // Uncompressed size: 8 bytes little-endian.
  let size = 0;
  for (let i = 12; i > 4; i--) size = size * 256 + src[i];
  if (size > limit) fail(src[12] === 255 ? 'no size in the header' : 'size ' + size + ' over ' + limit);
  const out = new Uint8Array(size);
  const over = () => fail('longer than its size');

  // The range decoder's range and code: unsigned 32-bit, kept in a typed array, since a closure's
  // variable holding a number past 2^30 is a heap number, made anew at each change (about a fifth
  // slower in Node).
  const rc = new Uint32Array([0xffffffff, 0]);
  let ip = 14;
  if (src[13] !== 0) fail('bad start');
  const next = () => (ip < n ? src[ip++] : fail('ends early'));
  const norm = () => {
    if (rc[0] < 0x1000000) {
      rc[0] <<= 8;
      rc[1] = (rc[1] << 8) | next();
    }
  };
  for (let i = 0; i < 4; i++) rc[1] = (rc[1] << 8) | next();
  if (rc[1] === rc[0]) fail('bad start');

  // Every probability in one array, 11-bit, starting at one half. The models' offsets are written
  // as numbers where they are used (named, esbuild keeps them as variables: 50 bytes gzipped):
  //   0 is-match (state, position), 192 is-rep, 204 rep-g0, 216 rep-g1, 228 rep-g2,
  //   240 rep0-long (state, position), 432 distance slots, 688 special distances, 802 align,
  //   818 match lengths, 1332 rep lengths, 1846 literals.
  const p = new Uint16Array(1846 + (0x300 << (lc + (props % 5)))).fill(1024);

  const bit = (i) => {
    norm();
    const q = p[i], bound = (rc[0] >>> 11) * q;
    if (rc[1] < bound) {
      rc[0] = bound;
      p[i] = q + ((2048 - q) >> 5);
      return 0;
    }
    rc[0] -= bound;
    rc[1] -= bound;
    p[i] = q - (q >> 5);
    return 1;
  };
  // Bit trees: a symbol of `bits` bits, most significant first, or with `reversed` least first.
  const tree = (base, bits, reversed) => {
    let m = 1, sym = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(base + m);
      m = (m << 1) | b;
      sym |= b << i;
    }
    return reversed ? sym : m - (1 << bits);
  };
  // Match lengths minus two: 0-7, 8-15 (per position state) or 16-271.
  const length = (base, ps) => (!bit(base) ? tree(base + 2 + ps * 8, 3)
    : !bit(base + 1) ? 8 + tree(base + 130 + ps * 8, 3) : 16 + tree(base + 258, 8));

  // The decoder's state between pieces; each piece works on local copies (as a closure's
  // variables, the loop took longer to warm up in Node).
  let at = 0, st = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  return (more) => {
    let pos = at, state = st, rep0 = d0, rep1 = d1, rep2 = d2, rep3 = d3;
    for (const stop = pos + more; pos < stop;) {
      const ps = pos & pbMask;
      if (!bit((state << 4) + ps)) {
        // A literal, coded in the context of the previous byte and the position; after a match, the
        // byte at the last distance predicts it too until the first bit where they differ.
        if (pos >= size) over();
        const base = 1846 + 0x300 * (((pos & lpMask) << lc) + ((pos ? out[pos - 1] : 0) >> (8 - lc)));
        let sym = 1;
        if (state >= 7) {
          let m = out[pos - rep0 - 1];
          while (sym < 0x100) {
            const mb = (m >> 7) & 1;
            m <<= 1;
            const b = bit(base + ((1 + mb) << 8) + sym);
            sym = (sym << 1) | b;
            if (b !== mb) break;
          }
        }
        while (sym < 0x100) sym = (sym << 1) | bit(base + sym);
        out[pos++] = sym;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len;
      if (bit(192 + state)) {
        if (!pos) fail('a distance before the start');
        if (!bit(204 + state)) {
          if (!bit(240 + (state << 4) + ps)) {
            // One byte again from the last distance.
            state = state < 7 ? 9 : 11;
            if (pos >= size) over();
            out[pos] = out[pos - rep0 - 1];
            pos++;
            continue;
          }
        } else {
          let d;
          if (!bit(216 + state)) d = rep1;
          else {
            if (!bit(228 + state)) d = rep2;
            else {
              d = rep3;
              rep3 = rep2;
            }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = d;
        }
        len = length(1332, ps);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        len = length(818, ps);
        state = state < 7 ? 7 : 10;
        // The distance: a 6-bit slot per length class (2, 3, 4, 5+), then its low bits from
        // reverse trees (slots 4-13) or direct bits and a 4-bit reverse tree (slots 14-63).
        const slot = tree(432 + (len < 3 ? len : 3) * 64, 6);
        if (slot < 4) rep0 = slot;
        else {
          // In int32 arithmetic throughout (the end marker, 2^32 - 1, is -1): a value past 2^31 at
          // the end of every stream deoptimised the decoder in V8 ("lost precision").
          const nd = (slot >> 1) - 1;
          rep0 = (2 | (slot & 1)) << nd;
          if (slot < 14) rep0 += tree(688 + rep0 - slot, nd, 1);
          else {
            let d = 0;
            for (let i = nd - 4; i > 0; i--) {
              norm();
              const b = rc[1] >= (rc[0] >>>= 1) ? 1 : 0;
              if (b) rc[1] -= rc[0];
              d = (d << 1) | b;
            }
            rep0 = (rep0 + (d << 4) + tree(802, 4, 1)) | 0;
            if (rep0 === -1) {
              // The end marker. A sound stream ends here with the code at zero and nothing left
              // but the encoder's final zero byte, which the decoder may not need.
              if (pos !== size) fail('ends before its size');
              if (rc[1] !== 0 || n - ip > 1 || src[ip]) fail('bad end');
              return out;
            }
          }
        }
        if (rep0 < 0 || rep0 >= pos) fail('a distance before the start');
      }
      len += 2;
      if (pos + len > size) over();
      for (let from = pos - rep0 - 1; len > 0; len--) out[pos++] = out[from++];
    }
    [at, st, d0, d1, d2, d3] = [pos, state, rep0, rep1, rep2, rep3];
    return null;
  };
}

