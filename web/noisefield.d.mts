// The declarations of web/noisefield.mjs (emcc's output, built, not in the repo) for the type check
// of the pages' code (tests/types/): the package's own, types/noisefield.d.ts.
export * from '../types/noisefield.js';
export { default } from '../types/noisefield.js';
