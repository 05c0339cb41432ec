// The parameter table's documentation (NF_WORLD_PARAMS' last three columns) and README.md's table
// made from it. Its own object file, so that only what asks for it links it: the full module
// (scene_docs_exports.cpp), the CLI and the native tests; the 404 page's module does not, and
// carries none of this text.
#include <cstring>

#include "world_params.h"

namespace nf::scene {

namespace {
#define NF_WORLD_PARAM_DOCS(name, option, kind, min, max, choices, scope, allowed, effect, pageDefault, cliDefault, description) \
  {pageDefault, cliDefault, description},
constexpr WorldParamDocs kDocs[] = {NF_WORLD_PARAMS(NF_WORLD_PARAM_DOCS)};
#undef NF_WORLD_PARAM_DOCS

std::string cell(const char* s) {
  std::string out;
  for (const char* c = s; *c; ++c) out += *c == '|' ? std::string("\\|") : std::string(1, *c);
  return out;
}
}  // namespace

// kDocs and world_params.cpp's table are expanded from the same rows, so row i is row i.
const WorldParamDocs& worldParamDocs(const WorldParam& p) { return kDocs[&p - worldParams().begin()]; }

std::string worldParamsMarkdown() {
  std::string md =
      "| URL parameter | `mount()` option | CLI flag | default (page) | CLI default | allowed | meaning |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const WorldParam& p : worldParams()) {
    const WorldParamDocs& d = worldParamDocs(p);
    const bool url = p.scope & kInUrl, opt = p.scope & kInOptions, cli = p.scope & kInCli;
    std::string flag;
    if (cli) {
      flag = std::string("`--") + p.name + "`";
      if (std::strcmp(p.option, p.name) != 0)
        flag += std::strlen(p.option) == 1 ? std::string(", `-") + p.option + "`" : std::string(", `--") + p.option + "`";
    }
    md += "| " + (url ? "`" + std::string(p.name) + "`" : std::string()) + " | " +
          (opt ? "`" + std::string(p.option) + "`" : std::string()) + " | " + flag + " | " + cell(d.pageDefault) +
          " | " + (cli ? cell(*d.cliDefault ? d.cliDefault : (p.kind == ParamKind::Flag || p.kind == ParamKind::Path) ? "" : "automatic") : std::string()) +
          " | " + cell(p.allowed) + " | " + cell(d.description) + " |\n";
  }
  return md;
}

}  // namespace nf::scene
