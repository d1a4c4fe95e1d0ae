// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// OMP_NUM_THREADS, checked before the OpenMP runtime reads it. libgomp reads it in its constructor,
// when the library is loaded, and prints its own "Invalid value" lines for a value it cannot
// parse, ahead of anything main could say. The check runs from the executable's .preinit_array,
// which the dynamic loader runs before any shared library's constructor: a value the runtime
// would complain about ends the program there, with the mini-app's one line and exit 2.
#pragma once

#include <string>

namespace stencil::app {

// Whether `text` is a thread count the OpenMP runtime reads cleanly (see below).
bool valid_omp_num_threads(const char* text);

// Why `text` is no thread count the OpenMP runtime reads cleanly, or "" when it is one: a
// comma-separated list of decimal integers >= 1, such as "4" or "4,2". The empty value is refused
// as KOKKOS_NUM_THREADS='' is, rather than read as unset by one runtime and not another.
std::string omp_num_threads_problem(const char* text);

// The check itself, on `environment` (the loader's envp): prints "<program>: error: ..." (from one
// rank only, under a launcher) and exits 2 when OMP_NUM_THREADS is set and has a problem. Safe
// before libc's and the C++ runtime's set-up.
void check_omp_num_threads_early(const char* program, char** environment);

}  // namespace stencil::app
