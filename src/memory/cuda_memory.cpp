// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CUDA device memory kind: halo access through the pack kernels (memory/cuda_halo_pack.hpp)
// and device staging buffers, and the copy reference as a device-to-device cudaMemcpyAsync, all
// on the stream the model queues its steps on (GridAccess::cuda_stream).
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <string>

#include "cuda/runtime/check.hpp"
#include "memory/cuda_halo_pack.hpp"
#include "memory/grid_copy.hpp"
#include "memory/halo_access.hpp"

namespace stencil {
namespace {

cudaStream_t stream_of(const GridAccess& grids) {
  return static_cast<cudaStream_t>(grids.cuda_stream);
}

// A device buffer for halo cells that grows to the largest request and is then kept, so only
// the first exchange allocates.
class StagingBuffer {
 public:
  StagingBuffer() = default;
  ~StagingBuffer() { cudaFree(data_); }
  StagingBuffer(const StagingBuffer&) = delete;
  StagingBuffer& operator=(const StagingBuffer&) = delete;

  // At least `bytes` bytes. Growing frees the old buffer: the caller waits first for queued
  // work that may still use it.
  void* reserve(std::size_t bytes) {
    if (bytes > capacity_ || data_ == nullptr) {
      const std::size_t capacity = bytes == 0 ? 1 : bytes;
      void* grown = nullptr;
      STENCIL_CUDA_CHECK(cudaMalloc(&grown, capacity));
      cudaFree(data_);
      data_ = grown;
      capacity_ = capacity;
    }
    return data_;
  }
  std::size_t capacity() const { return capacity_; }

 private:
  void* data_ = nullptr;
  std::size_t capacity_ = 0;  // bytes
};

// The host forms go through the device forms: pack on the device into a staging buffer, then one
// copy over PCIe (page-locked from host_staging, so it runs at full speed) and back. Everything is
// queued on the grids' stream, after the steps already queued.
class CudaHaloAccess final : public HaloAccess {
 public:
  explicit CudaHaloAccess(Stepper& stepper)
      : stepper_(stepper), extent_(stepper.config().stepped_extent()) {
    STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&copied_, cudaEventDisableTiming));
  }
  ~CudaHaloAccess() override { cudaEventDestroy(copied_); }

  HostBuffer host_staging(std::size_t cells) override {
    void* data = nullptr;
    STENCIL_CUDA_CHECK(cudaMallocHost(&data, bytes_of(cells == 0 ? 1 : cells)));
    return HostBuffer(static_cast<std::byte*>(data), [](std::byte* p) { cudaFreeHost(p); });
  }

  void pack_regions(const std::vector<GridRegion>& regions, void* buffer) override {
    const std::size_t cells = checked_cells(regions);
    if (cells == 0)
      return;
    void* device = reserve(host_path_[kSendSlot], cells);
    pack_regions_on_device(regions, device);
    copy_to_host(device, buffer, cells);
  }

  // Waits for the copy only: the buffer may then be reused while the unpack stays queued.
  void unpack_regions(const std::vector<GridRegion>& regions, const void* buffer) override {
    const std::size_t cells = checked_cells(regions);
    if (cells == 0)
      return;
    void* device = reserve(host_path_[kReceiveSlot], cells);
    const cudaStream_t stream = stream_of(stepper_.grids());
    STENCIL_CUDA_CHECK(
        cudaMemcpyAsync(device, buffer, bytes_of(cells), cudaMemcpyHostToDevice, stream));
    STENCIL_CUDA_CHECK(cudaEventRecord(copied_, stream));
    unpack_regions_on_device(regions, device);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(copied_));
  }

  void pack_stepped_regions(const std::vector<GridRegion>& regions, void* buffer) override {
    const std::size_t cells = checked_cells(regions);
    require_single_iteration();
    if (cells == 0)
      return;
    void* device = reserve(host_path_[kSendSlot], cells);
    pack_stepped_regions_on_device(regions, device);
    copy_to_host(device, buffer, cells);
  }

  void* device_staging(int slot, std::size_t cells) override {
    if (slot != kSendSlot && slot != kReceiveSlot)
      throw std::invalid_argument("device staging slot " + std::to_string(slot) + " is not 0 or 1");
    return reserve(nccl_[slot], cells);
  }

  void pack_regions_on_device(const std::vector<GridRegion>& regions,
                              void* device_buffer) override {
    checked_cells(regions);
    pack(regions, cuda::PackedValue::current, device_buffer);
  }

  void pack_stepped_regions_on_device(const std::vector<GridRegion>& regions,
                                      void* device_buffer) override {
    checked_cells(regions);
    require_single_iteration();
    const cuda::PackedValue value = stepper_.config().variant->dimensions == 2
                                        ? cuda::PackedValue::stepped_2d
                                        : cuda::PackedValue::stepped_1d;
    pack(regions, value, device_buffer);
  }

  void unpack_regions_on_device(const std::vector<GridRegion>& regions,
                                const void* device_buffer) override {
    checked_cells(regions);
    const GridAccess grids = stepper_.grids();
    with_element_type(grids.precision, [&](auto zero) {
      using T = decltype(zero);
      cuda::launch_unpack_regions(grids.current_as<T>(), extent_.cols, regions,
                                  static_cast<const T*>(device_buffer), stream_of(grids));
    });
  }

 private:
  static constexpr int kSendSlot = 0;
  static constexpr int kReceiveSlot = 1;

  void pack(const std::vector<GridRegion>& regions, cuda::PackedValue value, void* device_buffer) {
    const GridAccess grids = stepper_.grids();
    with_element_type(grids.precision, [&](auto zero) {
      using T = decltype(zero);
      cuda::launch_pack_regions(grids.current_as<T>(), extent_.rows, extent_.cols, regions, value,
                                static_cast<T*>(device_buffer), stream_of(grids));
    });
  }

  std::size_t bytes_of(std::size_t cells) const {
    return cells * element_bytes(stepper_.precision());
  }

  void require_single_iteration() const {
    if (stepper_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
  }

  // The buffer's cells, after checking that every region lies inside the local array.
  std::size_t checked_cells(const std::vector<GridRegion>& regions) const {
    require_inside(regions, extent_.rows, extent_.cols);
    return static_cast<std::size_t>(buffer_cells(regions));
  }

  // A staging buffer of at least `cells` elements. Growing frees the old one, which queued packs
  // or unpacks may still read or write, so it waits for them first (only while buffers grow).
  void* reserve(StagingBuffer& staging, std::size_t cells) {
    if (bytes_of(cells) > staging.capacity())
      stepper_.fence();
    return staging.reserve(bytes_of(cells));
  }

  // One copy of the packed cells to host memory, waited for.
  void copy_to_host(const void* device, void* host, std::size_t cells) {
    const cudaStream_t stream = stream_of(stepper_.grids());
    STENCIL_CUDA_CHECK(
        cudaMemcpyAsync(host, device, bytes_of(cells), cudaMemcpyDeviceToHost, stream));
    STENCIL_CUDA_CHECK(cudaStreamSynchronize(stream));
  }

  Stepper& stepper_;
  ArrayExtent extent_;                      // the local array the kernels step
  cudaEvent_t copied_ = nullptr;            // unpack_regions: the host buffer has been read
  std::array<StagingBuffer, 2> host_path_;  // the host forms' device side, by slot
  std::array<StagingBuffer, 2> nccl_;       // device_staging, by slot
};

}  // namespace

std::unique_ptr<HaloAccess> make_cuda_halo_access(Stepper& stepper) {
  return std::make_unique<CudaHaloAccess>(stepper);
}

void queue_cuda_copy(const GridAccess& grids, std::size_t cells) {
  STENCIL_CUDA_CHECK(cudaMemcpyAsync(grids.next, grids.current, cells * grids.element_bytes(),
                                     cudaMemcpyDeviceToDevice, stream_of(grids)));
}

double timed_cuda_copies(Stepper& stepper, int repetitions) {
  const GridAccess grids = stepper.grids();
  const std::size_t cells = stepper.config().local_cells();
  const cudaStream_t stream = stream_of(grids);
  cudaEvent_t start, stop;
  STENCIL_CUDA_CHECK(cudaEventCreate(&start));
  STENCIL_CUDA_CHECK(cudaEventCreate(&stop));
  // One untimed copy goes ahead of the start event. On an idle stream the start event completes
  // at once, so the interval would also hold the host's enqueueing of the first timed copy: a
  // few microseconds, a visible share of a short batch of copies on a small grid.
  queue_cuda_copy(grids, cells);
  STENCIL_CUDA_CHECK(cudaEventRecord(start, stream));
  for (int r = 0; r < repetitions; ++r)
    queue_cuda_copy(grids, cells);
  STENCIL_CUDA_CHECK(cudaEventRecord(stop, stream));
  STENCIL_CUDA_CHECK(cudaEventSynchronize(stop));
  float milliseconds = 0.0f;
  STENCIL_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return milliseconds * 1e-3;
}

}  // namespace stencil
