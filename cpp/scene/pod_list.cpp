#include "pod_list.h"

#include <cstdint>
#include <cstdlib>

namespace nf::scene {

void PodStore::reserve(size_t count, size_t elem) {
  if (count <= cap) return;
  if (count > SIZE_MAX / elem) std::abort();  // the byte count would wrap (32-bit size_t in wasm)
  void* q = std::malloc(count * elem);
  if (!q) std::abort();
  if (n) std::memcpy(q, p, n * elem);
  std::free(p);
  p = q;
  cap = count;
}

void PodStore::release() {
  std::free(p);
  p = nullptr;
  n = cap = 0;
}

}  // namespace nf::scene
