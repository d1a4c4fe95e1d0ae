#include <sstream>

#include "cuda/check.hpp"
#include "cuda/kernels.hpp"
#include "cuda/runner.hpp"
#include "stencil/memory_budget.hpp"

namespace stencil::cuda {
namespace {

// The run-time shape options pick one of the compile-time instantiations.
LaunchFunction tiled_for_pitch(int pitch) {
  switch (pitch) {
    case 32:
      return &launch_tiled<32>;
    case 33:
      return &launch_tiled<33>;
    case 34:
      return &launch_tiled<34>;
  }
  throw UnsupportedRequest("tiled has no kernel for row pitch " + std::to_string(pitch));
}

LaunchFunction regblock_for_patch(int patch) {
  switch (patch) {
    case 2:
      return &launch_regblock<2>;
    case 4:
      return &launch_regblock<4>;
  }
  throw UnsupportedRequest("regblock has no kernel for patch size " + std::to_string(patch));
}

LaunchFunction launch_function(const RunConfig& config) {
  switch (config.variant->id) {
    case Variant::naive:
      return &launch_naive;
    case Variant::tiled:
      return tiled_for_pitch(config.pitch);
    case Variant::strip:
      return &launch_strip;
    case Variant::rolling:
      return &launch_rolling;
    case Variant::regblock:
      return regblock_for_patch(config.patch);
    case Variant::doublebuf:
      return &launch_doublebuf;
    case Variant::doublebuf_async:
      return &launch_doublebuf_async;
    case Variant::naive1d:
      return &launch_naive1d;
    case Variant::halo1d:
      return &launch_halo1d;
    case Variant::stream:
      return &launch_stream;
    case Variant::temporal:
      return nullptr;  // takes the fused iteration count too: see CudaRunner::launch
  }
  throw std::logic_error("variant without a CUDA kernel");
}

// Owns one device allocation.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t count) {
    STENCIL_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(float)));
  }
  ~DeviceBuffer() { cudaFree(data_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  float* get() const { return data_; }

 private:
  float* data_ = nullptr;
};

// Kokkos 3.4's CUDA initialisation sets cudaFuncCachePreferShared for the whole device
// (Kokkos_Cuda_Instance.cpp), which leaves the least L1 to every kernel that states no preference
// of its own: these native kernels, and the driver's device-to-device copy that is the rate
// reference. On the H200 that cost the copy 3% and the stream kernel 4%
// (perf/results/h200-stream-round4-2026-11-30). While a native runner lives, the device has CUDA's
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

class CudaRunner final : public StencilRunner {
 public:
  explicit CudaRunner(const RunConfig& config)
      : config_(config),
        cells_(cell_count(*config.variant, config.n)),
        launch_(launch_function(config)),
        a_(cells_),
        b_(cells_) {
    STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    current_ = a_.get();
    next_ = b_.get();
  }
  ~CudaRunner() override { cudaStreamDestroy(stream_); }

  std::string implementation() const override { return "cuda"; }
  std::string execution_space() const override { return device_description(); }

  void upload(const std::vector<float>& cells) override {
    if (cells.size() != cells_)
      throw std::invalid_argument("state has the wrong cell count");
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(current_, cells.data(), cells_ * sizeof(float),
                                       cudaMemcpyHostToDevice, stream_));
    fence();
  }

  void poison_next_output() override {
    // Every byte 0xFF: each float is 0xFFFFFFFF, a NaN.
    STENCIL_CUDA_CHECK(cudaMemsetAsync(next_, 0xFF, cells_ * sizeof(float), stream_));
  }

  void step() override {
    launch(current_, next_);
    std::swap(current_, next_);
  }

  int iterations_per_step() const override { return config_.fuse; }

  void warm_up() override { launch(current_, next_); }

  void fence() override { STENCIL_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

  double copy_seconds(int repetitions) override {
    cudaEvent_t start, stop;
    STENCIL_CUDA_CHECK(cudaEventCreate(&start));
    STENCIL_CUDA_CHECK(cudaEventCreate(&stop));
    STENCIL_CUDA_CHECK(cudaEventRecord(start, stream_));
    for (int r = 0; r < repetitions; ++r) {
      STENCIL_CUDA_CHECK(cudaMemcpyAsync(next_, current_, cells_ * sizeof(float),
                                         cudaMemcpyDeviceToDevice, stream_));
    }
    STENCIL_CUDA_CHECK(cudaEventRecord(stop, stream_));
    STENCIL_CUDA_CHECK(cudaEventSynchronize(stop));
    float milliseconds = 0.0f;
    STENCIL_CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return milliseconds * 1e-3;
  }

  bool launches_cuda_kernels() const override { return true; }
  void* cuda_stream() const override { return stream_; }

  std::vector<float> download() override {
    std::vector<float> cells(cells_);
    STENCIL_CUDA_CHECK(cudaMemcpyAsync(cells.data(), current_, cells_ * sizeof(float),
                                       cudaMemcpyDeviceToHost, stream_));
    fence();
    return cells;
  }

 private:
  void launch(const float* in, float* out) {
    if (config_.variant->id == Variant::temporal) {
      launch_temporal(in, out, config_.n, config_.fuse, config_.chunks, stream_);
    } else {
      launch_(in, out, config_.n, config_.chunks, stream_);
    }
  }

  DefaultCacheConfig cache_config_;
  RunConfig config_;
  std::size_t cells_;
  LaunchFunction launch_;
  DeviceBuffer a_;
  DeviceBuffer b_;
  float* current_ = nullptr;
  float* next_ = nullptr;
  cudaStream_t stream_ = nullptr;
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

std::unique_ptr<StencilRunner> make_runner(const RunConfig& config) {
  if (const std::string reason = unavailable_reason(); !reason.empty()) {
    throw UnsupportedRequest("-impl cuda: " + reason);
  }
  std::size_t free = 0, total = 0;
  STENCIL_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  require_memory(2 * cell_count(*config.variant, config.n) * sizeof(float), free, "the GPU");
  return std::make_unique<CudaRunner>(config);
}

}  // namespace stencil::cuda
