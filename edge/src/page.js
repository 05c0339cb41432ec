// The world page at the edge: dist's world/index.html (the share page, from the assets) with its
// link-preview tags swapped for the shared world's and a canonical link, and without dist's list
// of pre-rendered worlds (--worlds): here every world has its own preview, so "Share this view"
// (web/404.js) keeps the link on world/. Every text from the query is escaped; the only ones are
// the seed's word and the canonical URL, both already normalised by the table.
import { escapeHtml, previewTagLines } from './preview-tags.js';

// The tags dist wrote for the default world (tools/preview.mjs previewTags), which this page replaces.
const PREVIEW_TAG = /<meta (?:property|name)="(?:og|twitter):[^"]*" content="[^"]*">\n?/g;
const WORLD_LIST = /<meta name="noisefield:worlds" content="[^"]*">\n?/;

// template: the share page's HTML; world: { title, description, canonical, image } (absolute URLs).
export function worldPage(template, { title, description, canonical, image }) {
  if (!template.includes('</head>')) throw new Error('edge: the share page has no </head>');
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    ...previewTagLines({ title, description, image }),
  ].join('\n');
  return template.replace(PREVIEW_TAG, '').replace(WORLD_LIST, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${tags}\n</head>`);
}
