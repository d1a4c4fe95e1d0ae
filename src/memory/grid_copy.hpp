// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The copy reference: the data movement each run's rate is compared with, copying the current
// grid into the spare one (the same bytes one step reads and writes), defined once per memory
// kind and used by the run (Stepper::copy_seconds) and the benchmark
// (src/measure/copy_reference.cpp) alike.
//   host memory:        the model's own parallel copy where its stepper gives one
//                       (GridAccess::host_copy), on the threads and scheduler of its kernels;
//                       else a parallel copy on as many OpenMP threads as the model computes
//                       with, each thread a static share, a plain loop like the kernels' (no
//                       streaming stores). Complete when it returns.
//   CUDA device memory: cudaMemcpyAsync device to device, queued on the grids' stream.
#pragma once

#include <cstddef>
#include <string>

#include "stencil/stepper.hpp"

namespace stencil {

// Queues one copy of grids.current into grids.next (`cells` elements). The stepper's fence()
// waits for it.
void queue_grid_copy(const GridAccess& grids, std::size_t cells);
// Seconds for `repetitions` such copies, fenced: on the host clock in host memory, by CUDA events
// on the grids' stream in CUDA device memory.
double timed_grid_copies(Stepper& stepper, int repetitions);
// What the copy is, for result files (e.g. "cudaMemcpyAsync device to device").
std::string copy_description(const GridAccess& grids);

// The host and CUDA definitions (memory/host_memory.cpp, memory/cuda_memory.cpp).
void queue_host_copy(const GridAccess& grids, std::size_t cells);
double timed_host_copies(Stepper& stepper, int repetitions);
void queue_cuda_copy(const GridAccess& grids, std::size_t cells);
double timed_cuda_copies(Stepper& stepper, int repetitions);

}  // namespace stencil
