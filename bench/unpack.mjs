// What the packed landscape wasm costs the page: decoding web/noisefield-landscape.wasm.lzma in
// headless Chromium with the module's own unpackWasm (cpp/bindings/lzma.decode.js), in a fresh page
// each round, as the loader does it (16 KB pieces with scheduler.yield between them: the decoder's
// first, cold run), then warm (the best of six whole runs), beside WebAssembly.compile of the plain
// bytes, which every load does anyway. `./noisefield bench unpack` (also in a plain `bench`).
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const cell = (a) => `${median(a).toFixed(1)} (${Math.min(...a).toFixed(1)}-${Math.max(...a).toFixed(1)})`;

export async function benchUnpack({ browser, url, report, quick = false }) {
  const rounds = quick ? 3 : 9;
  const rows = [];
  for (let r = 0; r < rounds; r++) {
    const page = await browser.newPage();
    try {
      await page.goto(new URL('web/favicon.svg', url).href);
      rows.push(await page.evaluate(async () => {
        const { unpackWasm } = await import(new URL('noisefield-landscape.mjs', location.href).href);
        const packed = new Uint8Array(await (await fetch(new URL('noisefield-landscape.wasm.lzma', location.href))).arrayBuffer());
        const yieldTask = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((ok) => setTimeout(ok, 0)));
        let last = performance.now(), longest = 0, busy = 0, pieces = 1;
        const lap = () => { const now = performance.now(); longest = Math.max(longest, now - last); busy += now - last; };
        const plain = await unpackWasm(packed, async () => { lap(); pieces++; await yieldTask(); last = performance.now(); });
        lap();
        let warm = Infinity;
        for (let i = 0; i < 6; i++) {
          const t = performance.now();
          await unpackWasm(packed);
          warm = Math.min(warm, performance.now() - t);
        }
        const t = performance.now();
        await WebAssembly.compile(plain);
        return { busy, longest, pieces, warm, compile: performance.now() - t, packed: packed.length, plain: plain.length };
      }));
    } finally {
      await page.close();
    }
  }
  const col = (k) => rows.map((x) => x[k]);
  const { packed, plain, pieces } = rows[0];
  report.section(`The packed wasm's decoding in headless Chromium (${rounds} fresh pages)`, ['what', 'ms: median (min-max)'], [
    ['first decode, as the page does it: all pieces', cell(col('busy'))],
    ['first decode: its longest piece (one task)', cell(col('longest'))],
    ['warm decode, whole (best of 6)', cell(col('warm'))],
    ['WebAssembly.compile of the plain bytes', cell(col('compile'))],
  ], [`web/noisefield-landscape.wasm.lzma: ${packed} bytes -> ${plain} (unpackWasm, ${pieces} pieces: 16 KB decoded or 128 function bodies unsplit, a task each).`,
    'Wall times on the page\'s main thread; a machine busy with other work stretches them.']);
  return { rows };
}
