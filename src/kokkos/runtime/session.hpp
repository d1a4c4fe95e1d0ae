// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos up for the lifetime of one object, for every program of the project (the driver, the
// benchmarks). Kokkos prints its start-up warnings (e.g. about OMP_PROC_BIND) on stdout; they are
// diagnostics, so they go to stderr and never mix into a machine-readable result on stdout.
#pragma once

#include <deque>
#include <string>

namespace stencil::kokkos {

class Session {
 public:
  // Removes Kokkos' own --kokkos-* arguments from argc/argv. Throws RuntimeFailure when this
  // Kokkos uses the CUDA backend but no CUDA device is visible (Kokkos would abort instead).
  // --kokkos-tools-libs=LIBS works with every supported Kokkos (see session.cpp).
  Session(int& argc, char* argv[]);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

 private:
  std::deque<std::string> renamed_arguments_;  // argv points into these for the whole run
};

}  // namespace stencil::kokkos
