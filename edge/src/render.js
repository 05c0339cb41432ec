// The preview's pixels: the scene composited as `noisefield-cli render` composites it (the same
// calls in the same order as cpp/cli/main.cpp's render), for a world read by world.js. What the
// query leaves out is the scene's own default (a new Landscape's day, dusk, season and clock),
// which is also the CLI's.
import { PREVIEW } from './preview-size.js';

// state: parseQuery's. -> { width, height, pixels } (a copy out of wasm memory).
export function renderWorld(M, state, { width = PREVIEW.width, height = PREVIEW.height, pitch = PREVIEW.pitch } = {}) {
  const scene = new M.Landscape(state.seed ?? M.kDefaultWorldSeed);
  try {
    const day = state.day ?? scene.day;
    // theme=dark caps the daylight, as the page and the CLI do.
    scene.setDayAndDusk(state.theme === 'dark' ? Math.min(day, M.kDarkDayCap) : day, state.dusk ?? scene.dusk);
    if (state.season !== null) scene.setSeason(typeof state.season === 'number' ? state.season : null);
    scene.setViewport({ cssWidth: width, cssHeight: height, pitch });
    if (state.t !== null) scene.setClock(state.t);
    // The ruin's clock hands, tablet and life, as the CLI sets them.
    if (state.at !== null && state.at !== undefined) scene.setWallClock(state.at);
    if (state.path !== null && state.path !== undefined) scene.setPath(state.path);
    scene.setLife(state.life !== 'off');
    scene.renderAll();
    const pic = scene.picture(1, 'viewport');
    return { width: pic.width, height: pic.height, pixels: pic.pixels.slice() };
  } finally {
    scene.delete();
  }
}
