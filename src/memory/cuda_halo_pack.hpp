// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device packing of halo regions for the CUDA memory kind's halo access (HaloAccess::pack_regions
// and friends, memory/halo_access.hpp): the regions of a rows x cols row-major local array, moved
// to or from a device buffer that holds them back to back, each row-major
// (stencil/grid_region.hpp's layout). A 1-D array is one row of n cells (rows = 1). Regions must
// lie inside the array.
#pragma once

#include <cuda_runtime.h>

#include <vector>

#include "stencil/grid_region.hpp"

namespace stencil::cuda {

// What a packed cell holds: its current value, or the value the next iteration gives it
// (stencil/stepped_cell.hpp) under the 2-D or the 1-D stencil.
enum class PackedValue { current, stepped_2d, stepped_1d };

// Queue on `queue` the packing of `regions` of `local` into `buffer`: one kernel launch for up to
// eight regions (the exchange's eight directions), one more per further eight. T: float or
// double.
template <class T>
void launch_pack_regions(const T* local, int rows, int cols, const std::vector<GridRegion>& regions,
                         PackedValue value, T* buffer, cudaStream_t queue);

// Queue on `queue` the copy of `buffer` into `regions` of `local`, launched like the pack.
template <class T>
void launch_unpack_regions(T* local, int cols, const std::vector<GridRegion>& regions,
                           const T* buffer, cudaStream_t queue);

}  // namespace stencil::cuda
