#include "pod_list.h"

#include <cstdlib>

namespace nf::scene {

void PodStore::reserve(size_t count, size_t elem) {
  if (count <= cap) return;
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
