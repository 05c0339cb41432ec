// What the server answered for a module script that would not load. A browser refuses a module
// script whose Content-Type is not a JavaScript type (Debian's nginx, with its stock mime.types,
// sends .mjs as application/octet-stream) and says only "failed to fetch" or "importing a module
// script failed", as for a missing file; fetching the URL once more tells the two apart, so the
// note can name the file and the type it came with. Imports nothing: the loader and the explorer
// both use it.

// The JavaScript MIME type essences of the HTML standard.
const JAVASCRIPT = /^(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/(?:jscript|livescript|x-ecmascript|javascript1\.[0-5]))$/;

export const isJavaScriptType = (type) => JAVASCRIPT.test(String(type).split(';')[0].trim().toLowerCase());

// -> { ok, status, type } of the answer for url, or null where it cannot be fetched at all (no such
// host, a cross-origin file without CORS headers, a connect-src that blocks it).
export async function servedAs(url) {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    res.body?.cancel().catch(() => {});
    return { ok: res.ok, status: res.status, type: res.headers.get('content-type') || '' };
  } catch {
    return null;
  }
}

// Why a module that exists did not run, in words that name the fix, or null where the answer does
// not explain it (a missing file, or one served as JavaScript).
export function typeProblem(answer) {
  if (!answer || !answer.ok || isJavaScriptType(answer.type)) return null;
  return `it came as ${answer.type ? `Content-Type ${answer.type}` : 'no Content-Type'}, and a module script needs a JavaScript type (text/javascript): give the server's .mjs files that type`;
}
