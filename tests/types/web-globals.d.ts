// What the pages' code uses that TypeScript's DOM library does not declare: the worker's globals
// (web/landscape-worker.js and the core run in a dedicated worker too; the DOM and WebWorker
// libraries cannot both be loaded) and the test hooks pages set on window.

/** Defined in a worker only: the core tests for it to tell where it runs. */
declare var WorkerGlobalScope: (new () => object) | undefined;
/** A dedicated worker's postMessage(message, transfer). */
declare function postMessage(message: unknown, transfer: Transferable[]): void;

interface Window {
  /** The 404 page's handle for the tests and the benchmark (web/404.js). */
  __noisefield?: unknown;
}
