// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos' own --kokkos-* flags and KOKKOS_* environment variables pass through to Kokkos, which
// checks little: a bad value aborts it with a backtrace, a thread count past its OpenMP pool
// crashes it, a flag it no longer knows or a tool library it cannot load is only mentioned and
// the run goes on without it. The values the app passes on are checked here first, so each bad
// one is one std::invalid_argument (the driver's usage error, exit 2).
#pragma once

#include <string>

namespace stencil::kokkos {

// The most threads Kokkos' OpenMP backend can run (its fixed per-thread pool; more crash it).
// --kokkos-num-threads, KOKKOS_NUM_THREADS and OMP_NUM_THREADS are held to it.
inline constexpr int kMaxOpenMPThreads = 512;

// Throws std::invalid_argument unless `arg` (starting with "--kokkos-") is a flag this build's
// Kokkos reads (a 3.x flag that Kokkos 4 dropped, such as --kokkos-threads, is refused, not
// ignored), spelled --name or --name=value as that flag needs, with a value Kokkos accepts:
// threads up to kMaxOpenMPThreads, --kokkos-map-device-id-by mpi_rank or random, a boolean Kokkos
// can read, a Kokkos Tools library that loads.
void validate_flag(const std::string& arg);

// Throws std::invalid_argument for a Kokkos or OpenMP environment variable Kokkos would abort
// on, crash on or ignore: KOKKOS_NUM_THREADS and OMP_NUM_THREADS (threads, up to
// kMaxOpenMPThreads), KOKKOS_DEVICE_ID, the booleans KOKKOS_DISABLE_WARNINGS,
// KOKKOS_PRINT_CONFIGURATION and KOKKOS_TUNE_INTERNALS, KOKKOS_MAP_DEVICE_ID_BY, a
// KOKKOS_TOOLS_LIBS that does not load, and KOKKOS_NUMA, KOKKOS_NUM_DEVICES or
// KOKKOS_SKIP_DEVICE where Kokkos 4 no longer reads them.
void validate_environment();

}  // namespace stencil::kokkos
