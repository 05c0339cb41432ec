// README.md's snippets as tests' inputs, so that the advice and the tests cannot drift apart.
import assert from 'node:assert/strict';
import { userDocs } from '../../wasm/helpers/user-docs.mjs';

const readme = userDocs;

// The embed's Content-Security-Policy header, exactly as the README gives it.
export function readmeCsp() {
  const csp = readme().match(/^Content-Security-Policy: (default-src 'none';.*)$/m)?.[1];
  assert.ok(csp, 'the README states a Content-Security-Policy header with default-src \'none\'');
  return csp;
}

// The fenced blocks after `<!-- recipe: WHO NAME -->` in README.md, by NAME (the comment is
// invisible on GitHub; the block is what a reader copies).
export function recipe(who) {
  const out = {};
  for (const [, w, name, body] of readme().matchAll(/<!-- recipe: (\S+) (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g)) {
    if (w === who) out[name] = body;
  }
  assert.ok(Object.keys(out).length > 0, `README.md has no recipe for ${who}`);
  return out;
}

// A whole page around a snippet of body HTML.
export const pageAround = (body) => `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>noisefield</title></head>\n<body>\n${body}</body></html>\n`;
