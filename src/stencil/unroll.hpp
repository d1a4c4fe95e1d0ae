// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loop unrolling hint for loops over small per-thread register arrays: indices must be
// compile-time constants after unrolling, or the arrays move to (slow) local memory on the GPU.
#pragma once

#if defined(__CUDA_ARCH__)
#define STENCIL_UNROLL _Pragma("unroll")
#else
#define STENCIL_UNROLL
#endif
