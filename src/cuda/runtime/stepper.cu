// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <array>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/stepper.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/shape_dispatch.hpp"

namespace stencil::cuda {
namespace {

// A 2-D launcher, whose cols is an int (at most kMaxN2d), called as a LaunchFunction.
template <auto kLaunch, class T>
void narrowed_launch(const T* in, T* out, int rows, std::int64_t cols, int chunks,
                     cudaStream_t queue) {
  kLaunch(in, out, rows, static_cast<int>(cols), chunks, queue);
}
#define STENCIL_LAUNCH_AS_1(...) static_cast<LaunchFunction<T>>(__VA_ARGS__)
#define STENCIL_LAUNCH_AS_2(...) static_cast<LaunchFunction<T>>(&narrowed_launch<__VA_ARGS__, T>)

// Generated from STENCIL_VARIANTS: each variant's launcher for element type T, at the
// instantiation of its run-time shape value. A variant the table does not give to "cuda" has no
// case.
#define STENCIL_LAUNCH_none(name, dimensions) STENCIL_LAUNCH_AS_##dimensions(&launch_##name<T>)
#define STENCIL_LAUNCH_SHAPED(name, shape, dimensions)                                     \
  pick_instantiation<STENCIL_SHAPE_CHOICES_##shape>(config.shape_value(), [](auto value) { \
    return STENCIL_LAUNCH_AS_##dimensions(&launch_##name<T, decltype(value)::value>);      \
  })
#define STENCIL_LAUNCH_pitch(name, dimensions) STENCIL_LAUNCH_SHAPED(name, pitch, dimensions)
#define STENCIL_LAUNCH_patch(name, dimensions) STENCIL_LAUNCH_SHAPED(name, patch, dimensions)
#define STENCIL_LAUNCH_fuse(name, dimensions) \
  STENCIL_LAUNCH_SHAPED(name, pipelined_fuse, dimensions)
#define STENCIL_LAUNCH_CASE(name, dimensions, chunks, shape, ...) \
  case Variant::name:                                             \
    if constexpr (info(Variant::name).implemented_by("cuda"))     \
      return STENCIL_LAUNCH_##shape(name, dimensions);            \
    break;

template <class T>
LaunchFunction<T> launch_function(const RunConfig& config) {
  switch (config.variant->id) { STENCIL_VARIANTS(STENCIL_LAUNCH_CASE) }
  throw UnsupportedRequest("-impl cuda has no kernel for variant " +
                           std::string(config.variant->name));
}

// Owns one device allocation of `count` cells.
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) {
    STENCIL_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)));
  }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  T* get() const { return data_; }
  void swap(DeviceBuffer& other) noexcept { std::swap(data_, other.data_); }

 private:
  T* data_ = nullptr;
};

// Launch limits the kernels cannot stretch: a CUDA grid has at most 65535 blocks along y, which
// the 2-D kernels give to row chunks or, in naive and tiled (the shortest blocks), to 8-row
// blocks: 524280 rows, more than a square grid that fits one GPU's memory has; a rank's tall,
// narrow tile could.
constexpr int kMaxGridY = 65535;
constexpr int kRowsPerBlockY = 8;
void check_launch_limits(const RunConfig& config) {
  if (config.variant->dimensions != 2) {
    if (config.n > kMaxDeviceCells1D) {
      throw UnsupportedRequest("-impl cuda: a 1-D grid of " + std::to_string(config.n) +
                               " cells exceeds one launch's " + std::to_string(kMaxDeviceCells1D) +
                               " cells");
    }
    return;
  }
  const int rows = config.local_rows();
  if ((rows + kRowsPerBlockY - 1) / kRowsPerBlockY > kMaxGridY) {
    throw UnsupportedRequest(
        "-impl cuda: a local array of " + std::to_string(rows) + " rows exceeds one launch's " +
        std::to_string(kMaxGridY * kRowsPerBlockY) + " rows; use more ranks along y");
  }
  if (config.variant->chunks != ChunkPolicy::none && config.chunks > kMaxGridY) {
    throw UnsupportedRequest("-impl cuda: at most " + std::to_string(kMaxGridY) +
                             " row chunks, got " + std::to_string(config.chunks));
  }
}

// Kokkos 3.4's CUDA initialisation sets cudaFuncCachePreferShared for the whole device
// (Kokkos_Cuda_Instance.cpp), which leaves the least L1 to every kernel that states no preference
// of its own: these native kernels, and the driver's device-to-device copy that is the rate
// reference: both run slower with less L1 (docs/stream-and-temporal.md gives the cost). While a
// native stepper lives, the device has CUDA's
// default back; Kokkos sets its own kernels' preference at every launch, so they do not notice.
class DefaultCacheConfig {
 public:
  DefaultCacheConfig() {
    STENCIL_CUDA_CHECK(cudaDeviceGetCacheConfig(&previous_));
    STENCIL_CUDA_CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferNone));
  }
  ~DefaultCacheConfig() { cudaDeviceSetCacheConfig(previous_); }
  DefaultCacheConfig(const DefaultCacheConfig&) = delete;
  DefaultCacheConfig& operator=(const DefaultCacheConfig&) = delete;

 private:
  cudaFuncCache previous_ = cudaFuncCachePreferNone;
};

// The grids hold cells of type T (float or double), the run's precision.
template <class T>
class CudaStepper final : public Stepper {
 public:
  explicit CudaStepper(const CheckedConfig& config)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        launch_(launch_function<T>(config.get())),
        a_(cells_),
        b_(cells_) {
    STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&queue_, cudaStreamNonBlocking));
    current_ = a_.get();
    next_ = b_.get();
  }
  ~CudaStepper() override { cudaStreamDestroy(queue_); }

  std::string model() const override { return "cuda"; }
  std::string execution_space() const override { return device_description(); }

  void upload(const Cells& cells) override {
    require_upload_shape(cells);
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(current_, cells.values<T>().data(), cells_ * sizeof(T),
                                       cudaMemcpyHostToDevice, queue_));
    fence();
  }

  void poison_next_output() override {
    // Every byte 0xFF: a float 0xFFFFFFFF or a double 0xFFFFFFFFFFFFFFFF, a NaN in either.
    STENCIL_CUDA_CHECK(cudaMemsetAsync(next_, 0xFF, cells_ * sizeof(T), queue_));
  }

  void step() override {
    launch(current_, next_);
    std::swap(current_, next_);
  }

  void warm_up() override { launch(current_, next_); }

  void fence() override { STENCIL_CUDA_CHECK(cudaStreamSynchronize(queue_)); }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = MemoryKind::cuda;
    grids.precision = precision_of<T>();
    grids.current = current_;
    grids.next = next_;
    grids.cuda_stream = queue_;
    return grids;
  }

  Cells download() override {
    std::vector<T> cells(cells_);
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(cells.data(), current_, cells_ * sizeof(T),
                                       cudaMemcpyDeviceToHost, queue_));
    fence();
    return Cells(std::move(cells));
  }

 private:
  void pass_depth_changed() override { launch_ = launch_function<T>(config()); }

  void launch(const T* in, T* out) {
    launch_(in, out, extent_.rows, extent_.cols, config().chunks, queue_);
  }

  DefaultCacheConfig cache_config_;
  ArrayExtent extent_;  // the local array the kernels step
  std::size_t cells_;
  LaunchFunction<T> launch_;
  DeviceBuffer<T> a_;
  DeviceBuffer<T> b_;
  T* current_ = nullptr;
  T* next_ = nullptr;
  cudaStream_t queue_ = nullptr;
};

}  // namespace

std::string unavailable_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error so later checks start clean
    return std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")";
  }
  if (count == 0)
    return "no CUDA device found";
  return "";
}

std::string device_description() {
  int device = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  STENCIL_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::ostringstream out;
  out << "CUDA device " << device << ": " << prop.name << " (sm_" << prop.major << prop.minor
      << ", " << prop.multiProcessorCount << " SMs)";
  return out.str();
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config) {
  check_launch_limits(config.get());  // first: no device serves these
  if (const std::string reason = unavailable_reason(); !reason.empty()) {
    throw UnsupportedRequest("-impl cuda: " + reason);
  }
  std::size_t free = 0, total = 0;
  STENCIL_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  // The two device grids, and the caller's host copies (the halo staging buffers are small).
  require_grids(config.get(), 2, free, "GPU memory");
  require_grids(config.get(), static_cast<std::size_t>(config->host_copies), host_available_bytes(),
                "host memory");
  return with_element_type(config->precision, [&](auto zero) -> std::unique_ptr<Stepper> {
    return std::make_unique<CudaStepper<decltype(zero)>>(config);
  });
}

}  // namespace stencil::cuda
