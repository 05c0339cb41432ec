// noisefield-cli: render the landscape to a PNG, or print the spec's golden values.
//   noisefield-cli render --seed N --day D [--dusk K] [--season DAY] --t SECONDS --width W --height H [--pitch P]
//                         [--hot|--enter] [--full] [--scale Z] -o out.png
//   noisefield-cli golden
//   noisefield-cli schema-md      (the README's parameter table, from nf::schemaMarkdown())
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cli/png.h"
#include "noise/fbm.h"
#include "noise/hash.h"
#include "noise/random.h"
#include "noise/schema.h"
#include "scene/landscape.h"

namespace {

using nf::scene::Landscape;

int usage() {
  std::fprintf(stderr,
               "usage: noisefield-cli render [--seed N] [--day D] [--dusk K] [--season DAY] [--t SECONDS] [--width W]\n"
               "                             [--height H] [--pitch P] [--hot|--enter] [--full] [--scale Z] -o out.png\n"
               "       noisefield-cli golden\n"
               "       noisefield-cli schema-md\n");
  return 2;
}

int golden() {
  std::printf("hash(0,0,0) %.17g\n", nf::hash(0, 0, 0));
  std::printf("hash(3,4,1) %.17g\n", nf::hash(3, 4, 1));
  std::printf("hash(-7,12,404) %.17g\n", nf::hash(-7, 12, 404));
  std::printf("noise(0.25,0.75,42) %.17g\n", nf::valueNoise(0.25, 0.75, 42));
  std::printf("fbm(1.3,2.7,211,3) %.17g\n", nf::fbm(1.3, 2.7, 211, 3));
  std::printf("fbm(1.3,2.7,211,4) %.17g\n", nf::fbm(1.3, 2.7, 211, 4));
  std::printf("nebula(0.5,0.5) %.17g\n", nf::nebula(0.5, 0.5));
  nf::Mulberry32 m(404);
  std::printf("mulberry32(404)");
  for (int i = 0; i < 5; ++i) std::printf(" %.17g", m.next());
  std::printf("\n");
  std::printf("tutorial hash(3,4,1) %.17g\n", nf::hash(3, 4, 1, nf::kTutorialSeedMul));
  std::printf("farRidge(800) %.17g\n", nf::scene::farRidge(800));
  std::printf("farRidge(0) %.17g\n", nf::scene::farRidge(0));
  std::printf("hillTop(800,870) %.17g\n", nf::scene::hillTop(800, 870));
  const nf::scene::TreeStats t = nf::scene::growTreeStats(4040, 64, 1080, -0.04, 46, 90);
  std::printf("growTree(4040,64,1080,-0.04,46,90) segments %d tips %d firstEnd %.17g %.17g\n", t.segments, t.tips,
              t.firstEndX, t.firstEndY);
  return 0;
}

// Straight-alpha "over" of src onto dst (dst keeps alpha 255 once anything opaque lands).
void over(uint8_t* dst, const uint8_t* src, size_t n) {
  for (size_t k = 0; k < n; k += 4) {
    const int a = src[k + 3];
    if (a == 0) continue;
    if (a == 255) {
      std::memcpy(dst + k, src + k, 4);
      continue;
    }
    const int da = dst[k + 3];
    const double sa = a / 255.0, oa = sa + da / 255.0 * (1 - sa);
    for (int c = 0; c < 3; ++c)
      dst[k + c] = static_cast<uint8_t>((src[k + c] * sa + dst[k + c] * (da / 255.0) * (1 - sa)) / oa + 0.5);
    dst[k + 3] = static_cast<uint8_t>(oa * 255 + 0.5);
  }
}

int render(int argc, char** argv) {
  uint32_t seed = nf::scene::kDefaultWorldSeed;
  double day = 1, dusk = 0, t = 0, season = std::nan("");
  int width = 1280, height = 800, pitch = 0;
  nf::scene::PortalMode mode = nf::scene::PortalMode::Idle;
  bool full = false;
  int zoom = 1;
  std::string out;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    const char* v = nullptr;
    if (a == "--hot") mode = nf::scene::PortalMode::Hot;
    else if (a == "--enter") mode = nf::scene::PortalMode::Enter;
    else if (a == "--full") full = true;
    else if ((a == "--seed") && (v = next())) seed = static_cast<uint32_t>(std::strtoul(v, nullptr, 10));
    else if (a == "--day" && (v = next())) day = std::atof(v);
    else if (a == "--dusk" && (v = next())) dusk = std::atof(v);
    else if (a == "--season" && (v = next())) season = std::atof(v);
    else if (a == "--t" && (v = next())) t = std::atof(v);
    else if (a == "--width" && (v = next())) width = std::atoi(v);
    else if (a == "--height" && (v = next())) height = std::atoi(v);
    else if (a == "--pitch" && (v = next())) pitch = std::atoi(v);
    else if (a == "--scale" && (v = next())) zoom = std::atoi(v);
    else if (a == "-o" && (v = next())) out = v;
    else return usage();
  }
  if (out.empty() || width <= 0 || height <= 0 || zoom < 1 || zoom > 16) return usage();
  Landscape scene(seed);
  scene.setDay(day);
  scene.setDusk(dusk);
  scene.setSeason(season);
  scene.setPortalMode(mode);
  scene.setViewport({width, height, pitch});
  scene.setClock(t);
  scene.renderAll();
  const int bw = scene.bufferWidth(), bh = scene.bufferHeight();
  std::vector<uint8_t> img(static_cast<size_t>(bw) * bh * 4, 0);
  for (int l = 0; l < nf::scene::kLayerCount; ++l)
    over(img.data(), scene.pixels(static_cast<nf::scene::Layer>(l)), img.size());
  // Crop the 48 CSS px inset (rounded to whole buffer pixels) unless --full.
  int inset = full ? 0 : (nf::scene::kInset + scene.pitch() / 2) / scene.pitch();
  if (bw - 2 * inset <= 0 || bh - 2 * inset <= 0) inset = 0;
  const int cw = bw - 2 * inset, ch = bh - 2 * inset;
  std::vector<uint8_t> crop(static_cast<size_t>(cw) * ch * 4);
  for (int y = 0; y < ch; ++y)
    std::memcpy(&crop[static_cast<size_t>(y) * cw * 4], &img[(static_cast<size_t>(y + inset) * bw + inset) * 4],
                static_cast<size_t>(cw) * 4);
  // Optional nearest-neighbour upscale, as the page shows it (image-rendering: pixelated).
  if (zoom > 1) {
    std::vector<uint8_t> big(static_cast<size_t>(cw) * zoom * ch * zoom * 4);
    for (int y = 0; y < ch * zoom; ++y)
      for (int x = 0; x < cw * zoom; ++x)
        std::memcpy(&big[(static_cast<size_t>(y) * cw * zoom + x) * 4],
                    &crop[(static_cast<size_t>(y / zoom) * cw + x / zoom) * 4], 4);
    crop.swap(big);
  }
  if (!nf::cli::writePng(out, crop.data(), cw * zoom, ch * zoom)) {
    std::fprintf(stderr, "cannot write %s\n", out.c_str());
    return 1;
  }
  std::printf("%s %dx%d (buffer %dx%d, pitch %d)\n", out.c_str(), cw, ch, bw, bh, scene.pitch());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  if (!std::strcmp(argv[1], "golden")) return golden();
  if (!std::strcmp(argv[1], "render")) return render(argc, argv);
  if (!std::strcmp(argv[1], "schema-md")) return std::fputs(nf::schemaMarkdown().c_str(), stdout) < 0 ? 1 : 0;
  return usage();
}
