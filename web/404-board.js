// The 404 page's departures board (issue 22, spec ruin-and-life.md 7): a railway board in the card,
// with the site's name, the visitor's clock, "you" arriving, the missing path "Not Found", and
// departures to the site's own pages. The site lists its pages in the HTML, with no JavaScript:
//   <script type="application/json" id="noisefield-departures">
//     [{ "href": "blog/", "title": "Blog" }, { "href": "about/" }]
//   </script>
// (hrefs relative to the page's <base href>, the site's root). The board shows the pages whose
// address or title is nearest the missing path (spec 7.2: trigram Dice scores), or, when none is
// near, three picked from the world's stream (the module's wanderPicks). A bad list is reported on
// the console with what is wrong, and the board says "service disrupted" in its foot.
// `<main class="nf-card" data-card="classic">` keeps the plain card (README, "Put the 404 page on
// your site"). Without JavaScript the page shows the plain card's words (index.html).

export const DEPARTURES_ID = 'noisefield-departures';
export const CARD_KINDS = ['board', 'classic'];
const MAX_PAGES = 500;       // entries read from the list (a page index, not a sitemap dump)
const MAX_TITLE = 120;
const MAX_HREF = 2000;
const MAX_PATH = 300;        // characters of the missing path kept (the rest is cut, with "…")
const SHOWN = 3;             // departures above the home row
const KEYS = ['href', 'title', 'protected'];

const warn = (msg) => console.warn(`noisefield: ${msg}`);

// ---- choosing departures (spec 7.2) ----

// Lower case, accents stripped, a trailing .html/.htm dropped, runs of anything but a-z, 0-9 and
// "/" made "-", and "-" and "/" trimmed at both ends.
export function normalise(s) {
  return String(s).toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '')
    .replace(/\.html?$/, '').replace(/[^a-z0-9/]+/g, '-').replace(/^[-/]+|[-/]+$/g, '');
}

// The set of 3-character windows of "  " + s + " " (nothing for an empty s).
export function trigrams(s) {
  const out = new Set();
  if (!s) return out;
  const p = `  ${s} `;
  for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return out;
}

export function dice(a, b) {
  if (!a.size && !b.size) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return (2 * common) / (a.size + b.size);
}

const lastSegment = (s) => s.slice(s.lastIndexOf('/') + 1);

// The missing path (relative to the site's root) against each page { address, title }: the pages
// scoring over 0.3, best first (ties in the list's order), at most `count`.
export function nearestPages(path, pages, count = SHOWN) {
  const q = normalise(path), qLast = lastSegment(q);
  const tq = trigrams(q), tqLast = trigrams(qLast);
  return pages.map((page, i) => {
    const a = normalise(page.address);
    const score = Math.max(dice(tq, trigrams(a)), 0.95 * dice(tqLast, trigrams(lastSegment(a))),
      0.9 * dice(tqLast, trigrams(normalise(page.title ?? ''))));
    return { page, score, i };
  }).filter((m) => m.score > 0.3).sort((x, y) => y.score - x.score || x.i - y.i).slice(0, count).map((m) => m.page);
}

// ---- the site's list ----

// A path inside the site: relative to the base's path, percent-decoded where it decodes.
function siteAddress(pathname, basePath) {
  const rel = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\/+/, '');
  try { return decodeURIComponent(rel); } catch { return rel; }
}

// What a visitor may see of a text from a URL or the list: no control or bidi-override
// characters (they would hide or reorder what follows), at most `max` characters, cut with "…".
export function visibleText(s, max) {
  const chars = [...String(s).replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '\ufffd')];
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : chars.join('');
}

// The JSON block -> { pages: [{ href, address, title }], problems: ['...'] } (each problem also
// given to `report`: the console's warning). `text` null: no list (no problem).
export function readDepartures(text, baseURI, report = (msg) => warn(`#${DEPARTURES_ID}: ${msg}`)) {
  const problems = [], pages = [];
  const problem = (msg) => { problems.push(msg); report(msg); };
  // "page 2: "href" must be ... (got 5); left out"
  const bad = (at, what, must, got, then = 'left out') => problem(`${at}${what} must be ${must} (got ${JSON.stringify(got)}); ${then}`);
  if (text === null || text === undefined) return { pages, problems };
  let list;
  try {
    list = JSON.parse(text);
  } catch (e) {
    problem(`not valid JSON (${e.message}); the board shows the home link only`);
    return { pages, problems };
  }
  if (!Array.isArray(list)) {
    bad('', 'the list', 'a JSON array of pages, [{ "href": "blog/", "title": "Blog" }, ...]', list, 'the board shows the home link only');
    return { pages, problems };
  }
  if (list.length > MAX_PAGES) problem(`more than ${MAX_PAGES} pages (${list.length}); the first ${MAX_PAGES} are used`);
  const base = new URL(baseURI);
  list.slice(0, MAX_PAGES).forEach((entry, i) => {
    const at = `page ${i + 1}: `;
    const e = typeof entry === 'string' ? { href: entry } : entry;
    if (!e || typeof e !== 'object' || Array.isArray(e)) return bad(at, 'a page', 'an object { "href": ..., "title": ... } or an href', entry);
    for (const k of Object.keys(e)) if (!KEYS.includes(k)) problem(`${at}unknown key ${JSON.stringify(k)} (known: ${KEYS.join(', ')}); ignored`);
    let url = null;
    try { url = new URL(e.href.trim(), base); } catch { /* not a link */ }
    if (typeof e.href !== 'string' || e.href.length > MAX_HREF || !/^https?:$/.test(url?.protocol)) {
      return bad(at, '"href"', `an http(s) link or a path of at most ${MAX_HREF} characters`, e.href);
    }
    let title = e.title;
    if (title !== undefined && (typeof title !== 'string' || !title.trim() || title.length > MAX_TITLE || /\p{Cc}/u.test(title))) {
      bad(at, '"title"', `text of 1 to ${MAX_TITLE} characters without control characters`, title, 'the address instead');
      title = undefined;
    }
    if (e.protected !== undefined && typeof e.protected !== 'boolean') return bad(at, '"protected"', 'true or false', e.protected);
    const address = url.origin === base.origin ? siteAddress(url.pathname, base.pathname) : url.host + url.pathname;
    // Spec 7.2: no protected pages, tag pages, or the 404 page itself.
    if (e.protected || /^(tags(\/|$)|404(\.html?)?$)/.test(address)) return;
    const named = title?.trim() || lastSegment(address.replace(/\/(index(\.html?)?)?$/, '')) || url.host;
    pages.push({ href: url.href, address, title: visibleText(named, MAX_TITLE) });
  });
  return { pages, problems };
}

// ---- the board ----

const pad = (n) => String(n).padStart(2, '0');
// Seconds of the day -> "HH:MM:SS" (24 h).
export function clockText(seconds, withSeconds = true) {
  const s = ((Math.floor(seconds) % 86400) + 86400) % 86400;
  const hm = `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}`;
  return withSeconds ? `${hm}:${pad(s % 60)}` : hm;
}
const wallSeconds = (d = new Date()) => d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds() + d.getMilliseconds() / 1000;

// The card's kind: data-card="board" (the default) or "classic"; another value is reported.
export function cardKind(card) {
  const kind = card.dataset.card;
  if (kind === undefined || kind === '') return 'board';
  if (CARD_KINDS.includes(kind)) return kind;
  warn(`the card's data-card must be one of ${CARD_KINDS.join(', ')} (got ${JSON.stringify(kind)}); the board instead`);
  return 'board';
}

// Builds the board into `card` (the card's words, web/404-texts.js) and starts its clock.
// -> { table, problems, setPath(path), follow(seconds, frozen), wander(M, seed), stop() }.
export function startBoard(card, words, { path = '/', doc = card.ownerDocument } = {}) {
  const t = words.board;
  const el = (tag, cls, text) => {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const basePath = new URL(doc.baseURI).pathname;
  const given = doc.getElementById(DEPARTURES_ID);
  const { pages, problems } = readDepartures(given ? given.textContent : null, doc.baseURI);

  const table = el('table', 'nf-board');
  const caption = el('caption');
  const site = card.dataset.site?.trim() || doc.location.hostname || doc.location.host;
  const clock = el('time', 'nf-board-clock', '--:--:--');
  caption.append(el('span', 'nf-sr', `${t.name}: `), el('span', 'nf-board-site', visibleText(site, 60)), ' ', clock);
  // The columns' headers, for screen readers (the rows say what they are by their look).
  const head = el('thead', 'nf-sr-row');
  const headRow = el('tr');
  for (const h of [t.train, t.status]) { const th = el('th', '', h); th.scope = 'col'; headRow.append(th); }
  head.append(headRow);
  const row = (cls, label, value) => {
    const tr = el('tr', cls);
    const th = el('th');
    th.scope = 'row';
    th.append(typeof label === 'string' ? el('span', 'nf-board-label', label) : label);
    const td = el('td');
    td.append(el('span', '', value));
    tr.append(th, td);
    return tr;
  };
  const section = (label) => {
    const tr = el('tr', 'nf-board-section');
    const th = el('th');
    th.scope = 'colgroup';
    th.colSpan = 2;
    th.append(el('span', 'nf-board-label', label));
    tr.append(th);
    return tr;
  };
  const arrivals = el('tbody', 'nf-board-arrivals');
  const arrival = row('nf-board-you', t.you, `${t.arr} --:--`);
  const missingLabel = el('span', 'nf-board-label nf-board-path', '/');
  arrivals.append(section(t.arrivals), arrival, row('nf-board-missing', missingLabel, t.notFound));
  const departures = el('tbody', 'nf-board-departures');
  departures.append(section(t.departures));
  // The page's own home link moves in (its href and words are the site's: README, "Home").
  let home = card.querySelector('a.nf-home');
  if (!home) {
    home = el('a', 'nf-home', words.homeLabel);
    home.href = './';
  }
  const homeRow = row('nf-board-home', home, `${t.platform} 0`);
  departures.append(homeRow);
  const foot = el('tfoot');
  const footRow = el('tr');
  const footCell = el('td', 'nf-board-foot', problems.length ? t.disrupted : t.foot);
  footCell.colSpan = 2;
  footRow.append(footCell);
  foot.append(footRow);
  table.append(caption, head, arrivals, departures, foot);
  table.dataset.departures = problems.length ? 'fallback' : given ? 'given' : 'none';
  card.prepend(table);
  card.classList.add('nf-with-board');

  function showDepartures(list, label) {
    for (const old of departures.querySelectorAll('.nf-board-departure')) old.remove();
    list.forEach((page, i) => {
      const a = el('a', 'nf-board-link', page.title);
      a.href = page.href;
      homeRow.before(row('nf-board-departure', a, label(i)));
    });
  }
  let missing = '/';
  function setPath(p) {
    let shown = String(p || '/');
    try { shown = decodeURIComponent(shown); } catch { /* shown as it came */ }
    const text = visibleText(shown, MAX_PATH);
    missingLabel.textContent = text;
    missingLabel.title = text;   // the whole path, where the row cuts it with an ellipsis
    missing = siteAddress(String(p || '/'), basePath);
    const near = nearestPages(missing, pages);
    showDepartures(near, (i) => `${t.platform} ${i + 1}`);
    return near.length;
  }
  let matched = setPath(path);

  // The clock: the visitor's wall time, on each whole second; follow() hands it a moment's source
  // (a share link's time, as the scene's clock hands show it).
  let source = null, timer = 0;
  const now = () => (source ? source() : wallSeconds());
  const show = () => {
    const s = now();
    clock.textContent = clockText(s);
    clock.dateTime = clockText(s);
    return s;
  };
  const arrive = () => { arrival.lastChild.firstChild.textContent = `${t.arr} ${clockText(now(), false)}`; };
  const tick = () => {
    const s = show();
    timer = setTimeout(tick, Math.max(20, 1000 - (s % 1) * 1000 + 5));
  };
  tick();
  arrive();

  return {
    table,
    problems,
    setPath(p) { matched = setPath(p); },
    // seconds: () => seconds of the day (the scene's wall clock), or null for the visitor's own.
    // frozen: the moment does not move (no ticking).
    follow(seconds, frozen = false) {
      source = seconds;
      clearTimeout(timer);
      if (frozen) show(); else tick();
      arrive();
    },
    // No page near the missing path: three of the list, picked from world `seed`'s stream.
    wander(M, seed) {
      if (matched || !pages.length || typeof M?.wanderPicks !== 'function') return;
      showDepartures(M.wanderPicks(seed, pages.length, SHOWN).filter((i) => i >= 0).map((i) => pages[i]), () => t.wandering);
    },
    stop() { clearTimeout(timer); },
  };
}
