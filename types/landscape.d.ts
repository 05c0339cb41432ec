// Types of the landscape embed (web/landscape.js: mount() and <noisefield-landscape>; the
// package's "noisefield/landscape", dist/landscape/landscape.js; landscape-element.js is its alias).
import type { NoisefieldModule } from './noisefield.js';

export type Framing = 'cover' | 'gate' | 'island' | 'shore' | { x: number; y: number };

export interface MountOptions {
  /** World seed: an integer 0..4294967295 or a word (FNV-1a 32 of its UTF-8). Default 404. */
  seed?: number | string;
  /** Daylight 0..1; null or absent: from the local clock. */
  day?: number | null;
  /** Twilight 0..1; null or absent: from the local clock while day is, else 0. */
  dusk?: number | null;
  /** Snow: a day of the year 0..365, 'none', or null (the local date). */
  season?: number | 'none' | null;
  /** A frozen clock in seconds: no animation. */
  time?: number | null;
  /** The ruin clock's local time in seconds 0..86400 at `time` (a shared moment); null or absent: the visitor's. */
  at?: number | null;
  /** The missing path carved on the ruin's tablet (at most 2048 bytes); default none. */
  path?: string | null;
  /** The ruin's life (the walker, the fireflies); default true. */
  life?: boolean | null;
  /** CSS px per buffer pixel, 1..8; 0 or absent: automatic. */
  pitch?: number;
  theme?: 'light' | 'dark' | 'auto' | null;
  motion?: boolean | null;
  /** Where the portal leads. Default '/'. */
  home?: string;
  /** false: no portal link at all (no tab stop, no navigation). Default true. */
  portal?: boolean;
  /** Which part of the scene stays in view: 'cover' (fill, the default), 'gate', 'island', 'shore' or a focal point in scene units. */
  framing?: Framing;
  /** 'element' (the default): the parallax follows the pointer over the element only; 'window': anywhere in the window. */
  parallax?: 'element' | 'window';
  navigate?: (href: string) => void;
  label?: string;
  /** URL of another module build (noisefield-landscape.mjs or noisefield.mjs), as text (relative to the page's base) or a URL. */
  moduleUrl?: string | URL;
  /**
   * true (the default): the scene runs in a dedicated module worker (landscape-worker.js, next to
   * landscape.js) on OffscreenCanvas layers where the browser has both and the page's CSP allows
   * the worker (worker-src 'self'); otherwise on the main thread. false: always the main thread.
   */
  worker?: boolean;
  /** The most frames shown a second, 1 to 60 (default: no cap beyond the ticks' own). */
  fps?: number;
  /** true: mount showing the first frame with the clock at 0, held until resume() (default false). */
  paused?: boolean;
  debug?: boolean;
}

/** The world as the scene has it, as a share link writes it: [URL parameter, text] in the table's order. */
export type WorldPairs = [string, string][];

/** A part of the world: the parameter table's options that the scene takes live; null: the page's default. */
export type WorldOptions = Pick<MountOptions, 'seed' | 'day' | 'dusk' | 'season' | 'path' | 'life' | 'theme'>;

export interface LandscapeState {
  seed: number; day: number; dusk: number; season: number | null; clock: number; frozen: boolean; pitch: number;
  /** The ruin clock's local time in seconds 0..86400 at `clock` (a share link's `at`). */
  at: number;
  /** The path carved on the ruin's tablet ('' for none). */
  path: string;
  theme: 'light' | 'dark'; motion: boolean; paused: boolean; portal: 'idle' | 'hot' | 'enter' | null;
  onScreen: boolean; sized: boolean; framing: Framing;
  /** The pitch the scene runs at for the one asked (its buffer budget may raise it); `pitch` is coarser when the page raised it to keep up. */
  requestedPitch: number;
  /** 'behind': the scene could not keep up with its clock, so the page raised the pitch (it steps back down, one pitch at a time, once the scene keeps up with room to spare); else null. */
  adapted: 'behind' | null;
  /** The scene's world at the last pause() or picture() (null before one), the pitch as chosen: what shareUrl writes. */
  world: WorldPairs | null;
}

/** The element's size (w, h) and the scene's placement (the module's Landscape.PLACEMENT fields). */
export interface LandscapePlacement {
  w: number; h: number; scale: number; ox: number; oy: number; inset: number;
  sceneWidth: number; sceneHeight: number;
  gateX: number; gateY: number; gateR: number; waterY: number;
}

export interface LandscapePicture { width: number; height: number; pixels: Uint8ClampedArray; }

export interface LandscapeHandle {
  readonly element: HTMLElement;
  readonly canvases: HTMLCanvasElement[];
  readonly portal: HTMLAnchorElement | null;
  /** Where the scene runs: 'worker' (a dedicated module worker) or 'main' (the page's main thread). */
  readonly mode: 'worker' | 'main';
  /** The world, one object: every value checked at once (an Error names the option and its range); resolves once the new picture is shown. */
  setWorld(world: WorldOptions): Promise<void>;
  /** setWorld of one option. */
  setSeed(seed: number | string | null): Promise<void>;
  setDay(day: number | null): Promise<void>;
  setDusk(dusk: number | null): Promise<void>;
  setSeason(season: number | 'none' | null): Promise<void>;
  /** Stops the loop and shows the scene at rest; resolves when shown (state() then describes what a share link rebuilds). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** The composited view at rest, zoom x zoom per buffer pixel (pauses first). */
  picture(zoom?: number): Promise<LandscapePicture>;
  destroy(): void;
  /** Throws once destroy() was called. */
  state(): LandscapeState;
  placement(): LandscapePlacement | null;
}

export type LoadFailure = 'webassembly-unavailable' | 'module-not-found' | 'wrong-type' | 'wasm-not-found' | 'csp' | 'failed';
export declare const LOAD_FAILURES: Record<LoadFailure, string>;
export declare const MODULE_FILE: string;
/** Rejects with an Error whose `reason` is a LoadFailure. */
export declare function loadModule(moduleUrl?: string | null): Promise<NoisefieldModule>;
export declare function mount(element: HTMLElement, options?: MountOptions): Promise<LandscapeHandle>;
export declare function choosePitch(auto: number, dpr: number): number;
/** The scheme theme 'auto' shows: the site's own, where <html> says it (a class dark or light, data-theme, a one-value color-scheme), else the OS's (osDark). */
export declare function siteScheme(doc: Document, osDark: boolean): 'light' | 'dark';

/** Attributes: the URL parameters (seed, day, dusk, season, t, px, theme, motion) and home, label, portal, framing, parallax, worker.
 *  Changes are followed with a MutationObserver (the world's names come from the module), so the class has no observedAttributes. */
export declare class NoisefieldLandscape extends HTMLElement {
  readonly handle: LandscapeHandle | null;
  /** Right after setAttribute: the mount that change starts. */
  readonly ready: Promise<LandscapeHandle | null>;
  ignored: { name: string; raw: string; error: string }[];
  options(): MountOptions;
}
export declare const ELEMENT_ATTRIBUTES: Record<string, (raw: string) => unknown>;

declare global {
  interface HTMLElementTagNameMap { 'noisefield-landscape': NoisefieldLandscape; }
}
