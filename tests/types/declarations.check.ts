// The hand-written declarations of the package's JavaScript entry (types/landscape.d.ts) checked
// against its source (web/landscape.js and what it re-exports, typed by their JSDoc and by
// inference): every declared export exists in the source with a type the declaration accepts, and
// every export of the source is declared. Part of tsconfig.web.json's program (the type check).
import * as source from '../../web/landscape.js';
import type * as declared from '../../types/landscape.js';

// Each value the declarations name, as the source has it.
export const conforms: { [K in keyof typeof declared]: (typeof declared)[K] } = source;

// The source's exports that the declarations leave out (never: none).
type Undeclared = Exclude<keyof typeof source, keyof typeof declared>;
export const undeclared: [Undeclared] extends [never] ? 'none' : { undeclared: Undeclared } = 'none';

// mount() takes a module's URL as text or as a URL object (landscape-options.js, checkEarlyOptions;
// tests/browser/worker.test.mjs mounts with both): the declaration says both.
export const moduleAsUrl: declared.MountOptions = { moduleUrl: new URL('https://cdn.example/noisefield/noisefield-landscape.mjs') };
