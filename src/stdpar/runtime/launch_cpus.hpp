// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// TBB's threads on every CPU the program was started on. TBB reads the CPUs it may use from the
// calling thread's affinity mask once, at its first use, sizes its thread pool by it and starts
// its workers on it. This program also loads an OpenMP runtime (Kokkos' OpenMP space, the openmp
// model), and with OMP_PROC_BIND set (as the study and the benchmark suite set it) libgomp binds
// the main thread to one CPU when it loads: TBB would then run every parallel algorithm, the
// copy reference included, on that one CPU.
#pragma once

namespace stencil::stdpar {

// Starts TBB, once, as if from the main thread's CPUs at load time, and returns its thread
// count (tbb::info::default_concurrency()). Later calls return the same count.
int start_tbb_on_launch_cpus();

}  // namespace stencil::stdpar
