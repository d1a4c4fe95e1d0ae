// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Halo packing on the device: one launch moves a batch of up to eight regions, the region table
// passed by value as a kernel argument (no table upload, nothing to free). Block row blockIdx.y
// serves region blockIdx.y of the batch, its threads striding over the region's cells in buffer
// order, so consecutive threads touch consecutive buffer cells and, along a region row,
// consecutive cells of the array. Halo regions are thin strips, so the per-cell division that
// splits a flat index into (row, column) costs nothing next to the launch itself.
#include <algorithm>
#include <cstdint>

#include "cuda/runtime/check.hpp"
#include "memory/cuda_halo_pack.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/stepped_cell.hpp"

namespace stencil::cuda {
namespace {

constexpr int kBatch = 8;
constexpr int kThreads = 256;
constexpr unsigned kMaxBlocksPerRegion = 1024;  // beyond this the threads stride

// One region of a batch, narrowed to the array's 32-bit index (the caller checked that it lies
// inside the array), and where its first cell goes in the buffer.
struct BatchRegion {
  int row0;
  int col0;
  int rows;
  int cols;
  std::int64_t offset;
};
struct RegionBatch {
  BatchRegion regions[kBatch];
};

template <PackedValue kValue, class T>
__global__ void __launch_bounds__(kThreads)
    pack_kernel(const T* __restrict__ local, int rows, int cols, RegionBatch batch,
                T* __restrict__ buffer) {
  const BatchRegion region = batch.regions[blockIdx.y];
  // Unsigned: a region holds fewer than 2^31 cells, so c + stride cannot wrap.
  const unsigned cells = static_cast<unsigned>(region.rows) * static_cast<unsigned>(region.cols);
  for (unsigned c = blockIdx.x * blockDim.x + threadIdx.x; c < cells; c += gridDim.x * blockDim.x) {
    const int y = region.row0 + static_cast<int>(c / region.cols);
    const int x = region.col0 + static_cast<int>(c % region.cols);
    T value;
    if constexpr (kValue == PackedValue::current)
      value = local[row_offset(y, cols) + x];
    else if constexpr (kValue == PackedValue::stepped_2d)
      value = stepped_cell_2d(local, rows, cols, y, x);
    else
      value = stepped_cell_1d(local, cols, x);
    buffer[region.offset + c] = value;
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    unpack_kernel(T* __restrict__ local, int cols, RegionBatch batch,
                  const T* __restrict__ buffer) {
  const BatchRegion region = batch.regions[blockIdx.y];
  const unsigned cells = static_cast<unsigned>(region.rows) * static_cast<unsigned>(region.cols);
  for (unsigned c = blockIdx.x * blockDim.x + threadIdx.x; c < cells; c += gridDim.x * blockDim.x) {
    const int y = region.row0 + static_cast<int>(c / region.cols);
    const int x = region.col0 + static_cast<int>(c % region.cols);
    local[row_offset(y, cols) + x] = buffer[region.offset + c];
  }
}

// Calls launch(batch, grid) for each batch of up to kBatch regions, with every region's offset
// in the whole buffer. Batches whose regions are all empty launch nothing.
template <class Launch>
void for_each_batch(const std::vector<GridRegion>& regions, Launch launch) {
  std::int64_t offset = 0;
  for (std::size_t first = 0; first < regions.size(); first += kBatch) {
    const std::size_t count = std::min<std::size_t>(kBatch, regions.size() - first);
    RegionBatch batch{};
    std::int64_t largest = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const GridRegion& r = regions[first + i];
      batch.regions[i] = {static_cast<int>(r.row0), static_cast<int>(r.col0),
                          static_cast<int>(r.rows), static_cast<int>(r.cols), offset};
      offset += r.cells();
      largest = std::max(largest, r.cells());
    }
    if (largest == 0)
      continue;
    const auto blocks = static_cast<unsigned>(
        std::min<std::int64_t>((largest + kThreads - 1) / kThreads, kMaxBlocksPerRegion));
    launch(batch, dim3(blocks, static_cast<unsigned>(count)));
  }
}

}  // namespace

template <class T>
void launch_pack_regions(const T* local, int rows, int cols, const std::vector<GridRegion>& regions,
                         PackedValue value, T* buffer, cudaStream_t queue) {
  for_each_batch(regions, [&](const RegionBatch& batch, dim3 grid) {
    switch (value) {
      case PackedValue::current:
        pack_kernel<PackedValue::current>
            <<<grid, kThreads, 0, queue>>>(local, rows, cols, batch, buffer);
        break;
      case PackedValue::stepped_2d:
        pack_kernel<PackedValue::stepped_2d>
            <<<grid, kThreads, 0, queue>>>(local, rows, cols, batch, buffer);
        break;
      case PackedValue::stepped_1d:
        pack_kernel<PackedValue::stepped_1d>
            <<<grid, kThreads, 0, queue>>>(local, rows, cols, batch, buffer);
        break;
    }
    check_launch("pack_kernel launch");
  });
}

template <class T>
void launch_unpack_regions(T* local, int cols, const std::vector<GridRegion>& regions,
                           const T* buffer, cudaStream_t queue) {
  for_each_batch(regions, [&](const RegionBatch& batch, dim3 grid) {
    unpack_kernel<<<grid, kThreads, 0, queue>>>(local, cols, batch, buffer);
    check_launch("unpack_kernel launch");
  });
}

#define STENCIL_INSTANTIATE_PACKS(T)                                                        \
  template void launch_pack_regions<T>(const T*, int, int, const std::vector<GridRegion>&,  \
                                       PackedValue, T*, cudaStream_t);                      \
  template void launch_unpack_regions<T>(T*, int, const std::vector<GridRegion>&, const T*, \
                                         cudaStream_t);
STENCIL_INSTANTIATE_PACKS(float)
STENCIL_INSTANTIATE_PACKS(double)
#undef STENCIL_INSTANTIATE_PACKS

}  // namespace stencil::cuda
