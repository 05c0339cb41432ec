// <noisefield-landscape seed="my-site" home="/" ...>: the landscape as a custom element, defined
// by importing this file or landscape.js (the package's `noisefield/landscape`,
// dist/landscape/landscape.js), which also re-export mount() and the rest of landscape-mount.js.
//
// Attributes are the URL parameters (the module's parameter table through landscape-params.js: the
// same names, parsing and defaults; an invalid value is ignored with a warning naming it, as the
// page's note does) plus the
// mount() options a URL does not carry (ELEMENT_ATTRIBUTES). The element mounts when connected,
// follows attribute changes and destroys its scene when removed. It renders into its own light
// DOM and sets styles through the CSSOM only, so it works under a strict CSP.
import { loadModule, mount } from './landscape-mount.js';
import { describeIgnored, mountOptions, paramTable, parseQuery, urlParams } from './landscape-params.js';
import { FPS_RANGE } from './landscape-options.js';

export * from './landscape-mount.js';

// mount() options that are attributes of the element but not URL parameters. The value is the
// attribute's parser: string -> option value (or throws an Error naming the allowed values).
const bool = (name) => (raw) => {
  if (raw === '' || raw === 'true' || raw === 'on') return true;
  if (raw === 'false' || raw === 'off') return false;
  throw new Error(`${name} must be true or false (got ${raw})`);
};
export const ELEMENT_ATTRIBUTES = {
  home: (raw) => raw,
  label: (raw) => raw,
  portal: bool('portal'),
  // A name ('gate') or a focal point in scene units ('800,440').
  framing: (raw) => {
    const m = /^\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*$/.exec(raw);
    return m ? { x: Number(m[1]), y: Number(m[2]) } : raw;
  },
  parallax: (raw) => raw,
  // "false": the scene on the main thread even where a worker could run it.
  worker: bool('worker'),
  // The most frames shown a second (an embedder's cap), e.g. "30".
  fps: (raw) => {
    const n = Number(raw);
    if (raw.trim() === '' || !(n >= FPS_RANGE[0] && n <= FPS_RANGE[1])) throw new Error(`fps must be a number from ${FPS_RANGE[0]} to ${FPS_RANGE[1]} (got ${raw})`);
    return n;
  },
};

// The attributes the handle applies without building the scene again (handle.setWorld): the URL
// parameters whose effect is the scene's (the module's table: a new row needs nothing here); the
// others (the clock, the pitch, motion) build it again. -> { attribute name: option name }.
const liveAttributes = (M) => Object.fromEntries(paramTable(M).filter((p) => p.url && p.options && p.effect === 'scene').map((p) => [p.name, p.option]));

// Outside a browser (Node, a server render) importing this file must not fail: no element then.
const Base = /** @type {typeof HTMLElement} */ (typeof HTMLElement === 'function' ? HTMLElement : class {});

export class NoisefieldLandscape extends Base {
  // The world attributes' names are the module's (known only once it has loaded), so changes are
  // watched with a MutationObserver rather than a static observedAttributes list.
  constructor() {
    super();
    this._module = null;
    this._observer = null;
    this._handle = null;
    this._mounting = null;
    this._generation = 0;
    this._settled = Promise.resolve();  // the last mount() started, settled: mounts run one at a time
    this.ignored = [];
  }

  // The mounted handle (setSeed, pause, state, ...), or null before the scene is up.
  get handle() { return this._handle; }
  // Resolves with the handle once mounted (rejects if the module cannot load).
  // Attribute changes not yet delivered (the MutationObserver's records wait for a microtask) are
  // taken first, so `ready` right after setAttribute is the new mount's, not the old handle.
  get ready() {
    if (this._observer) this._changed(this._observer.takeRecords());
    return this._mounting ?? Promise.resolve(this._handle);
  }

  // The attributes as mount() options, invalid values left out (and reported). M: the loaded module.
  options(M = this._module) {
    const params = new URLSearchParams();
    for (const name of urlParams(M)) if (this.hasAttribute(name)) params.set(name, this.getAttribute(name));
    const { state, ignored } = parseQuery(M, params);
    const opts = mountOptions(M, state);
    for (const [name, parse] of Object.entries(ELEMENT_ATTRIBUTES)) {
      if (!this.hasAttribute(name)) continue;
      try {
        opts[name] = parse(this.getAttribute(name));
      } catch (e) {
        ignored.push({ name, raw: this.getAttribute(name), error: e.message });
      }
    }
    this.ignored = ignored;
    if (ignored.length) console.warn(`<noisefield-landscape>: ${describeIgnored(ignored)}`);
    return opts;
  }

  connectedCallback() {
    // A custom element is inline by default, which gives it no height to fill.
    if (getComputedStyle(this).display === 'inline') this.style.display = 'block';
    if (!this._observer) {
      this._observer = new MutationObserver((records) => this._changed(records));
    }
    this._observer.observe(this, { attributes: true, attributeOldValue: true });
    this._remount();
  }

  _changed(records) {
    for (const r of records) this.attributeChangedCallback(r.attributeName, r.oldValue, this.getAttribute(r.attributeName));
  }

  disconnectedCallback() {
    this._observer?.disconnect();
    this._generation++;
    this._unmount();
  }

  attributeChangedCallback(name, old, value) {
    // A mount that failed (a bad attribute) is retried by the next change: no handle is no reason to stop.
    if (old === value || !this.isConnected) return;
    // Only the world's and the element's own attributes (mount() itself sets class and style).
    // Before the module has loaded, the pending mount reads the attributes as they are by then.
    if (!this._module) return;
    if (!(name in ELEMENT_ATTRIBUTES) && !urlParams(this._module).includes(name)) return;
    const live = liveAttributes(this._module);
    if (this._handle && name in live) {
      const opts = this.options();
      if (!this.ignored.some((i) => i.name === name)) {
        const option = live[name];
        this._handle.setWorld({ [option]: opts[option] ?? null })
          .catch((error) => this.dispatchEvent(new CustomEvent('noisefield-error', { detail: { error } })));
        return;
      }
    }
    this._remount();
  }

  _unmount() {
    if (this._handle) this._handle.destroy();
    this._handle = null;
    this._mounting = null;
  }

  _remount() {
    this._unmount();
    const generation = ++this._generation;
    const previous = this._settled;
    this._mounting = loadModule().then(async (M) => {
      this._module = M;
      await previous;  // mount() refuses a second landscape on one element while one is mounting
      return generation === this._generation ? mount(this, this.options(M)) : null;
    }).then((handle) => {
      if (!handle) return this._handle;
      // Removed or changed again while the module loaded: this mount is already stale.
      if (generation !== this._generation) { handle.destroy(); return this._handle; }
      this._handle = handle;
      this._mounting = null;
      this.dispatchEvent(new CustomEvent('noisefield-ready', { detail: { handle } }));
      return handle;
    }, (error) => {
      if (generation === this._generation) this._mounting = null;
      this.dispatchEvent(new CustomEvent('noisefield-error', { detail: { error } }));
      throw error;
    });
    // Failures are reported by the event; an unobserved rejection would be noise in the console.
    this._settled = this._mounting.then(() => {}, () => {});
  }
}

if (typeof customElements === 'object' && !customElements.get('noisefield-landscape')) {
  customElements.define('noisefield-landscape', NoisefieldLandscape);
}
