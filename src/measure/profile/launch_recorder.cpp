// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/launch_recorder.hpp"

#include <cuda.h>
#include <cuda_runtime.h>
// cupti.h (through launch_recorder.hpp) also brings the parameter structs CUPTI hands to
// callbacks, one per API function (generated_cuda_meta.h, generated_cuda_runtime_api_meta.h).

#include <cstddef>

#include "measure/profile/cupti_check.hpp"

namespace stencil::profile {
namespace {

// CUDA 13's <<<>>> calls __cudaLaunchKernel(cudaKernel_t, dim3, dim3, void**, size_t,
// cudaStream_t), for which the toolkit ships no parameter struct. CUPTI's structs mirror the
// argument list (cudaLaunchKernel_v7000_params does, for the same arguments), so this one does
// too; the layouts must agree, and a recorded shape is only used when it is plausible.
struct KernelHandleLaunchParams {
  cudaKernel_t kernel;
  dim3 gridDim;
  dim3 blockDim;
  void** args;
  size_t sharedMem;
  cudaStream_t stream;
};
static_assert(sizeof(KernelHandleLaunchParams) == sizeof(cudaLaunchKernel_v7000_params));
static_assert(offsetof(KernelHandleLaunchParams, gridDim) ==
              offsetof(cudaLaunchKernel_v7000_params, gridDim));
static_assert(offsetof(KernelHandleLaunchParams, sharedMem) ==
              offsetof(cudaLaunchKernel_v7000_params, sharedMem));

constexpr CUpti_CallbackId kRuntimeLaunches[] = {
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060,
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
};
constexpr CUpti_CallbackId kDriverLaunches[] = {
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
};

LaunchShape shape_of(const dim3& grid, const dim3& block, std::size_t smem) {
  return {{grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, smem};
}

LaunchShape shape_of(unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                     unsigned smem) {
  return {{gx, gy, gz}, {bx, by, bz}, smem};
}

// What a real launch can look like: at most 1024 threads, no zero extent, y/z grids <= 65535.
bool plausible(const LaunchShape& s) {
  const std::uint64_t threads = std::uint64_t{s.block[0]} * s.block[1] * s.block[2];
  return threads >= 1 && threads <= 1024 && s.grid[0] >= 1 && s.grid[1] >= 1 && s.grid[2] >= 1 &&
         s.grid[1] <= 65535 && s.grid[2] <= 65535;
}

struct ParsedLaunch {
  const void* handle = nullptr;
  std::optional<LaunchShape> shape;
};

ParsedLaunch parse_runtime(CUpti_CallbackId id, const void* params) {
  ParsedLaunch launch;
  switch (id) {
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000: {
      // The ptsz struct has the same members in the same order.
      const auto* p = static_cast<const cudaLaunchKernel_v7000_params*>(params);
      launch.handle = p->func;
      launch.shape = shape_of(p->gridDim, p->blockDim, p->sharedMem);
      break;
    }
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060: {
      const auto* p = static_cast<const cudaLaunchKernelExC_v11060_params*>(params);
      launch.handle = p->func;
      if (p->config)
        launch.shape =
            shape_of(p->config->gridDim, p->config->blockDim, p->config->dynamicSmemBytes);
      break;
    }
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000: {
      const auto* p = static_cast<const KernelHandleLaunchParams*>(params);
      const LaunchShape shape = shape_of(p->gridDim, p->blockDim, p->sharedMem);
      if (plausible(shape)) {  // else the layout guess is wrong: trust neither field
        launch.handle = p->kernel;
        launch.shape = shape;
      }
      break;
    }
    default:
      break;
  }
  return launch;
}

// Driver launches give a CUfunction, which the runtime's attribute queries do not take, so only
// the shape is kept.
ParsedLaunch parse_driver(CUpti_CallbackId id, const void* params) {
  ParsedLaunch launch;
  switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz: {
      const auto* p = static_cast<const cuLaunchKernel_params*>(params);
      launch.shape = shape_of(p->gridDimX, p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY,
                              p->blockDimZ, p->sharedMemBytes);
      break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
      const auto* p = static_cast<const cuLaunchKernelEx_params*>(params);
      if (p->config)
        launch.shape = shape_of(p->config->gridDimX, p->config->gridDimY, p->config->gridDimZ,
                                p->config->blockDimX, p->config->blockDimY, p->config->blockDimZ,
                                p->config->sharedMemBytes);
      break;
    }
    default:
      break;
  }
  return launch;
}

}  // namespace

LaunchRecorder::LaunchRecorder() {
  STENCIL_CUPTI_CHECK(cuptiSubscribe(&subscriber_, &LaunchRecorder::on_callback, this));
  try {
    for (const CUpti_CallbackId id : kRuntimeLaunches)
      STENCIL_CUPTI_CHECK(cuptiEnableCallback(1, subscriber_, CUPTI_CB_DOMAIN_RUNTIME_API, id));
    for (const CUpti_CallbackId id : kDriverLaunches)
      STENCIL_CUPTI_CHECK(cuptiEnableCallback(1, subscriber_, CUPTI_CB_DOMAIN_DRIVER_API, id));
  } catch (...) {
    (void)cuptiUnsubscribe(subscriber_);  // already failing; the first error is the one to report
    throw;
  }
}

LaunchRecorder::~LaunchRecorder() {
  (void)cuptiUnsubscribe(subscriber_);  // nothing useful to do about a failure at teardown
}

void CUPTIAPI LaunchRecorder::on_callback(void* self, CUpti_CallbackDomain domain,
                                          CUpti_CallbackId id, const void* data) {
  const auto* info = static_cast<const CUpti_CallbackData*>(data);
  if (info == nullptr || info->callbackSite != CUPTI_API_ENTER)
    return;
  try {
    static_cast<LaunchRecorder*>(self)->record(domain, id, *info);
  } catch (...) {
    // Nothing may unwind into CUPTI; a launch lost here shows as a launch-count note.
  }
}

void LaunchRecorder::record(CUpti_CallbackDomain domain, CUpti_CallbackId id,
                            const CUpti_CallbackData& data) {
  const bool runtime = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
  ParsedLaunch launch =
      runtime ? parse_runtime(id, data.functionParams) : parse_driver(id, data.functionParams);
  if (launch.shape && !plausible(*launch.shape))
    launch.shape.reset();  // a parameter layout that does not match: keep no shape
  const std::string name = data.symbolName ? data.symbolName : "(unnamed kernel)";

  std::lock_guard<std::mutex> lock(mutex_);
  RecordedKernel& kernel = (runtime ? runtime_launches_ : driver_launches_)[name];
  kernel.mangled_name = name;
  ++kernel.launches;
  if (launch.handle)
    kernel.runtime_handle = launch.handle;
  if (launch.shape) {
    kernel.shape_varied =
        kernel.shape_varied || (kernel.shape && !(*kernel.shape == *launch.shape));
    kernel.shape = launch.shape;
  }
}

std::vector<RecordedKernel> LaunchRecorder::kernels() const {
  std::lock_guard<std::mutex> lock(mutex_);
  // Runtime launches reach the driver too, so driver records are only used when the runtime
  // recorded nothing at all (a program that launches through the driver alone).
  if (runtime_launches_.empty()) {
    std::vector<RecordedKernel> kernels;
    for (const auto& [name, kernel] : driver_launches_)
      kernels.push_back(kernel);
    return kernels;
  }
  std::vector<RecordedKernel> kernels;
  for (const auto& [name, kernel] : runtime_launches_) {
    kernels.push_back(kernel);
    // Where the driver saw the same launch, its documented parameters must agree with the ones
    // read through the __cudaLaunchKernel layout; if not, that layout is wrong here and the handle
    // is not to be trusted.
    const auto driver = driver_launches_.find(name);
    if (driver != driver_launches_.end() && driver->second.shape && kernel.shape &&
        !(*driver->second.shape == *kernel.shape)) {
      kernels.back().runtime_handle = nullptr;
      kernels.back().shape = driver->second.shape;
    }
  }
  return kernels;
}

}  // namespace stencil::profile
