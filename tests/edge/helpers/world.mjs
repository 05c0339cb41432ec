// What the edge tests compare with: the native CLI's render of a world given as a preview query
// (each URL parameter is the CLI flag of the same name, cpp/scene/world_params.h), the page's
// landscape module in Node, and the tags a crawler reads from a page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../wasm/helpers/load.mjs';
import { PREVIEW } from '../../../edge/src/preview-size.js';

// params: URLSearchParams of a preview query. -> the PNG's bytes.
export function cliRender(params, out) {
  const flags = [...params].flatMap(([k, v]) => [`--${k}`, v]);
  execFileSync(join(repoRoot, 'build', 'native', 'noisefield-cli'), ['render', ...flags, '--px', String(PREVIEW.pitch),
    '--width', String(PREVIEW.width), '--height', String(PREVIEW.height), '-o', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  return readFileSync(out);
}

export async function loadLandscape() {
  const { default: createNoisefield } = await import(join(repoRoot, 'web', 'noisefield-landscape.mjs'));
  return createNoisefield({ wasmBinary: readFileSync(join(repoRoot, 'web', 'noisefield-landscape.wasm')) });
}

const unescape = (s) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
// The attribute as written (escaped): callers that want the text use unescape.
export const meta = (html, key) => (html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`)) || [])[1];
export const metaText = (html, key) => { const m = meta(html, key); return m === undefined ? m : unescape(m); };
export const canonicalLink = (html) => { const m = html.match(/<link rel="canonical" href="([^"]*)">/); return m ? unescape(m[1]) : undefined; };
