// noisefield-cli: render the landscape to a PNG, or print the golden values (docs/scene.md, "Golden values").
//   noisefield-cli render [flags] -o out.png   (flags: the page's parameters, cpp/scene/world_params.h;
//                                                noisefield-cli render --help lists them)
//   noisefield-cli golden
//   noisefield-cli schema-md      (the README's parameter table, from nf::schemaMarkdown())
//   noisefield-cli params-md      (the README's landscape parameter table, from the same table as --help)
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
#include "scene/compose.h"
#include "scene/landscape.h"
#include "scene/world_params.h"
#include "scene/world_state.h"

namespace {

using nf::scene::Landscape;

using nf::scene::ParamKind;
using nf::scene::WorldParam;

void usage(FILE* to) {
  std::fprintf(to,
               "usage: noisefield-cli render [flags] -o out.png   (noisefield-cli render --help)\n"
               "       noisefield-cli golden\n"
               "       noisefield-cli schema-md\n"
               "       noisefield-cli params-md\n");
}

std::string flagNames(const WorldParam& p) {
  std::string s = std::string("--") + p.name;
  if (std::strcmp(p.name, p.option) != 0) s += std::strlen(p.option) == 1 ? std::string(", -") + p.option : std::string(", --") + p.option;
  return s;
}

// Every CLI flag of the table, with its rule and default: the same words as the page's note.
void renderHelp() {
  std::printf("usage: noisefield-cli render [flags] -o out.png\n"
              "Renders the 404 landscape as the page shows it, at rest (no parallax, no pointer), to a PNG of\n"
              "width x height CSS px (times zoom). The flags are the page's URL parameters.\n\n");
  for (const WorldParam& p : nf::scene::worldParams()) {
    if (!(p.scope & nf::scene::kInCli)) continue;
    std::string head = "  " + flagNames(p);
    if (p.kind != ParamKind::Flag) head += p.kind == ParamKind::Path ? " FILE" : " VALUE";
    const nf::scene::WorldParamDocs& d = nf::scene::worldParamDocs(p);
    std::printf("%s\n      %s\n", head.c_str(), d.description);
    if (p.kind != ParamKind::Flag && p.kind != ParamKind::Path)
      std::printf("      allowed: %s; default: %s\n", p.allowed, *d.cliDefault ? d.cliDefault : "automatic");
  }
  std::printf("  --help, -h\n      This list.\nExit status: 0 written, 1 the file could not be written, 2 a bad flag or value.\n");
}

int badFlag(const std::string& message) {
  std::fprintf(stderr, "noisefield-cli render: %s (see noisefield-cli render --help)\n", message.c_str());
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

int render(int argc, char** argv) {
  // The world (scene/world_state.h): the defaults first, then the flags, each checked by the table
  // as it comes; then applied row by row, by each row's effect, as the page's scene takes it.
  nf::scene::WorldState world;
  for (const WorldParam& p : nf::scene::worldParams())
    if ((p.scope & nf::scene::kInCli) && *nf::scene::worldParamDocs(p).cliDefault)
      world.set(p.name, nf::scene::worldParamDocs(p).cliDefault, nf::scene::kInCli);
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      renderHelp();
      return 0;
    }
    std::string name, value;
    bool hasValue = false;
    if (a.size() == 2 && a[0] == '-' && a[1] != '-') name = a.substr(1);
    else if (a.rfind("--", 0) == 0) name = a.substr(2);
    else return badFlag("unexpected argument " + a);
    const size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
      hasValue = true;
    }
    const WorldParam* p = nf::scene::findWorldParam(name);
    if (!p || !(p->scope & nf::scene::kInCli) || (a.size() == 2) != (std::strlen(p->option) == 1 && name == p->option))
      return badFlag("unknown flag " + a.substr(0, a.find('=')));
    if (p->kind == ParamKind::Flag) {
      if (hasValue) return badFlag(flagNames(*p) + " takes no value");
    } else if (!hasValue) {
      if (i + 1 >= argc) return badFlag(std::string(argv[i]) + " needs a value: " + p->allowed);
      value = argv[++i];
    }
    if (!world.set(p->name, value, nf::scene::kInCli))
      return badFlag(a.substr(0, a.find('=')) + " " + value + ": expected " + p->allowed);
  }
  nf::scene::WorldView view;
  Landscape scene;
  world.apply(scene, &view);
  if (view.out.empty()) return badFlag("-o FILE is required");
  scene.setViewport({view.cssWidth, view.cssHeight, view.pitch});
  scene.renderAll();
  const int zoom = view.zoom;
  const nf::scene::ComposeRect rect =
      view.full ? nf::scene::ComposeRect{scene.bufferWidth() * zoom, scene.bufferHeight() * zoom, 0, 0, zoom}
                : nf::scene::viewportRect(scene, zoom);
  const auto img = nf::scene::composite(scene, rect);
  const std::string out(view.out);
  if (img.empty() || !nf::cli::writePng(out, img.data(), rect.width, rect.height)) {
    std::fprintf(stderr, "noisefield-cli render: cannot write %s\n", out.c_str());
    return 1;
  }
  std::printf("%s %dx%d (buffer %dx%d, pitch %d)\n", out.c_str(), rect.width, rect.height, scene.bufferWidth(),
              scene.bufferHeight(), scene.pitch());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const std::string cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    usage(stdout);
    return 0;
  }
  if (cmd == "golden") return golden();
  if (cmd == "render") return render(argc, argv);
  if (cmd == "schema-md") return std::fputs(nf::schemaMarkdown().c_str(), stdout) < 0 ? 1 : 0;
  if (cmd == "params-md") return std::fputs(nf::scene::worldParamsMarkdown().c_str(), stdout) < 0 ? 1 : 0;
  std::fprintf(stderr, "noisefield-cli: unknown command %s\n", cmd.c_str());
  usage(stderr);
  return 2;
}
