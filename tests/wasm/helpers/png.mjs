// A small PNG reader for the tests (8-bit RGB / RGBA, non-interlaced: what the CLI, Chromium and
// Firefox write): -> { width, height, data: Uint8Array RGBA }. Its unfilter also serves the 16-bit
// greyscale heightmaps' reader (tests/wasm/toolkit_heightmap.test.mjs: 2 bytes per pixel).
import { inflateSync } from 'node:zlib';

// The rows' bytes from an inflated IDAT stream (a filter type byte, then stride = width * bpp
// bytes per row), each row unfiltered by its type (PNG's None, Sub, Up, Average, Paeth), with bpp
// bytes per pixel: the distance to the byte on the left that Sub, Average and Paeth predict from.
export function unfilter(raw, width, height, bpp) {
  const stride = width * bpp;
  if (raw.length !== height * (stride + 1)) throw new Error(`PNG data: ${raw.length} bytes for ${height} rows of ${stride} + 1`);
  const px = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    if (f > 4) throw new Error(`PNG row ${y}: filter type ${f}`);
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = px.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? px.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp] : 0, b = up ? up[i] : 0, c = up && i >= bpp ? up[i - bpp] : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      row[i] = (src[i] + p) & 255;
    }
  }
  return px;
}

export function decodePng(buf) {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  sig.forEach((b, i) => { if (buf[i] !== b) throw new Error('not a PNG'); });
  let pos = 8, width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8];
      colour = body[9];
      interlace = body[12];
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  if (depth !== 8 || (colour !== 6 && colour !== 2) || interlace) throw new Error(`unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`);
  const bpp = colour === 6 ? 4 : 3;
  const px = unfilter(inflateSync(Buffer.concat(idat)), width, height, bpp);
  if (bpp === 4) return { width, height, data: px };
  const rgba = new Uint8Array(width * height * 4);
  for (let k = 0, j = 0; k < px.length; k += 3, j += 4) {
    rgba[j] = px[k]; rgba[j + 1] = px[k + 1]; rgba[j + 2] = px[k + 2]; rgba[j + 3] = 255;
  }
  return { width, height, data: rgba };
}
