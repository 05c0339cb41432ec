// The declarations of web/noisefield-landscape.mjs (built from cpp/bindings/landscape.entry.js, not in
// the repo) for the type check of the pages' code (tests/types/). Its members are the full module's
// (types/noisefield.d.ts) that scene.face.js defines; tests/wasm/types_members.test.mjs checks this
// list against the built module.
import type { NoisefieldModule } from '../types/noisefield.js';

export type LandscapeModule = Pick<NoisefieldModule, 'Landscape' | 'worldParams' | 'parseWorldParam' | 'seedFromText' | 'wanderPicks'
  | 'heapUsedBytes' | 'kDefaultWorldSeed' | 'kMaxWorldSeed' | 'kMaxBufferPixels' | 'kDarkDayCap'> & { readonly HEAPU8: Uint8Array };

export interface LandscapeCreateOptions {
  /** Instantiate the wasm yourself: call done with the instance. */
  instantiateWasm?(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): unknown;
  /** The wasm's bytes, plain or packed. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?(name: string, prefix: string): string;
}

export default function createNoisefield(options?: LandscapeCreateOptions): Promise<LandscapeModule>;
/** The plain wasm's bytes from a plain or an LZMA-packed file; with pause, decoded in pieces with an await between. */
export function unpackWasm(bytes: ArrayBuffer | Uint8Array, pause?: () => Promise<unknown>): Promise<Uint8Array>;
