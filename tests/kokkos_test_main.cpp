// GoogleTest main that brings Kokkos up for the whole test program (Kokkos may be initialized
// once per process). Listing tests (CTest's discovery) needs no Kokkos, and Kokkos' start-up
// messages go to stderr, so the list CTest parses on stdout holds nothing but test names.
#include <gtest/gtest.h>
#include <unistd.h>
#include <Kokkos_Core.hpp>

#include <cstdio>
#include <memory>

namespace {

void initialize_kokkos_quietly(int& argc, char* argv[]) {
  std::fflush(stdout);
  const int saved_stdout = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  Kokkos::initialize(argc, argv);
  std::fflush(stdout);
  dup2(saved_stdout, STDOUT_FILENO);
  close(saved_stdout);
}

}  // namespace

int main(int argc, char* argv[]) {
  ::testing::InitGoogleTest(&argc, argv);
  if (::testing::GTEST_FLAG(list_tests))
    return RUN_ALL_TESTS();
  initialize_kokkos_quietly(argc, argv);
  const int status = RUN_ALL_TESTS();
  Kokkos::finalize();
  return status;
}
