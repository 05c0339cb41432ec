// A shared world's query, read by the page's own code (web/landscape-params.js over the module's
// C++ parameter table), and the two canonical forms the worker answers: the page's (every URL
// parameter the link sets validly, in the table's order, each value as the page writes it) and
// the preview's (the same less what does not change the picture: the table's rows that are not
// CLI flags, such as motion, and the pitch, which the preview chooses itself).
import { paramTable, parseQuery } from '../../web/landscape-params.js';
import { PREVIEW } from './preview-size.js';

// The value as a share link writes it: the seed's word, or String() of the parsed number, which
// reads back to the same double (so "0.50", "5e-1" and ".5" are all "0.5").
function valueText(p, state) {
  const v = p.name === 'seed' ? state.seedWord ?? state.seed : state[p.name];
  return v === null || v === undefined ? null : String(v);
}

// search: a URL's search ('?a=b' or ''). -> { state, ignored, page, preview } where page and
// preview are canonical query strings (URLSearchParams.toString(), '' for none).
export function readWorld(M, search) {
  const { state, ignored } = parseQuery(M, search);
  const page = new URLSearchParams(), preview = new URLSearchParams();
  for (const p of paramTable(M)) {
    if (!p.url) continue;
    const v = valueText(p, state);
    if (v === null) continue;
    page.set(p.name, v);
    if (p.cli && p.option !== PREVIEW.pitchOption) preview.set(p.name, v);
  }
  return { state, ignored, page: page.toString(), preview: preview.toString() };
}

// The URL parameters as "name=value" words for a description, in the table's order.
export function describeWorld(M, state) {
  return paramTable(M).filter((p) => p.url && p.cli && p.option !== PREVIEW.pitchOption)
    .map((p) => [p.name, valueText(p, state)]).filter(([, v]) => v !== null).map(([n, v]) => `${n}=${v}`);
}
