#include <array>
#include <sstream>
#include <stdexcept>

#include "cuda/check.hpp"
#include "cuda/halo_pack.hpp"
#include "cuda/kernels.hpp"
#include "cuda/stepper.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/shape_dispatch.hpp"

namespace stencil::cuda {
namespace {

// Generated from STENCIL_VARIANTS: each variant's launcher, at the instantiation of its run-time
// shape value. A variant the table does not give to "cuda" has no case.
#define STENCIL_LAUNCH_none(name) &launch_##name
#define STENCIL_LAUNCH_SHAPED(name, shape)                                                 \
  pick_instantiation<STENCIL_SHAPE_CHOICES_##shape>(config.shape_value(), [](auto value) { \
    return LaunchFunction{&launch_##name<decltype(value)::value>};                         \
  })
#define STENCIL_LAUNCH_pitch(name) STENCIL_LAUNCH_SHAPED(name, pitch)
#define STENCIL_LAUNCH_patch(name) STENCIL_LAUNCH_SHAPED(name, patch)
#define STENCIL_LAUNCH_fuse(name) STENCIL_LAUNCH_SHAPED(name, fuse)
#define STENCIL_LAUNCH_CASE(name, dimensions, chunks, shape, ...) \
  case Variant::name:                                             \
    if constexpr (info(Variant::name).implemented_by("cuda"))     \
      return STENCIL_LAUNCH_##shape(name);                        \
    break;

LaunchFunction launch_function(const RunConfig& config) {
  switch (config.variant->id) { STENCIL_VARIANTS(STENCIL_LAUNCH_CASE) }
  throw UnsupportedRequest("-impl cuda has no kernel for variant " +
                           std::string(config.variant->name));
}

// Owns one device allocation.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) {
    STENCIL_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(float)));
  }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  float* get() const { return data_; }
  void swap(DeviceBuffer& other) noexcept { std::swap(data_, other.data_); }

 private:
  float* data_ = nullptr;
};

// A device buffer for halo cells that grows to the largest request and is then kept, so an
// exchange allocates only on its first round.
class StagingBuffer {
 public:
  // At least `cells` floats. Growing frees the old buffer: the caller fences first if queued
  // work may still use it.
  float* reserve(std::size_t cells) {
    if (cells > capacity_ || buffer_.get() == nullptr) {
      const std::size_t capacity = cells == 0 ? 1 : cells;
      DeviceBuffer grown(capacity);
      buffer_.swap(grown);
      capacity_ = capacity;
    }
    return buffer_.get();
  }
  std::size_t capacity() const { return capacity_; }

 private:
  DeviceBuffer buffer_;
  std::size_t capacity_ = 0;
};

// Launch limits the kernels cannot stretch: a CUDA grid has at most 65535 blocks along y, which
// the 2-D kernels give to row chunks or, in naive and tiled (the shortest blocks), to 8-row
// blocks: 524280 rows, more than a square grid that fits one GPU's memory has; a rank's tall,
// narrow tile could.
constexpr int kMaxGridY = 65535;
constexpr int kRowsPerBlockY = 8;
void check_launch_limits(const RunConfig& config) {
  if (config.variant->dimensions != 2)
    return;
  const int rows = config.local_rows();
  if ((rows + kRowsPerBlockY - 1) / kRowsPerBlockY > kMaxGridY) {
    throw UnsupportedRequest(
        "-impl cuda: a local array of " + std::to_string(rows) + " rows exceeds one launch's " +
        std::to_string(kMaxGridY * kRowsPerBlockY) + " rows; use more ranks along y");
  }
  if (config.variant->id == Variant::doublebuf_async &&
      config.local_cols() > kMaxDoubleBufAsyncColumns) {
    throw UnsupportedRequest("-impl cuda: doublebuf_async serves arrays of at most " +
                             std::to_string(kMaxDoubleBufAsyncColumns) + " columns, got " +
                             std::to_string(config.local_cols()) + "; use more ranks along x");
  }
  if (config.variant->chunks != ChunkPolicy::none && config.chunks > kMaxGridY) {
    throw UnsupportedRequest("-impl cuda: at most " + std::to_string(kMaxGridY) +
                             " row chunks, got " + std::to_string(config.chunks));
  }
}

// Kokkos 3.4's CUDA initialisation sets cudaFuncCachePreferShared for the whole device
// (Kokkos_Cuda_Instance.cpp), which leaves the least L1 to every kernel that states no preference
// of its own: these native kernels, and the driver's device-to-device copy that is the rate
// reference. On the H200 that cost the copy 3% and the stream kernel 4%
// (perf/results/h200-stream-round4-2026-11-30). While a native stepper lives, the device has CUDA's
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

class CudaStepper final : public Stepper {
 public:
  explicit CudaStepper(const CheckedConfig& config)
      : config_(config.get()),
        shape_(config_.stepped_shape()),
        cells_(config_.local_cells()),
        launch_(launch_function(config_)),
        a_(cells_),
        b_(cells_) {
    STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&queue_, cudaStreamNonBlocking));
    STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&copied_, cudaEventDisableTiming));
    current_ = a_.get();
    next_ = b_.get();
  }
  ~CudaStepper() override {
    cudaEventDestroy(copied_);
    cudaStreamDestroy(queue_);
  }

  std::string implementation() const override { return "cuda"; }
  std::string execution_space() const override { return device_description(); }

  void upload(const std::vector<float>& cells) override {
    if (cells.size() != cells_)
      throw std::invalid_argument("state has the wrong cell count");
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(current_, cells.data(), cells_ * sizeof(float),
                                       cudaMemcpyHostToDevice, queue_));
    fence();
  }

  void poison_next_output() override {
    // Every byte 0xFF: each float is 0xFFFFFFFF, a NaN.
    STENCIL_CUDA_CHECK(cudaMemsetAsync(next_, 0xFF, cells_ * sizeof(float), queue_));
  }

  void step() override {
    launch(current_, next_);
    std::swap(current_, next_);
  }

  int iterations_per_step() const override { return config_.iterations_per_step(); }

  void warm_up() override { launch(current_, next_); }

  void fence() override { STENCIL_CUDA_CHECK(cudaStreamSynchronize(queue_)); }

  double copy_seconds(int repetitions) override {
    cudaEvent_t start, stop;
    STENCIL_CUDA_CHECK(cudaEventCreate(&start));
    STENCIL_CUDA_CHECK(cudaEventCreate(&stop));
    STENCIL_CUDA_CHECK(cudaEventRecord(start, queue_));
    for (int r = 0; r < repetitions; ++r) {
      STENCIL_CUDA_CHECK(cudaMemcpyAsync(next_, current_, cells_ * sizeof(float),
                                         cudaMemcpyDeviceToDevice, queue_));
    }
    STENCIL_CUDA_CHECK(cudaEventRecord(stop, queue_));
    STENCIL_CUDA_CHECK(cudaEventSynchronize(stop));
    float milliseconds = 0.0f;
    STENCIL_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return milliseconds * 1e-3;
  }

  bool launches_cuda_kernels() const override { return true; }
  void* cuda_stream() const override { return queue_; }

  std::vector<float> download() override {
    std::vector<float> cells(cells_);
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(cells.data(), current_, cells_ * sizeof(float),
                                       cudaMemcpyDeviceToHost, queue_));
    fence();
    return cells;
  }

  // Halo access. The host forms go through the device forms: pack on the device into a staging
  // buffer of the stepper's own, then one copy over PCIe (page-locked from host_staging, so the
  // copy runs at full speed) and back. Everything is queued on the stepper's stream, after the
  // steps already queued.
  HostBuffer host_staging(std::size_t cells) override {
    float* data = nullptr;
    STENCIL_CUDA_CHECK(
        cudaMallocHost(reinterpret_cast<void**>(&data), (cells == 0 ? 1 : cells) * sizeof(float)));
    return HostBuffer(data, [](float* p) { cudaFreeHost(p); });
  }

  void pack_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    const std::size_t cells = checked_cells(regions);
    if (cells == 0)
      return;
    float* device = reserve(host_path_[kSendSlot], cells);
    pack_regions_on_device(regions, device);
    copy_to_host(device, buffer, cells);
  }

  // Waits for the copy only: the buffer may then be reused while the unpack stays queued.
  void unpack_regions(const std::vector<GridRegion>& regions, const float* buffer) override {
    const std::size_t cells = checked_cells(regions);
    if (cells == 0)
      return;
    float* device = reserve(host_path_[kReceiveSlot], cells);
    STENCIL_CUDA_CHECK(
        cudaMemcpyAsync(device, buffer, cells * sizeof(float), cudaMemcpyHostToDevice, queue_));
    STENCIL_CUDA_CHECK(cudaEventRecord(copied_, queue_));
    unpack_regions_on_device(regions, device);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(copied_));
  }

  void pack_stepped_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    const std::size_t cells = checked_cells(regions);
    if (config_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
    if (cells == 0)
      return;
    float* device = reserve(host_path_[kSendSlot], cells);
    pack_stepped_regions_on_device(regions, device);
    copy_to_host(device, buffer, cells);
  }

  float* device_staging(int slot, std::size_t cells) override {
    if (slot != kSendSlot && slot != kReceiveSlot)
      throw std::invalid_argument("device staging slot " + std::to_string(slot) + " is not 0 or 1");
    return reserve(nccl_[slot], cells);
  }

  void pack_regions_on_device(const std::vector<GridRegion>& regions,
                              float* device_buffer) override {
    checked_cells(regions);
    launch_pack_regions(current_, shape_.rows, shape_.cols, regions, PackedValue::current,
                        device_buffer, queue_);
  }

  void pack_stepped_regions_on_device(const std::vector<GridRegion>& regions,
                                      float* device_buffer) override {
    checked_cells(regions);
    if (config_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
    const PackedValue value =
        config_.variant->dimensions == 2 ? PackedValue::stepped_2d : PackedValue::stepped_1d;
    launch_pack_regions(current_, shape_.rows, shape_.cols, regions, value, device_buffer, queue_);
  }

  void unpack_regions_on_device(const std::vector<GridRegion>& regions,
                                const float* device_buffer) override {
    checked_cells(regions);
    launch_unpack_regions(current_, shape_.cols, regions, device_buffer, queue_);
  }

 private:
  static constexpr int kSendSlot = 0;
  static constexpr int kReceiveSlot = 1;

  void launch(const float* in, float* out) {
    launch_(in, out, shape_.rows, shape_.cols, config_.chunks, queue_);
  }

  // The buffer's cells, after checking that every region lies inside the local array.
  std::size_t checked_cells(const std::vector<GridRegion>& regions) const {
    require_inside(regions, shape_.rows, shape_.cols);
    return static_cast<std::size_t>(buffer_cells(regions));
  }

  // A staging buffer of at least `cells` floats. Growing frees the old one, which queued packs or
  // unpacks may still read or write, so it waits for them first (only while buffers grow).
  float* reserve(StagingBuffer& staging, std::size_t cells) {
    if (cells > staging.capacity())
      fence();
    return staging.reserve(cells);
  }

  // One copy of the packed cells to host memory, waited for.
  void copy_to_host(const float* device, float* host, std::size_t cells) {
    STENCIL_CUDA_CHECK(
        cudaMemcpyAsync(host, device, cells * sizeof(float), cudaMemcpyDeviceToHost, queue_));
    fence();
  }

  DefaultCacheConfig cache_config_;
  RunConfig config_;
  ArrayShape shape_;  // the local array the kernels step
  std::size_t cells_;
  LaunchFunction launch_;
  DeviceBuffer a_;
  DeviceBuffer b_;
  float* current_ = nullptr;
  float* next_ = nullptr;
  cudaStream_t queue_ = nullptr;
  cudaEvent_t copied_ = nullptr;            // unpack_regions: the host buffer has been read
  std::array<StagingBuffer, 2> host_path_;  // the host forms' device side, by slot
  std::array<StagingBuffer, 2> nccl_;       // device_staging, by slot
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
  return std::make_unique<CudaStepper>(config);
}

}  // namespace stencil::cuda
