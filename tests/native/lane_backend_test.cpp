// The engine a process runs on (field.cpp's laneEngine): NOISEFIELD_ISA forces one, so the
// exactness suites that CTest runs once per engine (Exactness.Engine.*) run on the one named.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "noise/field.h"

TEST(LaneBackend, IsTheAskedOne) {
  const char* asked = std::getenv("NOISEFIELD_ISA");
  const std::string got = nf::laneBackend();
  if (!asked || !*asked) {
#if defined(__x86_64__) || defined(__i386__)
    EXPECT_TRUE(got == "avx2" || got == "sse2") << got;
#endif
    GTEST_SKIP() << "no NOISEFIELD_ISA: running on " << got;
  }
#if defined(__x86_64__) || defined(__i386__)
  if (std::strcmp(asked, "avx2") == 0 && !__builtin_cpu_supports("avx2")) GTEST_SKIP() << "no AVX2 on this CPU";
#endif
  EXPECT_EQ(got, asked);
}
