// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// For models whose own runtime launches their kernels on the CUDA driver (the directive models:
// libgomp's nvptx plugin, libomptarget) and whose grids the CUDA memory kind then serves through
// their device addresses. Without CUDA in the build, both do nothing.
#pragma once

namespace stencil {

// Makes the CUDA runtime's primary context current on this thread, once per process, so that a
// runtime which adopts the thread's current context when it opens the device (libgomp does;
// libomptarget retains the primary context itself) shares one context, and one address space,
// with the CUDA memory kind's copies and halo kernels. Call it before the model's runtime first
// touches the device. False where the build has no CUDA or no GPU is found.
bool share_cuda_primary_context();

// Waits until the work queued on the legacy default stream (the CUDA memory kind's halo unpacks
// and copies, GridAccess::cuda_stream = nullptr) has finished, for a runtime whose kernels run on
// streams that do not wait for it.
void wait_for_cuda_default_stream();

}  // namespace stencil
