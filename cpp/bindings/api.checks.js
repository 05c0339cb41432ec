// Argument checks shared by every JavaScript face of the library (api.core.post.js,
// api.toolkit.post.js, scene.face.js). Plain functions in the scope of the module file that
// includes them: the full module's Emscripten factory (--post-js) or the 404 page's
// noisefield-landscape.mjs (concatenated at build time).

// Throws for an object with a key outside `allowed` (or for a non-object).
function nfRejectUnknownKeys(what, opts, allowed) {
  if (opts === null || typeof opts !== 'object') throw new Error(what + ' options must be an object');
  for (const key of Object.keys(opts)) {
    if (!allowed.includes(key)) {
      throw new Error('unknown ' + what + ' option "' + key + '" (allowed: ' + allowed.join(', ') + ')');
    }
  }
}

// One rule for every public function: parameters are numbers (typeof 'number'), never coerced,
// so '' is not 0 and 10n is not 10; anything else is an Error naming the parameter. Checked before
// any raw export converts an argument.
function nfTypeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}
function nfNumber(name, v) {
  if (typeof v !== 'number') throw new Error(name + ' must be a number (got ' + nfTypeName(v) + ')');
  return v;
}
// Options are read from the object's own properties only: a key set on Object.prototype (or any
// prototype) must not change a fill or a viewport.
function nfOwn(opts, name) {
  return Object.prototype.hasOwnProperty.call(opts, name) ? opts[name] : undefined;
}
function nfNumberOption(opts, name, fallback) {
  const v = nfOwn(opts, name);
  return nfNumber(name, v === undefined ? fallback : v);
}
