// The scene in the full module (appended inside the Emscripten factory after scene.face.js): the
// plain exports of scene_exports.cpp (Module._nf_*) are handed to nfSceneFace and taken off Module,
// so only the checked face can reach them.
/* global Module, nfSceneFace */
addOnInit(function sceneFace() {
  /** @type {NfSceneExports} */
  const fn = {};
  for (const key of Object.keys(Module)) {
    if (!key.startsWith('_nf_')) continue;
    const name = key.slice(1);
    fn[name] = Module[key];
    // Emscripten's export wrapper stores the raw export back on Module at its first call: keep it
    // (a direct call from then on) without showing it.
    Object.defineProperty(Module, key, { configurable: true, enumerable: false, get: undefined, set(f) { fn[name] = f; } });
  }
  nfSceneFace(Module, fn, () => Module['HEAPU8'].buffer);
});
