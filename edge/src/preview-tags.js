// The link-preview tags every world page carries, for the edge's pages (page.js) and dist's
// (tools/preview.mjs): one list, so a crawler reads the same card from either host.
import { PREVIEW } from './preview-size.js';

// Markup characters as references; C0 controls (a seed word may hold %00) as U+FFFD, which is
// what an HTML parser would make of most of them anyway.
export const escapeHtml = (s) => String(s).replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`)
  .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '\ufffd');

// title, description: plain text; image: the picture's URL (absolute where the site is known).
export const previewTagLines = ({ title, description, image }) => [
  `<meta property="og:type" content="website">`,
  `<meta property="og:title" content="${escapeHtml(title)}">`,
  `<meta property="og:description" content="${escapeHtml(description)}">`,
  `<meta property="og:image" content="${escapeHtml(image)}">`,
  `<meta property="og:image:width" content="${PREVIEW.width}">`,
  `<meta property="og:image:height" content="${PREVIEW.height}">`,
  // X reads og:title, og:description and og:image where its own tags are missing.
  `<meta name="twitter:card" content="summary_large_image">`,
];
