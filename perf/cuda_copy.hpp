// The copy reference of the native CUDA implementation. Plain C++ header: the benchmark includes
// it without the CUDA toolkit's headers.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "copy_reference.hpp"

namespace stencil::perf {

// cudaMemcpyAsync device to device on a stream of its own. Throws UnsupportedRequest when no
// device is usable or the two buffers do not fit in its memory.
std::unique_ptr<CopyReference> make_cuda_copy(std::size_t cells);

// "13.0" from cudaDriverGetVersion (the newest CUDA the installed driver supports), or "none".
std::string cuda_driver_version();

// "13.0" from cudaRuntimeGetVersion (the runtime this binary was linked against).
std::string cuda_runtime_version();

}  // namespace stencil::perf
