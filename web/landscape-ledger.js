// What a mount did to the host and the window, kept as it is done, so that destroy() and a mount
// that fails at any point undo exactly that much, in reverse order: a rejected mount() leaves the
// element as it was.

/**
 * @typedef {object} Ledger
 * @property {(undo: () => void) => void} add  records how to undo a change just made
 * @property {(target: EventTarget, type: string, fn: (ev: any) => void, opts?: AddEventListenerOptions) => void} listen
 *   adds a listener, recorded for removal
 * @property {() => void} close  undoes everything recorded, newest first (once)
 */

/** @returns {Ledger} */
export function createLedger() {
  /** @type {Array<() => void>} */
  const undo = [];
  return {
    add(fn) { undo.push(fn); },
    listen(target, type, fn, opts) {
      target.addEventListener(type, fn, opts);
      undo.push(() => target.removeEventListener(type, fn));
    },
    close() {
      while (undo.length) /** @type {() => void} */ (undo.pop())();
    },
  };
}
