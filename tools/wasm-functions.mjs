// The code section of a wasm with a name section, function by function: bytes and gzip -9 of each
// body, largest first (issue 22: where the 404 page's wasm spends its bytes). The build strips names;
// for a named module, link the landscape again with --profiling-funcs and finish it with
// tools/landscape-module.mjs's wasm-opt flags plus -g (binaryen drops names without it), as
// docs/module.md ("Where the bytes are") did.
//   node tools/wasm-functions.mjs FILE.wasm [N]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const b = readFileSync(process.argv[2]);
const N = +(process.argv[3] ?? 60);
function leb(at) { let v = 0, s = 0, x; do { x = b[at++]; v += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return [v, at]; }
let imports = 0; const bodies = []; const names = new Map(); const secs = [];
for (let at = 8; at < b.length;) {
  const id = b[at]; const [size, body] = leb(at + 1); const end = body + size;
  let name = '';
  if (id === 0) { const [l, p] = leb(body); name = b.subarray(p, p + l).toString(); }
  secs.push([id, name, size]);
  if (id === 2) { let [n, p] = leb(body); for (; n > 0; n--) { let l; [l, p] = leb(p); p += l; [l, p] = leb(p); p += l; const kind = b[p++]; if (kind === 0) { imports++; [, p] = leb(p); } else if (kind === 1) { p++; const [fl, q] = leb(p); p = q; [, p] = leb(p); if (fl & 1) [, p] = leb(p); } else if (kind === 2) { const [fl, q] = leb(p); p = q; [, p] = leb(p); if (fl & 1) [, p] = leb(p); } else if (kind === 3) { p += 2; } } }
  if (id === 10) { let [n, p] = leb(body); for (let i = 0; i < n; i++) { const [sz, q] = leb(p); bodies.push([i, q, sz]); p = q + sz; } }
  if (id === 0 && name === 'name') { let [l, p] = leb(body); p += l; while (p < end) { const sub = b[p]; const [ss, q] = leb(p + 1); if (sub === 1) { let [n, r] = leb(q); for (; n > 0; n--) { let idx, nl; [idx, r] = leb(r); [nl, r] = leb(r); names.set(idx, b.subarray(r, r + nl).toString()); r += nl; } } p = q + ss; } }
  at = end;
}
console.log('sections', secs.map(([i, n, s]) => `${i}${n ? ':' + n : ''}=${s}`).join(' '));
const rows = bodies.map(([i, p, sz]) => ({ name: names.get(i + imports) ?? `f${i + imports}`, sz, gz: gzipSync(b.subarray(p, p + sz), { level: 9 }).length }));
rows.sort((a, c) => c.sz - a.sz);
const tot = rows.reduce((a, r) => a + r.sz, 0);
console.log(`functions ${rows.length}, code bytes ${tot}`);
for (const r of rows.slice(0, N)) console.log(String(r.sz).padStart(7), String(r.gz).padStart(6), r.name.slice(0, 150));
// GROUP=1: also summed by the first nf::scene:: name in each function's name.
if (process.env.GROUP) {
  const g = new Map();
  for (const r of rows) { const k = (r.name.match(/nf::scene::([A-Za-z_]+)/) ?? r.name.match(/^([a-z_A-Z]+)/) ?? ['', '?'])[1]; g.set(k, (g.get(k) ?? 0) + r.sz); }
  console.log([...g].sort((a, c) => c[1] - a[1]).slice(0, 40).map(([k, v]) => `${k} ${v}`).join('\n'));
}
