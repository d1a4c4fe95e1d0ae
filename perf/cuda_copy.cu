#include <memory>

#include "cuda/check.hpp"
#include "cuda/stepper.hpp"
#include "cuda_copy.hpp"
#include "stencil/memory_budget.hpp"

namespace stencil::perf {
namespace {

// Owns one device allocation (cudaFree on every path, also when a later constructor step throws).
struct CudaFree {
  void operator()(void* p) const { cudaFree(p); }
};
using DeviceBytes = std::unique_ptr<void, CudaFree>;

DeviceBytes allocate(std::size_t bytes) {
  void* p = nullptr;
  STENCIL_CUDA_CHECK(cudaMalloc(&p, bytes));
  return DeviceBytes(p);
}

class CudaCopy final : public CopyReference {
 public:
  explicit CudaCopy(std::size_t cells)
      : bytes_(cells * sizeof(float)), from_(allocate(bytes_)), to_(allocate(bytes_)) {
    STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    // Touch both buffers once so the first timed copy pays no page mapping.
    STENCIL_CUDA_CHECK(cudaMemsetAsync(from_.get(), 0, bytes_, stream_));
    STENCIL_CUDA_CHECK(cudaMemsetAsync(to_.get(), 0, bytes_, stream_));
    fence();
  }
  ~CudaCopy() override { cudaStreamDestroy(stream_); }
  CudaCopy(const CudaCopy&) = delete;
  CudaCopy& operator=(const CudaCopy&) = delete;

  std::string description() const override { return "cudaMemcpyAsync device to device"; }

  void copy() override {
    STENCIL_CUDA_CHECK(
        cudaMemcpyAsync(to_.get(), from_.get(), bytes_, cudaMemcpyDeviceToDevice, stream_));
  }

  void fence() override { STENCIL_CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  std::size_t bytes_;
  DeviceBytes from_;
  DeviceBytes to_;
  cudaStream_t stream_ = nullptr;
};

std::string version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace

std::unique_ptr<CopyReference> make_cuda_copy(std::size_t cells) {
  if (const std::string reason = cuda::unavailable_reason(); !reason.empty())
    throw UnsupportedRequest("cuda copy: " + reason);
  std::size_t free = 0, total = 0;
  STENCIL_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  require_memory(2 * cells * sizeof(float), free, "the GPU");
  return std::make_unique<CudaCopy>(cells);
}

std::string cuda_driver_version() {
  int version = 0;
  if (cudaDriverGetVersion(&version) != cudaSuccess || version == 0)
    return "none";
  return version_text(version);
}

std::string cuda_runtime_version() {
  int version = 0;
  if (cudaRuntimeGetVersion(&version) != cudaSuccess)
    return "unknown";
  return version_text(version);
}

}  // namespace stencil::perf
