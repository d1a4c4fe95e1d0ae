#include "kokkos/session.hpp"

#include <Kokkos_Core.hpp>

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "stencil/stepper.hpp"

namespace stencil::kokkos {

Session::Session(int& argc, char* argv[]) {
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
