// The ported page against the original's reference renders (shared/spec/reference/): which pixels
// differ by more than a threshold in some channel, counted outside the boxes a comparison leaves
// out (the card, the board), with the pixels of an `apart` mask (the ruin's plates, whose colours
// the references took from a stand-in stylesheet) counted on their own. And a picture of it.
import { deflateSync } from 'node:zlib';

export function compare(ref, ours, { threshold = 48, exclude = [], apart = () => false } = {}) {
  if (ref.width !== ours.width || ref.height !== ours.height) throw new Error(`sizes differ: ${ref.width}x${ref.height} vs ${ours.width}x${ours.height}`);
  const { width, height } = ref;
  const out = new Uint8Array(width * height * 4);
  const tally = { kept: { n: 0, beyond: 0, any: 0 }, apart: { n: 0, beyond: 0, any: 0 } };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = (y * width + x) * 4;
      const skip = exclude.some((b) => x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1);
      let d = 0;
      for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(ref.data[k + c] - ours.data[k + c]));
      // The picture: ours in grey, the differences beyond the threshold in red (magenta where apart),
      // the boxes left out dimmed.
      const grey = (ours.data[k] * 0.3 + ours.data[k + 1] * 0.59 + ours.data[k + 2] * 0.11) * 0.5 + 100;
      out[k + 3] = 255;
      if (skip) { out[k] = out[k + 1] = out[k + 2] = grey * 0.4; continue; }
      const t = apart(x, y) ? tally.apart : tally.kept;
      t.n++;
      if (d > 0) t.any++;
      if (d > threshold) {
        t.beyond++;
        out[k] = 230; out[k + 1] = 30; out[k + 2] = t === tally.apart ? 200 : 30;
      } else {
        out[k] = out[k + 1] = out[k + 2] = grey;
      }
    }
  }
  const pct = (a, b) => (b ? (100 * a) / b : 0);
  const all = { n: tally.kept.n + tally.apart.n, beyond: tally.kept.beyond + tally.apart.beyond, any: tally.kept.any + tally.apart.any };
  return {
    width, height, picture: out,
    beyondPct: pct(all.beyond, all.n), anyPct: pct(all.any, all.n),
    keptBeyondPct: pct(tally.kept.beyond, tally.kept.n), keptPixels: tally.kept.n,
    apartBeyondPct: pct(tally.apart.beyond, tally.apart.n), apartPixels: tally.apart.n,
  };
}

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// RGBA8 -> PNG bytes.
export function encodePng(width, height, rgba) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
