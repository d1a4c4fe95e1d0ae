// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The launch both deep temporal kernels share (warp_temporal_kernel.cuh, and the experiment's
// perf/temporal_ab/pipelined_temporal_kernel.cuh): their shapes need more than the default 48 KB of
// shared memory per block, and they fill the GPU with one wave of resident blocks in row chunks.
#pragma once

#include <cuda_runtime.h>

#include "cuda/runtime/check.hpp"
#include "cuda/runtime/device_info.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda {

// One pass of `kernel`, shape S (kThreads, kSharedBytes), `column_blocks` blocks across, in
// `chunks` row chunks (0: one wave of resident blocks, chunks of at least 64 rows). `name`
// labels the CUDA errors.
template <class S, class T>
void launch_deep_pass(void (*kernel)(const T*, T*, int, int), const char* name, const T* in, T* out,
                      int rows, int cols, int column_blocks, int chunks, cudaStream_t queue) {
  static int resident = 0;  // per kernel: each S instantiates its own
  if (resident == 0) {
    check(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, S::kSharedBytes),
        name);
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, S::kThreads,
                                                        S::kSharedBytes),
          name);
    resident = blocks > 0 ? blocks : 1;
  }
  int row_chunks = chunks;
  if (row_chunks <= 0)
    row_chunks = wave_filling_chunks(resident * multiprocessor_count(), column_blocks, rows, 64);
  kernel<<<dim3(column_blocks, row_chunks), S::kThreads, S::kSharedBytes, queue>>>(in, out, rows,
                                                                                   cols);
  check_launch(name);
}

}  // namespace stencil::cuda
