// The parameter table's documentation, in the full module only (`./noisefield docs`, the explorer
// and the tests read it); the 404 page's module does not link world_params_docs.cpp, so its face
// (scene.face.js) leaves pageDefault, cliDefault and description out of worldParams() there.
#include <emscripten/em_macros.h>

#include <string>

#include "scene/world_params.h"

namespace sc = nf::scene;

extern "C" {

// The table as README.md's Markdown.
EMSCRIPTEN_KEEPALIVE const char* nf_world_params_markdown() {
  static std::string md;
  md = sc::worldParamsMarkdown();
  return md.c_str();
}

// Field f of row i's documentation: 0 pageDefault, 1 cliDefault, 2 description.
EMSCRIPTEN_KEEPALIVE const char* nf_param_doc(int i, int f) {
  const sc::WorldParamDocs& d = sc::worldParamDocs(sc::worldParams()[static_cast<size_t>(i)]);
  return f == 0 ? d.pageDefault : f == 1 ? d.cliDefault : d.description;
}

}  // extern "C"
