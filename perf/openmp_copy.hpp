// The copy reference of the native OpenMP implementation.
#pragma once

#include <cstddef>
#include <memory>

#include "copy_reference.hpp"

namespace stencil::perf {

// A parallel copy on the same OpenMP threads as the -impl openmp kernels, with their static
// schedule and first touch (src/openmp/grid_buffer.hpp): the same copy the run command's
// stencil/copy divides by. Throws UnsupportedRequest when the two buffers do not fit.
std::unique_ptr<CopyReference> make_openmp_copy(std::size_t cells);

}  // namespace stencil::perf
