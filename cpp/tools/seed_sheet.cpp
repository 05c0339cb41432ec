// noisefield-sheet: a contact sheet of worlds, one tile per world seed, each labelled with its
// seed, to look at what the world seed varies (docs/scene.md, "World seeds"; docs/seeds.png).
//   noisefield-sheet [--seeds 404,1,2,...] [--cols 4] [--day 1] [--width 1280 --height 800]
//                    [--season DAY] [--t SECONDS] [--framing NAME] [--path TEXT] [--zoom 1..4] -o sheet.png
//   (--zoom: each buffer pixel drawn as zoom x zoom, so the one-pixel life, fireflies and comets, shows;
//   the pane's text at zoom / pitch pixels a CSS px, box-filtered)
//   noisefield-sheet --hashes [same options]   prints each world's layer hashes (FNV-1a 64, one a layer)
//                    instead, so a test can hold the wasm build's pixels against the native build's.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "cli/png.h"
#include "scene/compose.h"

namespace {

// 3 x 5 digits, one row of three bits per byte, top row first.
const uint8_t kDigits[10][5] = {{7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
                                {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 1, 1, 1}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7}};

void label(std::vector<uint8_t>& img, int width, int x, int y, unsigned value, int dot) {
  const std::string s = std::to_string(value);
  for (size_t c = 0; c < s.size(); ++c)
    for (int row = 0; row < 5; ++row)
      for (int col = 0; col < 3; ++col) {
        if (!((kDigits[s[c] - '0'][row] >> (2 - col)) & 1)) continue;
        for (int v = 0; v < dot; ++v)
          for (int u = 0; u < dot; ++u) {
            uint8_t* p = &img[(static_cast<size_t>(y + row * dot + v) * width + x + (c * 4 + col) * dot + u) * 4];
            p[0] = p[1] = p[2] = 0x10;
          }
      }
}

int usage() {
  std::fprintf(stderr,
               "usage: noisefield-sheet [--seeds 404,1,2,...] [--cols N] [--day D] [--season DAY] [--t SECONDS]\n"
               "                        [--width W] [--height H] [--framing NAME] [--path TEXT] [--zoom 1..4]\n"
               "                        (-o sheet.png | --hashes)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<unsigned> seeds = {404};
  for (unsigned s = 1; s < 24; ++s) seeds.push_back(s);
  int cols = 4, width = 1280, height = 800, zoom = 1;
  double day = 1, season = std::nan(""), t = 2;
  std::string out, path;
  nf::scene::Framing framing;
  bool hashes = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--hashes") {
      hashes = true;
      continue;
    }
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!v) return usage();
    ++i;
    if (a == "--seeds") {
      seeds.clear();
      for (const char* p = v; *p;) {
        char* end = nullptr;
        seeds.push_back(static_cast<unsigned>(std::strtoul(p, &end, 10)));
        if (end == p) return usage();
        p = *end == ',' ? end + 1 : end;
      }
    } else if (a == "--cols") cols = std::atoi(v);
    else if (a == "--zoom") zoom = std::atoi(v);
    else if (a == "--day") day = std::atof(v);
    else if (a == "--season") season = std::atof(v);
    else if (a == "--t") t = std::atof(v);
    else if (a == "--width") width = std::atoi(v);
    else if (a == "--height") height = std::atoi(v);
    else if (a == "-o") out = v;
    else if (a == "--path") path = v;
    else if (a == "--framing") {
      if (!nf::scene::framingNamed(v, &framing)) return usage();
    }
    else return usage();
  }
  if ((out.empty() && !hashes) || seeds.empty() || cols < 1 || zoom < 1 || zoom > 4 || width < 64 || height < 64 || width > 4000 || height > 4000) return usage();

  const int gap = 6 * zoom, dot = 2 * zoom, caption = 5 * dot + 4;
  struct Tile {
    int width, height;
    nf::scene::PodList<uint8_t> rgba;
  };
  std::vector<Tile> tiles;
  for (unsigned s : seeds) {
    nf::scene::Landscape scene(s);
    scene.setDay(day);
    scene.setSeason(season);
    scene.setPath(path);
    scene.setViewport({width, height, 0, framing});
    scene.setClock(t);
    scene.renderAll();
    if (hashes) {
      std::printf("%u", s);
      const size_t n = static_cast<size_t>(scene.bufferWidth()) * scene.bufferHeight() * 4;
      for (int l = 0; l < nf::scene::kLayerCount; ++l) {
        const uint8_t* p = scene.pixels(static_cast<nf::scene::Layer>(l));
        uint64_t h = 0xcbf29ce484222325ull;
        for (size_t k = 0; k < n; ++k) h = (h ^ p[k]) * 0x100000001b3ull;
        std::printf(" %016llx", static_cast<unsigned long long>(h));
      }
      std::printf("\n");
      continue;
    }
    // The buffer view at zoom output pixels a buffer pixel: the layers' pixels drawn zoom x zoom,
    // the pane (the tablet's path, the falling letters) at its finer resolution, box-filtered to
    // zoom / pitch output pixels a CSS px (compose.h), so the text reads as far as that allows.
    const nf::scene::ComposeRect rect = nf::scene::bufferViewRect(scene, zoom);
    Tile tile{rect.width, rect.height, nf::scene::composite(scene, rect)};
    tiles.push_back(std::move(tile));
  }
  if (hashes) return 0;
  const int tw = tiles[0].width, th = tiles[0].height;
  const int rows = (static_cast<int>(tiles.size()) + cols - 1) / cols;
  const int sw = gap + cols * (tw + gap), sh = gap + rows * (th + caption + gap);
  std::vector<uint8_t> sheet(static_cast<size_t>(sw) * sh * 4, 0xF4);
  for (size_t n = 0; n < tiles.size(); ++n) {
    const int x0 = gap + static_cast<int>(n % cols) * (tw + gap);
    const int y0 = gap + static_cast<int>(n / cols) * (th + caption + gap);
    label(sheet, sw, x0, y0, seeds[n], dot);
    for (int y = 0; y < th; ++y)
      std::memcpy(&sheet[(static_cast<size_t>(y0 + caption + y) * sw + x0) * 4], &tiles[n].rgba[static_cast<size_t>(y) * tw * 4],
                  static_cast<size_t>(tw) * 4);
  }
  if (!nf::cli::writePng(out, sheet.data(), sw, sh)) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  std::printf("%s %dx%d, %zu worlds\n", out.c_str(), sw, sh, tiles.size());
  return 0;
}
