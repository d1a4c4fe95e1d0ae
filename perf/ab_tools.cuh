// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the A/B tools (stencil_stream_ab, stencil_temporal_ab, stencil_temporal_ring) share: a CUDA
// status check that names the tool, the three device grids of a checked or timed pass, random
// inputs and the time per call of a batch of calls.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <type_traits>
#include <vector>

namespace stencil::perf::ab_tools {

// Whether `status` is success; otherwise prints "TOOL: WHAT: reason".
inline bool cuda_ok(const char* tool, cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    std::fprintf(stderr, "%s: %s: %s\n", tool, what, cudaGetErrorString(status));
  return status == cudaSuccess;
}

// One grid's input and two outputs in device memory; exits where they cannot be allocated.
template <class T>
struct DeviceGrids {
  long cells = 0;
  T* in = nullptr;
  T* a = nullptr;
  T* b = nullptr;
  DeviceGrids(const char* tool, long count) : cells(count) {
    const bool made = cuda_ok(tool, cudaMalloc(&in, cells * sizeof(T)), "cudaMalloc") &&
                      cuda_ok(tool, cudaMalloc(&a, cells * sizeof(T)), "cudaMalloc") &&
                      cuda_ok(tool, cudaMalloc(&b, cells * sizeof(T)), "cudaMalloc");
    if (!made)
      std::exit(1);
  }
  ~DeviceGrids() {
    cudaFree(in);
    cudaFree(a);
    cudaFree(b);
  }
  DeviceGrids(const DeviceGrids&) = delete;
  DeviceGrids& operator=(const DeviceGrids&) = delete;
};

// Uniform values in [-1, 1) from `seed`, copied to `device`; exits where the copy fails.
template <class T>
void fill_random(const char* tool, T* device, long cells, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<T> value(-1, 1);
  std::vector<T> host(static_cast<std::size_t>(cells));
  for (T& v : host)
    v = value(engine);
  if (!cuda_ok(tool, cudaMemcpy(device, host.data(), cells * sizeof(T), cudaMemcpyHostToDevice),
               "cudaMemcpy to the device"))
    std::exit(1);
}

// Milliseconds per call of `call` on `stream`, over `calls` calls after two untimed ones. A call
// that takes an int is given its index (ping-pong buffers alternate by it).
template <class Call>
float ms_per_call(Call call, int calls, cudaStream_t stream) {
  auto call_number = [&](int i) {
    if constexpr (std::is_invocable_v<Call&, int>)
      call(i);
    else
      call();
  };
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  call_number(0);
  call_number(1);
  cudaEventRecord(start, stream);
  for (int i = 0; i < calls; ++i)
    call_number(i);
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms / calls;
}

}  // namespace stencil::perf::ab_tools
