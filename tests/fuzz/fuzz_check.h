// The fuzz targets' property check: a failed property aborts with a message, which libFuzzer
// reports as a crash and saves the input that caused it.
#pragma once
#include <cstdio>
#include <cstdlib>

#define NF_FUZZ_CHECK(cond, ...)                                              \
  do {                                                                        \
    if (!(cond)) {                                                            \
      std::fprintf(stderr, "property failed: %s: ", #cond);                  \
      std::fprintf(stderr, __VA_ARGS__);                                      \
      std::fprintf(stderr, "\n");                                             \
      std::abort();                                                           \
    }                                                                         \
  } while (0)
