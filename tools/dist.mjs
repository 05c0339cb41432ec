// `./noisefield dist`: the prebuilt drop-in. Writes dist/ from web/ and the built modules:
//   404.html, 404.css, 404.js, favicon.svg   the whole 404 page (every reference relative to its
//                                             <base href>, so it works when served at any path);
//   landscape-worker.js, landscape-debug.js   404.js is one script as in web/min/, with its worker
//                                             (and the tests' instruments) beside it
//   landscape/                               the embed: landscape.js (mount + <noisefield-landscape>;
//                                             landscape-element.js its alias, as in the package),
//                                             landscape-worker.js (the scene off the main thread) and
//                                             their shared chunk, the module (as .js: no .mjs in
//                                             dist/, which stock nginx serves with a type browsers
//                                             refuse for scripts) and its wasm
//                                             (noisefield-landscape.wasm.lzma: LZMA-packed, see
//                                             tools/pack-wasm.mjs),
//                                             landscape.d.ts (+ noisefield.d.ts)
//   explorer/                                with --explorer: the noise explorer (404.html links to
//                                             it only then)
//   world/index.html, preview.png            the page share links lead to, and the link preview
//                                             (og:, twitter: tags) rendered by the native CLI
//                                             (tools/preview.mjs; --site https://your.site makes
//                                             the image URL absolute, --seed WORD previews your world)
//   world/NAME/index.html, preview.png       with --worlds NAME[:param=value...],...: a share page and
//                                             a preview per listed world, for hosts without functions
//                                             (the page's "Share this view" links to them; README.md,
//                                             "Share links and previews")
// and build/noisefield-dist-<version>.tar.gz of it. Bundled and minified with esbuild.
//   node tools/dist.mjs [--out DIR] [--base /sub/path/] [--explorer] [--site URL] [--seed WORD] [--worlds LIST]
//                     [--lang en|fr] [--title T] [--message M] [--home-label L]
//                     [--card board|classic] [--departures FILE.json]
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD, bundleWithWorker, externals, MODULE_FILES, minifyCss, need, root, web, writePageScripts } from './page-bundle.mjs';
import { PREVIEW, previewTags, renderPreview, renderWorldPreview, sharePage, withTags } from './preview.mjs';
import { describeWorld, readWorld } from '../edge/src/world.js';
import { cardTexts, escapeHtml, PAGE_TEXTS } from '../web/404-texts.js';
import { CARD_KINDS, DEPARTURES_ID, readDepartures } from '../web/404-board.js';

export function versionOf() {
  return readFileSync(join(root, 'cpp/noise/version.h'), 'utf8').match(/kVersion = "([^"]+)"/)[1];
}

async function bundle(entry, outfile, map = {}) {
  await build({ ...BUILD, entryPoints: [join(web, entry)], outfile, plugins: [externals(map)] });
}

// Sets the text of the one element `open` starts (its tag up to `>`), insisting that it is there.
function setText(html, open, tag, text) {
  const at = html.indexOf(open);
  if (at < 0 || html.indexOf(open, at + 1) >= 0) throw new Error(`dist: expected one ${JSON.stringify(open)} in the page`);
  const end = html.indexOf(`</${tag}>`, at);
  return html.slice(0, at + open.length) + escapeHtml(text) + html.slice(end);
}

// The card's language and words (web/404-texts.js: defaults per language, checked overrides),
// written into the page, so that it reads right without JavaScript too.
function withCardTexts(html, { lang, title, message, homeLabel }) {
  const t = cardTexts(lang, { title, message, homeLabel });
  html = swap(html, '<html lang="en">', `<html lang="${lang}">`);
  html = setText(html, '<title>', 'title', PAGE_TEXTS[lang].pageTitle);
  html = setText(html, '<p class="nf-code">', 'p', t.code);
  html = setText(html, '<h1 class="nf-title">', 'h1', t.title);
  html = setText(html, '<p class="nf-message">', 'p', t.message);
  html = setText(html, '<a class="nf-home" href="./">', 'a', t.homeLabel);
  html = setText(html, '<button class="nf-share" type="button" hidden>', 'button', t.share);
  html = setText(html, '<button class="nf-save" type="button">', 'button', t.save);
  return setText(html, '<button class="nf-card-toggle" type="button" aria-expanded="false" hidden>', 'button', t.more);
}

// --departures FILE: the site's pages for the board (web/404-board.js), checked as the page reads
// them (a problem stops the build, naming it), written into the page as its JSON block.
function departuresBlock(file, base) {
  let text;
  try { text = readFileSync(file, 'utf8'); } catch (e) { throw new Error(`--departures: cannot read ${file} (${e.code || e.message})`); }
  const problems = [];
  readDepartures(text, new URL(base, 'https://site.invalid').href, (m) => problems.push(m));
  if (problems.length) throw new Error(`--departures ${file}: ${problems.join('; ')}`);
  // Inside <script>, "<" as \u003c: no "</script>" in a title can end the block.
  return `<script type="application/json" id="${DEPARTURES_ID}">\n${JSON.stringify(JSON.parse(text), null, 1).replace(/</g, '\\u003c')}\n</script>`;
}

// Replaces `from` in `text`, insisting that it is there: a silent no-op would ship a broken page.
function swap(text, from, to) {
  if (!text.includes(from)) throw new Error(`dist: expected ${JSON.stringify(from)} in the page`);
  return text.split(from).join(to);
}

// dist/ ships no .mjs: Debian's nginx with its stock mime.types (no mjs entry) sends one as
// application/octet-stream, and browsers refuse a module script of that type. Renames `file` in
// `dir` to .js and every reference to it in the folder's .js and .html files (the bundles'
// imports, the loader's URLs, a modulepreload), insisting that there is one.
function asJs(dir, file) {
  const to = file.replace(/\.mjs$/, '.js');
  renameSync(join(dir, file), join(dir, to));
  let refs = 0;
  for (const f of readdirSync(dir).filter((n) => /\.(js|html)$/.test(n) && n !== to)) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (!text.includes(file)) continue;
    refs++;
    writeFileSync(join(dir, f), text.split(file).join(to));
  }
  if (!refs) throw new Error(`dist: nothing in ${relative(root, dir)} refers to ${file}`);
  if (readdirSync(dir).some((n) => n.endsWith('.mjs'))) throw new Error(`dist: a .mjs is left in ${dir}`);
}

// The page's landscape module in Node, for the parameter table.
async function landscapeModule() {
  const { default: createNoisefield } = await import(pathToFileURL(need(join(web, 'noisefield-landscape.mjs'))).href);
  return createNoisefield({ wasmBinary: readFileSync(need(join(web, 'noisefield-landscape.wasm'))) });
}

// --worlds "alice,bob:day=0.2:dusk=0.5" -> [{ name, page, preview, words }]: NAME is the world's
// folder (world/NAME/) and its seed unless it sets seed=; the values are checked by the module's
// table, as the page checks its URL, and a bad one stops the build naming it.
export async function parseWorlds(spec) {
  if (!spec) return [];
  const M = await landscapeModule();
  const urlNames = M.worldParams().filter((p) => p.url).map((p) => p.name);
  const seen = new Set();
  return spec.split(',').map((item) => {
    const [name, ...pairs] = item.split(':');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw new Error(`--worlds: a world's name is its folder world/NAME/: 1..64 letters, digits, - or _ (got ${JSON.stringify(name)})`);
    if (seen.has(name)) throw new Error(`--worlds: ${name} is listed twice`);
    seen.add(name);
    const q = new URLSearchParams([[urlNames[0], name]]);
    for (const pair of pairs) {
      const [k, ...v] = pair.split('=');
      if (!urlNames.includes(k) || !v.length) throw new Error(`--worlds ${name}: expected param=value with a URL parameter (${urlNames.join(', ')}) (got ${JSON.stringify(pair)})`);
      q.set(k, v.join('='));
    }
    const w = readWorld(M, '?' + q);
    if (w.ignored.length) throw new Error(`--worlds ${name}: ${w.ignored.map((i) => `${i.name}=${i.raw}: ${i.error}`).join('; ')}`);
    return { name, page: w.page, preview: w.preview, words: describeWorld(M, w.state) };
  });
}

// --base: the path the site serves dist/ at. One leading "/" and path segments of URL path
// characters (RFC 3986 pchar), each ending in "/": "//host/" or "/\\host/" would make <base href>
// point at another host (a protocol-relative URL), and a quote or "<" would end the attribute.
const SEGMENT = /^(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/;
export function checkBase(base) {
  const segments = typeof base === 'string' && base.startsWith('/') && base.endsWith('/') ? base.slice(1, -1).split('/') : null;
  const ok = segments && (base === '/' || segments.every((seg) => SEGMENT.test(seg) && seg !== '.' && seg !== '..'));
  if (!ok) throw new Error(`--base must be a path that starts and ends with one "/", like /myproject/ or /docs/404/, of URL path characters, with no empty, "." or ".." segment (got ${JSON.stringify(base)})`);
  return base;
}
// The <base> tag for base (checked), escaped for the attribute ("&" is a path character).
export const baseTag = (base) => `<base href="${checkBase(base).replace(/&/g, '&amp;')}">`;

export async function writeDist({ out = join(root, 'dist'), base = '/', explorer = false, archive = true, site = null, seed = '404', worlds = '',
  lang = 'en', title, message, homeLabel, card = 'board', departures = null } = {}) {
  cardTexts(lang, { title, message, homeLabel });   // bad options fail before anything is written
  checkBase(base);
  if (!CARD_KINDS.includes(card)) throw new Error(`--card must be one of ${CARD_KINDS.join(', ')} (got ${JSON.stringify(card)})`);
  const block = departures === null ? '' : departuresBlock(departures, base);
  const listed = await parseWorlds(worlds);
  rmSync(out, { recursive: true, force: true });
  const land = join(out, 'landscape');
  mkdirSync(land, { recursive: true });

  // The embed.
  await bundleWithWorker(land, { landscape: 'landscape.js', 'landscape-worker': 'landscape-worker.js' },
    { './noisefield-landscape.mjs': './noisefield-landscape.mjs' });
  // The package's other name for landscape.js, so that every file name means the same here.
  writeFileSync(join(land, 'landscape-element.js'), "export * from './landscape.js';\n");
  for (const f of MODULE_FILES) copyFileSync(need(join(web, f)), join(land, f));
  asJs(land, 'noisefield-landscape.mjs');
  for (const f of ['landscape.d.ts', 'noisefield.d.ts']) copyFileSync(join(root, 'types', f), join(land, f));

  // The 404 page: one script, as the repo's index.html loads it (tools/page-bundle.mjs): the page,
  // the driver core, the loader and the module's face, and its worker's small bundle beside it.
  // Over the embed (404.js importing landscape/landscape.js, its shared chunk and the module's
  // .mjs) the page downloaded about 3 KB gzipped more: four files compress worse than one, and the
  // embed carries <noisefield-landscape>, which the page does not use. The packed wasm is the
  // embed's (landscape/), one file for both.
  await writePageScripts(out, './landscape/');
  await minifyCss(join(web, '404.css'), join(out, '404.css'));
  copyFileSync(join(web, 'favicon.svg'), join(out, 'favicon.svg'));
  let html = withCardTexts(readFileSync(join(root, 'index.html'), 'utf8'), { lang, title, message, homeLabel });
  html = swap(html, '<base href="/">', baseTag(base));
  html = swap(html, '<main class="nf-card" data-card="board">', `<main class="nf-card" data-card="${card}">`);
  if (block) html = swap(html, '\n</main>', `\n${block}\n</main>`);
  // The repo's page loads web/min/ (tools/page-bundle.mjs); this one the files above.
  for (const f of ['404.css', '404.js']) html = swap(html, `"web/min/${f}"`, `"${f}"`);
  html = swap(html, '"web/favicon.svg"', '"favicon.svg"');
  const more = html.match(/\s*<p class="nf-more">[\s\S]*?<\/p>/);
  if (!more) throw new Error('dist: expected the explorer paragraph (.nf-more) in the page');
  html = explorer ? swap(html, 'href="web/explorer.html"', 'href="explorer/"') : html.replace(more[0], '');
  if (html.includes('web/')) throw new Error('dist: a reference into web/ is left in 404.html');
  renderPreview(root, out, { seed });
  // Every page lists the pre-rendered worlds, each as its page (path-absolute) and the parameters
  // it pins, so that "Share this view" (web/404.js) links to one when the view is that world.
  const worldList = listed.length
    ? `\n<meta name="noisefield:worlds" content="${listed.map((w) => `${base}world/${w.name}/?${w.page}`).join(' ').replace(/&/g, '&amp;')}">` : '';
  const page = html;
  html = withTags(page, previewTags({
    base, site, title: 'A noisefield landscape',
    description: 'A pixel-art landscape drawn live in WebAssembly from a seed: step through the gate, or share your world.',
  }) + worldList);
  writeFileSync(join(out, '404.html'), html);
  mkdirSync(join(out, 'world'));
  writeFileSync(join(out, 'world', 'index.html'), sharePage(html, PAGE_TEXTS[lang]));
  for (const w of listed) {
    const dir = join(out, 'world', w.name);
    mkdirSync(dir);
    renderWorldPreview(root, join(dir, PREVIEW.file), new URLSearchParams(w.preview));
    // noisefield:world: the world this page shows when its URL has no query of its own.
    const tags = previewTags({
      base, site, image: `world/${w.name}/${PREVIEW.file}`, title: `A noisefield world: ${w.name}`,
      description: `A pixel-art landscape drawn live in WebAssembly from its seed (${w.words.join(', ')}): step through the gate, or share your own view.`,
    }) + worldList + `\n<meta name="noisefield:world" content="${w.page.replace(/&/g, '&amp;')}">`;
    writeFileSync(join(dir, 'index.html'), sharePage(withTags(page, tags), PAGE_TEXTS[lang]).replace(/<title>[^<]*<\/title>/, `<title>A noisefield world: ${w.name}</title>`));
  }

  if (explorer) {
    const ex = join(out, 'explorer');
    mkdirSync(ex);
    await bundle('explorer.js', join(ex, 'explorer.js'), { './noisefield.mjs': './noisefield.mjs' });
    await minifyCss(join(web, 'explorer.css'), join(ex, 'explorer.css'));
    for (const f of ['noisefield.mjs', 'noisefield.wasm']) copyFileSync(need(join(web, f)), join(ex, f));
    const page = swap(readFileSync(join(web, 'explorer.html'), 'utf8'), 'href="../index.html"', 'href="../"');
    writeFileSync(join(ex, 'index.html'), page);
    asJs(ex, 'noisefield.mjs');
  }

  // archive: true for build/noisefield-dist-<version>.tar.gz, a path, or false for none.
  let tarball = null;
  if (archive) {
    tarball = typeof archive === 'string' ? archive : join(root, 'build', `noisefield-dist-${versionOf()}.tar.gz`);
    mkdirSync(dirname(tarball), { recursive: true });
    execFileSync('tar', ['-czf', tarball, '-C', out, '.']);
  }
  return { out, tarball };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    if (!args.includes(name)) return def;
    const v = args[args.indexOf(name) + 1];
    if (v === undefined) throw new Error(`${name} needs a value`);
    return v;
  };
  const { out, tarball } = await writeDist({
    out: resolve(opt('--out', join(root, 'dist'))), base: opt('--base', '/'), explorer: args.includes('--explorer'),
    site: opt('--site', null), seed: opt('--seed', '404'), worlds: opt('--worlds', ''),
    lang: opt('--lang', 'en'), title: opt('--title'), message: opt('--message'), homeLabel: opt('--home-label'),
    card: opt('--card', 'board'), departures: opt('--departures', null),
  });
  console.log(`noisefield: wrote ${relative(process.cwd(), out) || '.'}/ and ${relative(process.cwd(), tarball)}`);
}
