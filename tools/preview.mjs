// Link previews and the share page for `./noisefield dist`: the default world rendered by the
// native CLI at build time (preview.png, 1200 x 630, the size link-preview cards use), the
// og:/twitter: tags that point at it, and world/index.html, the page share links lead to (a link
// to a missing path would answer 404 to the crawlers that fetch previews). With --worlds, a page
// and a preview per listed world (world/NAME/), drawn as the edge worker draws them (edge/).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, PAGE_TEXTS } from '../web/404-texts.js';

import { PREVIEW as EDGE } from '../edge/src/preview-size.js';
import { previewTagLines } from '../edge/src/preview-tags.js';

export const PREVIEW = { file: 'preview.png', width: EDGE.width, height: EDGE.height };

// Renders the preview of world `seed` (any seed text the page takes) with the native CLI.
export function renderPreview(root, out, { seed = '404', t = '6' } = {}) {
  const cli = join(root, 'build', 'native', 'noisefield-cli');
  if (!existsSync(cli)) throw new Error('build/native/noisefield-cli is missing: run ./noisefield build first');
  execFileSync(cli, ['render', '--seed', String(seed), '--t', String(t), '--width', String(PREVIEW.width),
    '--height', String(PREVIEW.height), '-o', join(out, PREVIEW.file)], { stdio: ['ignore', 'ignore', 'inherit'] });
}

// A listed world's preview (dist --worlds): params, a preview query of edge/src/world.js (each
// name is the CLI flag of the same name), at the edge's pitch, so a world's link previews the
// same picture from a static host as from the edge.
export function renderWorldPreview(root, file, params) {
  const cli = join(root, 'build', 'native', 'noisefield-cli');
  if (!existsSync(cli)) throw new Error('build/native/noisefield-cli is missing: run ./noisefield build first');
  execFileSync(cli, ['render', ...[...params].flatMap(([k, v]) => [`--${k}`, v]), '--px', String(EDGE.pitch),
    '--width', String(EDGE.width), '--height', String(EDGE.height), '-o', file], { stdio: ['ignore', 'ignore', 'inherit'] });
}

// The tags, for a page deployed at `base` on `site` (an origin like https://example.com; crawlers
// want absolute image URLs, so without one the image URL is only path-absolute). image: the
// picture's path under base.
export function previewTags({ base, site = null, title, description, image: file = PREVIEW.file }) {
  const image = site ? new URL(base + file, site).href : base + file;
  return [
    `<meta name="noisefield:share-page" content="world/">`,
    ...previewTagLines({ title, description, image }),
  ].join('\n');
}

export const withTags = (html, tags) => {
  if (!html.includes('</head>')) throw new Error('dist: the page has no </head>');
  return html.replace('</head>', `${tags}\n</head>`);
};

// The share page: the same page, saying it shows a shared world instead of a missing page.
export function sharePage(html, t = PAGE_TEXTS.en) {
  const swaps = [
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(t.worldPageTitle)}</title>`],
    [/<p class="nf-code">[^<]*<\/p>/, `<p class="nf-code">${escapeHtml(t.worldCode)}</p>`],
    [/<h1 class="nf-title">[^<]*<\/h1>/, `<h1 class="nf-title">${escapeHtml(t.worldTitle)}</h1>`],
    [/<p class="nf-message">[\s\S]*?<\/p>/, `<p class="nf-message">${escapeHtml(t.worldMessage)}</p>`],
    [/<meta name="robots" content="noindex">\n?/, ''],
    // A shared world is no missing page: the plain card, not the departures board.
    [/<main class="nf-card" data-card="[a-z]+">/, '<main class="nf-card" data-card="classic">'],
  ];
  for (const [re, to] of swaps) {
    if (!re.test(html)) throw new Error(`dist: the share page expected ${re}`);
    html = html.replace(re, to);
  }
  return html;
}
