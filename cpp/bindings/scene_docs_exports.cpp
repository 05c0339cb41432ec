// The parameter table as README.md's Markdown: in the full module only (`./noisefield docs` and the
// tests read it); the 404 page has no use for it.
#include <emscripten/em_macros.h>

#include <string>

#include "scene/world_params.h"

extern "C" EMSCRIPTEN_KEEPALIVE const char* nf_world_params_markdown() {
  static std::string md;
  md = nf::scene::worldParamsMarkdown();
  return md.c_str();
}
