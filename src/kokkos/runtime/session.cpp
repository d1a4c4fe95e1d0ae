// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "kokkos/runtime/session.hpp"

#include <Kokkos_Core.hpp>

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string_view>

#include "stencil/stepper.hpp"

namespace stencil::kokkos {
namespace {

// Kokkos 4 names the tools flag --kokkos-tools-libs (and still takes the old name); Kokkos 3 knows
// only --kokkos-tools-library, so with the new name no tool would load. One spelling then works
// with both versions: the current one, given the old name where needed.
constexpr bool kKnowsOnlyOldToolsFlag = KOKKOS_VERSION < 40000;
constexpr std::string_view kToolsFlag = "--kokkos-tools-libs";
constexpr std::string_view kOldToolsFlag = "--kokkos-tools-library";

}  // namespace

Session::Session(int& argc, char* argv[]) {
  if (kKnowsOnlyOldToolsFlag) {
    for (int i = 1; i < argc; ++i) {
      const std::string_view arg = argv[i];
      if (arg.substr(0, kToolsFlag.size()) == kToolsFlag &&
          (arg.size() == kToolsFlag.size() || arg[kToolsFlag.size()] == '=')) {
        renamed_arguments_.push_back(std::string(kOldToolsFlag) +
                                     std::string(arg.substr(kToolsFlag.size())));
        argv[i] = renamed_arguments_.back().data();
      }
    }
  }
#if defined(KOKKOS_ENABLE_CUDA)
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    throw RuntimeFailure(
        "this build's Kokkos uses the CUDA backend, but no CUDA device is visible");
  }
#endif
  std::fflush(stdout);
  std::cout.flush();
  const int saved_stdout = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  Kokkos::initialize(argc, argv);
  std::fflush(stdout);
  std::cout.flush();
  dup2(saved_stdout, STDOUT_FILENO);
  close(saved_stdout);
}

Session::~Session() {
  Kokkos::finalize();
}

}  // namespace stencil::kokkos
