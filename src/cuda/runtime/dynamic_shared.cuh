// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A block's dynamic shared memory as cells of type T. An extern __shared__ array declared with a
// template's type would declare one symbol with a different type in each instantiation, which
// nvcc refuses; so the bytes are declared once, 128-byte aligned, and viewed as T.
#pragma once

#include <cuda_runtime.h>

namespace stencil::cuda {

template <class T>
__device__ __forceinline__ T* dynamic_shared() {
  extern __shared__ __align__(128) unsigned char dynamic_shared_bytes[];
  return reinterpret_cast<T*>(dynamic_shared_bytes);
}

}  // namespace stencil::cuda
