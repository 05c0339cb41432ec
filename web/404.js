// The 404 page's driver: reads the URL state (web/landscape-params.js), mounts the landscape into
// #landscape, reports ignored URL values, and wires the share control. Without JavaScript or
// WebAssembly the page stays a plain 404 page over a CSS still painting.
import { describeIgnored, mountOptions, parseQuery, shareUrl } from './landscape-params.js';
import { LOAD_FAILURES, loadModule, mount } from './landscape-mount.js';
import { fitCard } from './404-card.js';
import { cardKind, startBoard } from './404-board.js';
import { CARD_TEXTS, cardTexts } from './404-texts.js';
import { startReveal } from './404-reveal.js';

// web/min/404.js is also where the page's worker takes the driver core from (tools/page-bundle.mjs):
// there, with no document, nothing of the page runs.
const root = globalThis.document?.documentElement;
const $ = (sel) => document.querySelector(sel);
// Test hooks (window.__noisefield: the mounted handle and its debug scene) need both `?test` and
// window.__noisefieldTestHooks set before this script runs (the browser tests and benchmarks set
// it from an init script), so no link can hand a visitor's page out to other scripts.
const query = new URLSearchParams(location.search);
const test = globalThis.__noisefieldTestHooks === true && query.has('test');

// The note says what failed (the loader's words for its reason), since each calls for a different
// fix; index.html holds the rest of the sentence.
function fail(err, reveal) {
  reveal.failed();
  root.classList.add('nf-failed');
  root.classList.remove('nf-live');
  const why = $('.nf-fail-why');
  if (why) why.textContent = LOAD_FAILURES[err && err.reason] || 'it failed to start';
  console.warn('noisefield: the live landscape could not start:', err && err.message ? err.message : err);
}

const metaOf = (name) => $(`meta[name="noisefield:${name}"]`)?.content;

// Where share links lead: a page that exists (a link to the missing path would answer 404 to
// link-preview crawlers). A site names its share page with <meta name="noisefield:share-page"
// content="world/">; without one, the site's root (the <base href>).
const shareBase = () => new URL(metaOf('share-page') ?? './', document.baseURI).href;

// The link whose preview shows the view (README.md, "Share links and previews"): a static host
// has previews of the pre-rendered worlds only (dist --worlds lists them, with the parameters each
// pins), so a view of one links to its page, with the same query. The edge's pages list none:
// there every world previews itself.
function previewedLink(link) {
  const u = new URL(link);
  for (const w of metaOf('worlds')?.split(' ') ?? []) {
    const page = new URL(w, u);
    if ([...page.searchParams].every(([k, v]) => u.searchParams.get(k) === v)) u.pathname = page.pathname;
  }
  return u.href;
}

// The card's words. A site that puts the card in its own page may set data-lang (a language of
// web/404-texts.js) and data-title, data-message, data-home-label on it; the rest follow the
// language. Without them the words are the page's own (dist writes them), in its lang.
function cardWords(card) {
  const d = card.dataset;
  let lang = d.lang;
  if (lang !== undefined && !CARD_TEXTS[lang]) {
    console.warn(`noisefield: the card's data-lang must be one of ${Object.keys(CARD_TEXTS).join(', ')} (got ${JSON.stringify(lang)}); English instead`);
    lang = 'en';
  }
  const given = { title: d.title, message: d.message, homeLabel: d.homeLabel };
  if (lang === undefined && given.title === undefined && given.message === undefined && given.homeLabel === undefined) {
    const own = (card.closest('[lang]')?.lang || 'en').split('-')[0].toLowerCase();
    return CARD_TEXTS[own] || CARD_TEXTS.en;
  }
  let t;
  try {
    t = cardTexts(lang ?? 'en', given);
  } catch (err) {
    console.warn(`noisefield: the card's data-* text: ${err.message.replace(/^--/, 'data-')}; the defaults instead`);
    t = cardTexts(lang ?? 'en');
  }
  if (lang !== undefined) card.lang = lang;
  const set = (sel, text) => { const e = card.querySelector(sel); if (e) e.textContent = text; };
  set('.nf-code', t.code);
  set('.nf-title', t.title);
  set('.nf-message', t.message);
  set('.nf-home', t.homeLabel);
  set('.nf-share', t.share);
  set('.nf-save', t.save);
  set('.nf-card-toggle', t.more);
  return t;
}

// "Save picture": a PNG of the composited view at rest, buffer pixels times the chosen zoom. The
// pixels come composited from C++; the browser only encodes them.
function wireSave(handle, state, started) {
  const row = $('.nf-save-row');
  const button = $('.nf-save');
  if (!row || !button) return;
  row.hidden = false;
  button.addEventListener('click', async () => {
    await started;
    const wasPaused = handle.state().paused;
    const zoom = Number($('.nf-save-zoom')?.value || 1);
    let pic;
    try {
      pic = await handle.picture(zoom);
    } catch (e) {
      // Over the picture's cap (a fine pitch at a high zoom): said in the card's note; the
      // landscape goes on as it was (picture() resumes a view it paused).
      const note = $('.nf-url-note');
      if (note) { note.textContent = `Save picture: ${e.message}`; note.hidden = false; }
      return;
    }
    if (!wasPaused) handle.resume();
    const canvas = document.createElement('canvas');
    canvas.width = pic.width;
    canvas.height = pic.height;
    canvas.getContext('2d').putImageData(new ImageData(pic.pixels, pic.width, pic.height), 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `noisefield-${state.seedWord ?? handle.state().seed}-${zoom}x.png`.replace(/[^\w.-]+/g, '_');
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    }, 'image/png');
  });
}

// The door's focus ring (404.css) is drawn in scene units: CSS px per unit, kept as the portal's
// size follows the scene's placement.
function sizeDoorRing(handle, host) {
  const portal = /** @type {HTMLElement | null} */ (host.querySelector('a.nf-portal'));
  if (!portal) return;
  new ResizeObserver(() => {
    const p = handle.placement();
    if (p) portal.style.setProperty('--nf-unit', `${p.scale}px`);
  }).observe(portal);
}

async function start() {
  const host = $('#landscape');
  const card = $('.nf-card');
  const words = card ? cardWords(card) : CARD_TEXTS.en;
  // The departures board (web/404-board.js), unless the card is data-card="classic": at once,
  // with the visitor's clock; the scene's moment and the world's picks follow when it is mounted.
  const board = card && cardKind(card) === 'board' ? startBoard(card, words, { path: location.pathname }) : null;
  const reveal = startReveal(root, board && board.table);
  if (!host) { reveal.failed(); return; }
  let handle, state, M;
  try {
    // The URL's parameters are checked by the module's table, so the module comes first.
    M = await loadModule();
    // A pre-rendered world's page (dist --worlds) opened without a query shows its world.
    const parsed = parseQuery(M, location.search || metaOf('world'));
    state = parsed.state;
    if (board && state.path !== null) board.setPath(state.path);
    if (state.theme) root.classList.add(`nf-theme-${state.theme}`);
    const note = $('.nf-url-note');
    if (parsed.ignored.length && note) {
      note.textContent = describeIgnored(parsed.ignored) + '.';
      note.hidden = false;
    }
    handle = await mount(host, {
      ...mountOptions(M, state),
      home: $('.nf-home')?.href || '/',  // resolved against <base href>: the site's root
      parallax: 'window',  // the card lies over the backdrop: the pointer over it still counts
      framing: 'shore',    // cover, but a phone held sideways still shows the gate whole and the water
      path: state.path ?? location.pathname,  // carved on the ruin's tablet (a share link carries it)
      label: words.portal,  // the door's accessible name, in the page's language
      // The clock starts at the reveal, not here (spec 8.1): the visitor sees the ivy from its start.
      paused: true,
      debug: test,
      // The tests and the benchmark pick the thread: ?worker=0 (main) or ?worker=1 (the default).
      ...(test && query.has('worker') ? { worker: query.get('worker') !== '0' } : {}),
    });
  } catch (err) {
    fail(err, reveal);
    if (test) window.__noisefield = { failed: String(err && err.message ? err.message : err), reason: err && err.reason };
    return;
  }
  root.classList.add('nf-live');
  reveal.painted();  // mount() resolves once the first frame is on the canvases
  // The scene's clock starts on the frame the page appears (spec 8.1: the ivy's delays count from
  // the reveal); the tests get the handle running, and Save and Share (which pause it) wait for it.
  const started = reveal.shown.then(() => handle.resume()).then(() => {
    if (test) window.__noisefield = handle;
  }, (err) => console.error('noisefield: the landscape did not start:', err));
  sizeDoorRing(handle, host);
  if (board) {
    // A link's moment (t=, at=): the board's clock shows the time the scene's clock hands show.
    const s = handle.state();
    if (s.frozen || state.at !== null) board.follow(() => handle.state().at, s.frozen);
    board.wander(M, s.seed);
  }
  if (card) fitCard(card, handle, host, words);

  wireSave(handle, state, started);
  const button = $('.nf-share');
  const out = $('.nf-share-out');
  const field = $('.nf-share-link');
  if (!button) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    // The view is paused at rest first, so the sharer keeps seeing exactly what the link shows.
    await started;
    await handle.pause();
    // The scene's world at rest (the pitch as chosen, not one the page raised because this machine
    // fell behind).
    const link = previewedLink(shareUrl(shareBase(), handle.state().world ?? []));
    button.dataset.link = link;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch {
      copied = false;
    }
    if (copied) {
      button.textContent = words.copied;
      setTimeout(() => { button.textContent = words.share; }, 2000);
    }
    if (!copied && out && field) {
      field.value = link;
      out.hidden = false;
      field.focus();
      field.select();
    }
  });
}

// start() reports a failed mount itself (fail()); anything later is a bug, said as one.
if (root) start().catch((err) => console.error('noisefield: the 404 page failed:', err));
