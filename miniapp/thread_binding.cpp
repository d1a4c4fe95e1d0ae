// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "thread_binding.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace stencil::app {
namespace {

// Marks the re-executed process; removed at once, so that nothing it starts inherits it.
constexpr const char* kMarker = "STENCIL_MINIAPP_SET_OMP_BINDING";
bool g_set_by_app = false;
bool g_left_to_launcher = false;

}  // namespace

void apply_default_thread_binding(char* argv[], bool uses_openmp) {
  if (std::getenv(kMarker)) {
    ::unsetenv(kMarker);
    g_set_by_app = true;
    return;
  }
  if (!uses_openmp || std::getenv("OMP_PROC_BIND") || std::getenv("OMP_PLACES"))
    return;
  ::setenv("OMP_PROC_BIND", "spread", 1);
  ::setenv("OMP_PLACES", "threads", 1);
  ::setenv(kMarker, "1", 1);
  ::execv("/proc/self/exe", argv);
  // Not re-executed (no /proc): the runtime keeps its binding; say nothing about one.
  ::unsetenv("OMP_PROC_BIND");
  ::unsetenv("OMP_PLACES");
  ::unsetenv(kMarker);
}

void leave_thread_binding_to_launcher() {
  g_left_to_launcher = !std::getenv("OMP_PROC_BIND") && !std::getenv("OMP_PLACES");
}

void name_unbound_binding() {
  // GOMP_CPU_AFFINITY binds libgomp's threads by itself.
  if (std::getenv("OMP_PROC_BIND") || std::getenv("OMP_PLACES") || std::getenv("GOMP_CPU_AFFINITY"))
    return;
  // The OpenMP runtime read the environment when it was loaded: with neither variable set, its
  // threads are unbound, which is what "false" says. Kokkos then sees the binding named and
  // does not print its four-line warning once per rank.
  ::setenv("OMP_PROC_BIND", "false", 1);
}

std::string thread_binding_note() {
  if (g_left_to_launcher) {
    return "OMP_PROC_BIND and OMP_PLACES unset, left to the MPI launcher (the re-executed process "
           "would join the job twice): bind ranks with mpirun --map-by and --bind-to, and set "
           "OMP_PROC_BIND, OMP_PLACES (docs/mpi.md)";
  }
  if (!g_set_by_app)
    return "";
  return "OMP_PROC_BIND=spread, OMP_PLACES=threads (set by stencil_miniapp: neither was set; "
         "set either to choose)";
}

}  // namespace stencil::app
