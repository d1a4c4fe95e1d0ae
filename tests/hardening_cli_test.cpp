// Issue 17 on the real binary: memory safety of an ordinary run, Kokkos' own flags, values echoed
// in error lines, the thread binding of a first run, and the result block of small runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "process.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Without -space the runner looked its default space up through a view into a destroyed string.
// glibc's allocator, told to fill freed memory (MALLOC_PERTURB_) and to keep no per-thread cache,
// turns that read into a wrong name ("execution space '¥¥¥¥' is not in this Kokkos build").
TEST(Hardening, DefaultSpaceSurvivesFreedMemoryBeingOverwritten) {
  const auto r = miniapp({"-n", "64", "-iters", "3"},
                         "GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165 ");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("execution space  : "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stencil::test
