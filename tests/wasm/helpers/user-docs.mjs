// The text a user reads: README.md and the guides it links in docs/. Tests take snippets from it
// (recipes, server and CDN lines, commands), so a snippet is tested wherever the docs put it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './load.mjs';

export function userDocs() {
  const guides = readdirSync(join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).sort();
  return [join(repoRoot, 'README.md'), ...guides.map((f) => join(repoRoot, 'docs', f))]
    .map((p) => readFileSync(p, 'utf8')).join('\n');
}
