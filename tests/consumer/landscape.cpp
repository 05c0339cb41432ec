// A program built on noisefield::scene (tests/consumer): the 404 landscape of world 404 at a
// 480 x 300 CSS px viewport, pitch 2, frozen at clock 3 s; its seven layers' RGBA to stdout, for
// consumer.test.mjs to compare with the wasm module's scene.
#include <cstdio>

#include "scene/landscape.h"

int main() {
  nf::scene::Landscape scene(404);
  if (!scene.setViewport({480, 300, 2})) return 1;
  scene.setClock(3.0);
  scene.renderAll();
  const size_t bytes = static_cast<size_t>(scene.bufferWidth()) * scene.bufferHeight() * 4;
  for (int l = 0; l < nf::scene::kLayerCount; ++l)
    std::fwrite(scene.pixels(static_cast<nf::scene::Layer>(l)), 1, bytes, stdout);
  return 0;
}
