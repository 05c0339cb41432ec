// Types of the noisefield module (web/noisefield.mjs; the package's "noisefield" entry).
// `import createNoisefield from 'noisefield'; const nf = await createNoisefield();`

export interface GridOptions {
  width: number; height: number;
  x?: number; y?: number; step?: number; stepY?: number; offsetX?: number; offsetY?: number;
}
export interface FillResult { view: Float32Array; min: number; max: number; mean: number; width: number; height: number; }
export interface Limits { maxSide: number; maxSamples: number; minOctaves: number; maxOctaves: number; nonFiniteResult: number; }

export declare class NoiseGrid {
  constructor();
  fill(kind: 'value' | 'fbm' | 'nebula', options: GridOptions & { seed?: number; octaves?: number }): FillResult;
  view(): Float32Array;
  readonly width: number;
  readonly height: number;
  delete(): void;
}

export declare class Mulberry32 { constructor(seed: number); next(): number; nextU32(): number; delete(): void; }

export interface SchemaEntry {
  key: string; short: string; type: 'int' | 'float' | 'bool' | 'enum';
  default: number | string | boolean; min?: number; max?: number; step?: number;
  softMin?: number; softMax?: number; values?: string[]; below?: string; above?: string;
  applies: null | { types?: string[]; requires?: unknown; text: string };
  group: string; description: string;
}
export type FieldConfig = Record<string, number | string | boolean>;
export type ViewName = 'raw' | 'land' | 'bands' | 'biomes' | 'relief';
/** The samples' FillResult (view, min, max, mean, width, height) and their colours. */
export interface ColorFillResult extends FillResult {
  pixels: Uint8Array;
  histogram: Uint32Array; bands: number[];
  /** The biome view only: the share of samples per legend entry. */
  biomes?: number[];
  /** false when the fill only repainted samples kept from a recent fill of the same grid (thresholds moved). */
  sampled: boolean;
}

/** The coast's band widths in grid samples (sand, grass), the sample counts behind them, whether
 *  the gradient was analytic, and the sand band's estimate from the gradient. */
export interface BandWidths { sand: number; grass: number; counts: number[]; analytic: boolean; sandEstimate: number; }

export type HeightmapFormat = 'png16' | 'r16' | 'f32';
export type Rgb = [number, number, number];
export interface BiomeFillResult extends FillResult {
  /** The biome view's legend index of every sample (0 water); zero-copy until the next fill. */
  ids: Uint8Array;
  /** fillMoisture()'s values; zero-copy until the next fill. */
  moisture: Float32Array;
  legend: { name: string; color: Rgb }[];
}

export declare class Field {
  constructor(config?: FieldConfig);
  /** A query ("t=simplex&sc=24") or a whole explorer link (its address and #fragment are ignored). */
  static fromQuery(query: string): Field;
  static fromQuery(query: string, options: { lenient: true }): { field: Field; errors: string[]; badKeys: string[] };
  config(): FieldConfig;
  toQuery(): string;
  sample(x: number, y: number, z?: number): number;
  moisture(x: number, y: number): number;
  gradient(x: number, y: number): { value: number; dx: number; dy: number; analytic: boolean };
  fill(grid: GridOptions): FillResult;
  fillColor(view: ViewName, grid: GridOptions & { bins?: number }): ColorFillResult;
  /** The moisture field (seed moistureSeed, no terrain steps) on the grid. */
  fillMoisture(grid: GridOptions): FillResult;
  fillBiomes(grid: GridOptions): BiomeFillResult;
  /** The file of a heightmap (16-bit grey PNG, raw 16-bit LE, raw float32 LE); sides up to heightmapFormats().maxSide. */
  heightmap(format: HeightmapFormat, grid: GridOptions): Uint8Array;
  bandWidths(grid: GridOptions): BandWidths;
  sandWidth(options: { x?: number; y?: number; size?: number }): number;
  /** One row of samples: { view (a Float32Array, zero-copy until the next fill), min, max, mean, width, height }. */
  profile(options: { x?: number; y?: number; step?: number; width: number }): FillResult;
  delete(): void;
}

export type LayerName = 'sky' | 'land' | 'rift' | 'gate' | 'hill' | 'near' | 'fx' | 'canopy';
export interface Placement {
  scale: number; ox: number; oy: number; inset: number; sceneWidth: number; sceneHeight: number;
  gateX: number; gateY: number; gateR: number; waterY: number;
}

export type FramingName = 'cover' | 'gate' | 'island' | 'shore';

export declare class Landscape {
  static readonly LAYERS: LayerName[];
  /** Each layer's parallax depth, in LAYERS order (cpp/scene/landscape.h, kLayerDepths). */
  static readonly LAYER_DEPTHS: number[];
  /** Per layer, in LAYERS order: every pixel alpha 0 or 255, so a run of them may be shown flattened (cpp/scene/landscape.h, kLayerHardAlpha). */
  static readonly LAYER_HARD_ALPHA: boolean[];
  /** The layers (indices, back to front: a run from the sky) flattened into one opaque canvas while they sit at one parallax offset; flatten() blends their soft pixels as Chromium's software compositor does (cpp/scene/landscape.h, kOpaqueBase). */
  static readonly OPAQUE_BASE: number[];
  /** The CSS px a layer of depth 1 moves for a pointer at the element's edge. */
  static readonly SWAY: { x: number; y: number };
  /** The layers (indices) whose parallax the pointer's eddies, the portal and a splash follow. */
  static readonly INPUT_LAYERS: { pointer: number; portal: number; water: number };
  /** The pane's bit in advance()'s mask and its slot in changedRects() (after the layers'). */
  static readonly PANE_LAYER: number;
  /** The layer (index) the pane shows above, at its parallax (cpp/scene/landscape.h, kPaneAbove). */
  static readonly PANE_ABOVE: number;
  static readonly PORTAL_MODES: { idle: 0; hot: 1; enter: 2 };
  /** The placement's fields, in order. */
  static readonly PLACEMENT: (keyof Placement)[];
  /** A viewport's CSS width and height are at most this. */
  static readonly MAX_VIEWPORT_CSS: number;
  /** Below this daylight the sky is night's (stars, the moon). */
  static readonly NIGHT_BELOW: number;
  /** The scene's named framings (C++ framingNames()). */
  static readonly FRAMINGS: FramingName[];
  /** setViewport raises a pitch whose buffers would hold more pixels than this (read pitch after). */
  static readonly maxBufferPixels: number;
  /** Seconds between two ticks of the fastest kind: showing every advance()'s changes at least this often shows every tick. */
  static readonly shortestTick: number;
  static autoPitch(cssWidth: number): number;
  constructor(worldSeed?: number);
  /** framing: a name of FRAMINGS (default 'cover') or a scene point { x, y } (x 0..sceneWidth, y 0..sceneHeight). */
  setViewport(viewport: { cssWidth: number; cssHeight: number; pitch?: number; framing?: FramingName | { x: number; y: number } }): void;
  /** The world, one object keyed by the parameter table's options (or URL names): { seed: 'meadow', day: 0.4,
   *  season: 'none', life: false, theme: 'dark', time: 7.5 ... }; null or undefined leave one as it is. Checked in
   *  C++ by the table (all before any is applied: an Error names the first bad one), then applied with one repaint. */
  setWorld(world: Record<string, number | string | boolean | null | undefined>): void;
  /** The world as the scene has it, as a share link writes it: [URL parameter, text] in the table's order. */
  world(): [string, string][];
  setDay(day: number): void;
  setDusk(dusk: number): void;
  setDayAndDusk(day: number, dusk: number): void;
  setWorldSeed(seed: number): void;
  setSeason(dayOfYear: number | null): void;
  setPortalMode(mode: 'idle' | 'hot' | 'enter' | 0 | 1 | 2): void;
  setClock(seconds: number): void;
  /** nearX, nearY: the point in the near layer's units (its parallax), where it knocks the tablet's letters off; default (x, y). */
  setPointer(x: number, y: number, inside: boolean, nearX?: number, nearY?: number): void;
  splash(x: number, y: number): void;
  /** The page's missing path, carved on the ruin's tablet ('' leaves it blank). */
  setPath(path: string): void;
  /** The visitor's local time in seconds (of the day will do) at the current clock: the ruin's clock hands. */
  setWallClock(seconds: number): void;
  readonly wallClock: number;
  /** The ruin's life (the walker, the falling letters); on by default. */
  setLife(on: boolean): void;
  /** Reduced motion: false shows the ruin's life still (the ivy grown, the tablet's letters carved); on by default. */
  setMotion(on: boolean): void;
  /** Advances the clock; returns a bitmask (1 << layer) of the layers whose pixels changed. */
  advance(dt: number): number;
  /** Where the last advance() changed each layer: [x, y, width, height] per layer in layer order (zeros: unchanged), then the pane's (in pane pixels); a view of wasm memory. */
  changedRects(): Int32Array;
  /** The pane: the tablet's line and the falling letters at one CSS px a pixel, its box on the layer canvas (CSS px) and its RGBA8 pixels (a zero-copy view of wasm memory); null without a path or before setViewport(). */
  readonly pane: { x: number; y: number; width: number; height: number; pixels: Uint8Array } | null;
  renderAll(): number;
  /** Stepped repaints: the setters that repaint only begin it; stepRepaint(ms) -> true when the new layers are in place. */
  setStepped(on: boolean): void;
  readonly repainting: boolean;
  stepRepaint(ms: number): boolean;
  /** renderAll() in steps (at once when not stepped). */
  beginRender(): void;
  /** RGBA8 pixels of a layer: a zero-copy view of wasm memory, bufferWidth x bufferHeight. */
  pixels(layer: LayerName | number): Uint8Array;
  /** The layers composited at rest, zoom x zoom per buffer pixel: RGBA8, a zero-copy view of wasm memory. */
  picture(zoom?: number, region?: 'buffer' | 'viewport'): { width: number; height: number; pixels: Uint8Array };
  /** Layers first..last composited within buffer pixels [x, x + w) x [y, y + h) into the scene's flat buffer: a view of all of it (bufferWidth x bufferHeight RGBA). */
  flatten(first: number, last: number, x: number, y: number, w: number, h: number): Uint8Array;
  readonly clock: number; readonly day: number; readonly dusk: number; readonly season: number | null;
  readonly worldSeed: number; readonly heat: number; readonly starsShown: boolean; readonly starCount: number;
  readonly paintOnceCount: number; readonly renderCount: number; readonly bufferWidth: number; readonly bufferHeight: number; readonly pitch: number;
  readonly gScenePerPixel: number;
  readonly placement: Placement;
  sceneXFromCss(x: number): number;
  sceneYFromCss(y: number): number;
  delete(): void;
}

export interface WorldParam {
  name: string; option: string; kind: string; min: number; max: number; choices: string[];
  url: boolean; options: boolean; cli: boolean; allowed: string;
  /** What the value does: the scene's picture, the same read back from the scene (the clock), the viewport, or the page's own loop. */
  effect: 'scene' | 'live' | 'view' | 'page';
  /** The full module only (the 404 page's leaves the documentation out). */
  pageDefault?: string; cliDefault?: string; description?: string;
}

/** The full module, noisefield.mjs. The 404 page's noisefield-landscape.mjs has only Landscape,
 *  heapUsedBytes and the parameter table (worldParams, parseWorldParam, seedFromText). */
export interface NoisefieldModule {
  /** The release version (semver), the same as the package's. */
  readonly version: string;
  hash(x: number, y: number, seed: number): number;
  valueNoise(x: number, y: number, seed: number): number;
  fbm(x: number, y: number, seed: number, octaves?: number): number;
  nebula(x: number, y: number): number;
  clamp01(x: number): number;
  smooth(a: number, b: number, t: number): number;
  smoothstep(t: number): number;
  quintic(t: number): number;
  lerp(a: number, b: number, t: number): number;
  limits(): Limits;
  heapUsedBytes(): number;
  /** The world's parameter table (cpp/scene/world_params.h), in table order. */
  worldParams(): WorldParam[];
  worldParamsMarkdown(): string;
  /** A URL parameter's text by the table: { value } or { error } (the allowed range). */
  parseWorldParam(name: string, text: string): { value: unknown } | { error: string };
  /** A seed word's uint32 (FNV-1a 32 of its UTF-8 bytes). */
  seedFromText(text: string): number;
  /** The 404 page's departures board: `count` page indices in [0, pages) picked from world
   *  `seed`'s "wander" stream (cpp/scene/departures.h), repeats possible; -1 each for pages out of
   *  [1, 10000]. */
  wanderPicks(seed: number, pages: number, count: number): number[];
  readonly kDefaultWorldSeed: number;
  readonly kMaxWorldSeed: number;
  readonly kDarkDayCap: number;
  readonly kMaxBufferPixels: number;
  NoiseGrid: typeof NoiseGrid;
  Mulberry32: typeof Mulberry32;
  Landscape: typeof Landscape;
  /** The toolkit. */
  Field: typeof Field;
  schema(): SchemaEntry[];
  schemaMarkdown(): string;
  views(): { name: ViewName; label: string; legend: { name: string; color: Rgb }[] }[];
  heightmapFormats(): { maxSide: number; formats: { name: HeightmapFormat; extension: string }[] };
  capabilities(): Record<string, { dims3: boolean; tileable: boolean; analyticGradient: boolean; analyticWhenTiled: boolean }>;
}

export interface CreateOptions {
  /** The wasm bytes (Node: read from the package by default). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?(path: string, prefix: string): string;
  print?(text: string): void;
  printErr?(text: string): void;
}

export default function createNoisefield(options?: CreateOptions): Promise<NoisefieldModule>;
