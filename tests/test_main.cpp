// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GoogleTest main that brings every model's runtime up for the whole test program (Kokkos, for
// one, may be initialized once per process). Listing tests (CTest's discovery) needs none of
// them, and their start-up messages go to stderr, so the list CTest parses on stdout holds
// nothing but test names.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "backends.hpp"

namespace {

int run_with_model_runtimes(int& argc, char* argv[]) {
  std::fflush(stdout);
  std::cout.flush();
  const int saved_stdout = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  const stencil::ModelRuntimes runtimes(argc, argv);
  std::fflush(stdout);
  std::cout.flush();
  dup2(saved_stdout, STDOUT_FILENO);
  close(saved_stdout);
  return RUN_ALL_TESTS();
}

}  // namespace

int main(int argc, char* argv[]) {
  ::testing::InitGoogleTest(&argc, argv);
  if (::testing::GTEST_FLAG(list_tests))
    return RUN_ALL_TESTS();
  return run_with_model_runtimes(argc, argv);
}
