// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The Kokkos model's entry in the registry (stencil/model_hooks.hpp): its execution spaces, and
// its runtime, which is up for the whole program (Kokkos may be initialized once per process)
// and takes the --kokkos-* flags.
#include <string>
#include <string_view>

#include "kokkos/runtime/flags.hpp"
#include "kokkos/runtime/session.hpp"
#include "kokkos/runtime/spaces.hpp"
#include "kokkos/runtime/stepper.hpp"
#include "kokkos/runtime/version.hpp"
#include "stencil/model_hooks.hpp"

namespace stencil::kokkos {
namespace {

// A host space computes in host memory; a device space (CUDA) in its own.
MemoryKind space_memory(std::string_view space) {
  MemoryKind memory = MemoryKind::host;
#define STENCIL_MEMORY_IF_NAMED(Space)    \
  if (space == lower_space_name<Space>()) \
    memory = kRunsOnHost<Space> ? MemoryKind::host : MemoryKind::cuda;
  STENCIL_FOR_EACH_KOKKOS_SPACE(STENCIL_MEMORY_IF_NAMED)
#undef STENCIL_MEMORY_IF_NAMED
  return memory;
}

bool uses_openmp_threads(std::string_view space) {
  return space == "openmp";
}

std::string device() {
  return "the execution space given by -space";
}

bool takes_argument(std::string_view arg) {
  if (arg.rfind("--kokkos-", 0) != 0)
    return false;
  validate_flag(std::string(arg));
  return true;
}

std::shared_ptr<void> start(int& argc, char* argv[]) {
  return std::make_shared<Session>(argc, argv);
}

}  // namespace

const ModelHooks& hooks() {
  static const ModelHooks model = [] {
    ModelHooks h;
    h.make = &make_stepper;
    h.device = &device;
    h.spaces = &space_names;
    h.space_memory = &space_memory;
    h.uses_openmp_threads = &uses_openmp_threads;
    h.takes_argument = &takes_argument;
    h.arguments_help =
        "Kokkos' own --kokkos-* flags (e.g. --kokkos-num-threads=4) pass through to Kokkos,\n"
        "once checked: a flag this build's Kokkos ignores or a tool library that does not load\n"
        "is refused. Threads (--kokkos-num-threads, KOKKOS_NUM_THREADS, OMP_NUM_THREADS) are at\n"
        "most 512: Kokkos' OpenMP backend holds no more.";
    h.check_environment = &validate_environment;
    h.start = &start;
    h.version = &version;
    return h;
  }();
  return model;
}

}  // namespace stencil::kokkos
