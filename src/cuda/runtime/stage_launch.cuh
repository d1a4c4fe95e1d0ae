// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The launch geometry doublebuf and doublebuf_async share (stencil/stage_tile.hpp): a
// kStageWidth x kStageHeight block per strip of kStageWidth columns and chunk of rows.
#pragma once

#include <cuda_runtime.h>

#include "stencil/variants.hpp"

namespace stencil::cuda {

inline constexpr int kStageThreads = kStageWidth * kStageHeight;

inline dim3 stage_block() {
  return dim3(kStageWidth, kStageHeight);
}

inline dim3 stage_grid(int cols, int chunks) {
  return dim3((cols + kStageWidth - 1) / kStageWidth, chunks);
}

}  // namespace stencil::cuda
