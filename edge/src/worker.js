// The link-preview worker (Cloudflare Workers; README.md, "Share links and previews"):
//   /world/?<query>              the share page with the shared world's og:/twitter: tags
//   /world/preview.png?<query>   that world's 1200 x 630 preview, drawn by the page's own scene
//                                wasm, pixel for pixel noisefield-cli render's
//   /world/<name>/?<query>       (a pre-rendered world's page, dist --worlds, with a query that
//                                sets a world parameter) redirects to /world/?<query>, the one
//                                page per world
// Everything else, and /world/<name>/ without a query, is dist/ from the static assets.
//
// The scene: web/noisefield-landscape.wasm (the plain file the page's .wasm.lzma packs), which
// the Workers runtime hands over compiled (a WebAssembly.Module import: no fetch, no eval), under
// the module's own JavaScript face. One instance per isolate, made at the first request.
import wasm from '../../web/noisefield-landscape.wasm';
import createNoisefield from '../../web/noisefield-landscape.mjs';
import { describeWorld, readWorld } from './world.js';
import { renderWorld } from './render.js';
import { encodePng } from './png.js';
import { worldPage } from './page.js';

const PAGE = '/world/', IMAGE = '/world/preview.png';
// Longer queries are refused before parsing: a valid one (a 64-character seed word, escaped, and
// seven numbers) is well under 1 KB.
const MAX_QUERY = 2048;
// The picture is a pure function of its canonical query, so it is cached for a year, and never
// revalidated; the page is not (its script and style change with a deploy).
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
const PAGE_CACHE = 'public, max-age=300';

let module = null;
const scene = () => (module ??= createNoisefield({
  instantiateWasm(imports, done) { done(new WebAssembly.Instance(wasm, imports)); },
}));

const text = (status, body, headers = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

function redirect(url, path, query) {
  const to = new URL(path, url);
  to.search = query;
  return new Response(null, { status: 301, headers: { location: to.href, 'cache-control': IMAGE_CACHE } });
}

async function preview(url, world, ctx) {
  const cache = caches.default;
  const key = new Request(url.href);  // a GET of the canonical URL, whatever the method
  const hit = await cache.match(key);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set('x-noisefield-cache', 'hit');
    return res;
  }
  const M = await scene();
  const pic = renderWorld(M, world.state);
  const png = await encodePng(pic.width, pic.height, pic.pixels);
  const res = new Response(png, {
    headers: { 'content-type': 'image/png', 'cache-control': IMAGE_CACHE, 'x-noisefield-cache': 'miss' },
  });
  ctx.waitUntil(cache.put(key, res.clone()));
  return res;
}

async function page(url, world, env, M) {
  const template = await env.ASSETS.fetch(new Request(new URL(PAGE, url)));
  if (!template.ok) return text(502, `edge: the share page ${PAGE} is missing from the assets (HTTP ${template.status})`);
  const canonical = new URL(PAGE, url);
  canonical.search = world.page;
  const image = new URL(IMAGE, url);
  image.search = world.preview;
  const words = describeWorld(M, world.state);
  const seed = world.state.seedWord ?? world.state.seed ?? M.kDefaultWorldSeed;
  const html = worldPage(await template.text(), {
    title: `A noisefield world: ${seed}`,
    description: `A pixel-art landscape drawn live in WebAssembly from its seed${words.length ? ` (${words.join(', ')})` : ''}: step through the gate, or share your own view.`,
    canonical: canonical.href, image: image.href,
  });
  // A query with invalid values is answered as the page answers it (its note names each one and
  // the default stands in), not cached; its tags are the canonical world's.
  const cache = world.ignored.length ? 'no-store' : PAGE_CACHE;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cache } });
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const onImage = url.pathname === IMAGE, onPage = url.pathname === PAGE;
    const otherWorld = !onImage && !onPage && url.pathname.startsWith(PAGE) && url.pathname.endsWith('/') && url.search.length > 1;
    if (!onImage && !onPage && !otherWorld) return env.ASSETS.fetch(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'edge: GET only', { allow: 'GET, HEAD' });
    if (url.search.length > MAX_QUERY) return text(414, `edge: the query is over ${MAX_QUERY} characters`);
    const M = await scene();
    const world = readWorld(M, url.search);
    const query = url.search.slice(1);
    // A query that names no world (utm_source=...) leaves a pre-rendered page as it is.
    if (otherWorld) return world.page ? redirect(url, PAGE, world.page) : env.ASSETS.fetch(request);
    if (onImage) return query === world.preview ? preview(url, world, ctx) : redirect(url, IMAGE, world.preview);
    if (query !== world.page && !world.ignored.length) return redirect(url, PAGE, world.page);
    return page(url, world, env, M);
  },
};
