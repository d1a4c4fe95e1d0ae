// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A/B timing of stream kernel shapes against the previous kernel (baseline_stream_kernel.cuh) and a
// device-to-device copy of the same bytes, all in one process on the same buffers:
//   stencil_stream_ab            (on the GPU machine; prints one line per kernel and grid)
//   STREAM_AB_LAYOUT=1 stencil_stream_ab   (only the checks and the buffer-layout sweep)
//   stencil_stream_ab --shapes [SHAPE...]  (the shape sweep of scripts/stream-shapes.sh: CSV of
//                                           each compiled shape against the copy, as the
//                                           mini-app's run command times them)
// First every kernel is checked bit for bit against the previous one on poisoned outputs (the
// tool stops if one differs); then the mini-app's conditions are replayed (data values,
// ping-pong buffers, host timing); then the shapes are timed with explicit grids, so plain and
// cluster launches compare at the same chunk count; last, the device-wide cache setting Kokkos
// imposes. This is how the designs in docs/stream-and-temporal.md were chosen; the mini-app's
// own run command and scripts/stream-shapes.sh give the reported rates.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "ab_tools.cuh"
#include "baseline_stream_kernel.cuh"
#include "cuda/research/cluster_launch.hpp"
#include "cuda/research/stream_kernel.cuh"
#include "stream_shapes.cuh"
#include "walk_probe.cuh"

namespace {

namespace sd = stencil::cuda::stream_detail;
namespace baseline = stencil::perf::baseline_stream;

bool ok(cudaError_t status, const char* what) {
  return stencil::perf::ab_tools::cuda_ok("stencil_stream_ab", status, what);
}

using stencil::perf::ab_tools::ms_per_call;

// Any values: the kernels' time does not depend on them.
__global__ void fill(float* p, long cells) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < cells)
    p[i] = static_cast<float>((i * 2654435761u) % 1000) * 0.001f;
}

// Launches a plain (non-cluster) kernel on the n x n grid: the previous kernel takes N alone, the
// current one a rows x cols array.
void launch_square(void (*kernel)(const float*, float*, int), dim3 grid, cudaStream_t stream,
                   const float* in, float* out, int n) {
  kernel<<<grid, 256, 0, stream>>>(in, out, n);
}
void launch_square(void (*kernel)(const float*, float*, int, int), dim3 grid, cudaStream_t stream,
                   const float* in, float* out, int n) {
  kernel<<<grid, 256, 0, stream>>>(in, out, n, n);
}

struct Bench {
  int n;
  const float* in;
  float* out;
  int calls;
  float copy_ms;
  cudaStream_t stream;

  void report(const char* name, int chunks, float ms, const char* note = "") const {
    std::printf("n=%-6d %-34s chunks %4d  %.4f ms  ratio to copy %.4f%s\n", n, name, chunks, ms,
                copy_ms / ms, note);
  }
  template <class Kernel>
  void plain(const char* name, Kernel kernel, int chunks) const {
    const dim3 grid((n + 1023) / 1024, chunks);
    report(name, chunks,
           ms_per_call([&] { launch_square(kernel, grid, stream, in, out, n); }, calls, stream));
  }
  template <class Kernel>
  void clustered(const char* name, Kernel kernel, int cluster, int chunks) const {
    const stencil::cuda::ClusterLaunch launch(dim3((n + 1023) / 1024, chunks), dim3(256), cluster,
                                              stream);
    int resident = 0;
    cudaOccupancyMaxActiveClusters(&resident, kernel, &launch.config);
    char note[64];
    std::snprintf(note, sizeof note, "  (%d clusters of %d resident)", resident, cluster);
    report(name, chunks,
           ms_per_call([&] { cudaLaunchKernelEx(&launch.config, kernel, in, out, n, n); }, calls,
                       stream),
           note);
  }
};

// Whether `launch(in, out)` writes the same grid as the previous kernel (any chunk count gives
// the same grid), both written over poisoned buffers.
template <class Launch>
bool same_as_baseline(int n, int chunks, Launch launch) {
  const long cells = static_cast<long>(n) * n;
  float *in, *a, *b;
  cudaMalloc(&in, cells * 4);
  cudaMalloc(&a, cells * 4);
  cudaMalloc(&b, cells * 4);
  fill<<<(cells + 255) / 256, 256>>>(in, cells);
  cudaMemset(a, 0xFF, cells * 4);
  cudaMemset(b, 0xFE, cells * 4);
  baseline::stream_kernel<1, 4, 4, 3><<<dim3((n + 1023) / 1024, chunks), 256>>>(in, a, n);
  launch(static_cast<const float*>(in), b);
  const bool ran = ok(cudaDeviceSynchronize(), "bit-for-bit check");
  std::vector<float> ha(cells), hb(cells);
  cudaMemcpy(ha.data(), a, cells * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(hb.data(), b, cells * 4, cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(a);
  cudaFree(b);
  return ran && std::memcmp(ha.data(), hb.data(), cells * 4) == 0;
}

// A kernel of stream_kernel.cuh, launched with an explicit grid in clusters of `cluster`.
template <class Kernel>
bool matches_baseline(const char* name, Kernel kernel, int cluster, int n, int chunks) {
  const bool same = same_as_baseline(n, chunks, [&](const float* in, float* out) {
    const stencil::cuda::ClusterLaunch launch(dim3((n + 1023) / 1024, chunks), dim3(256), cluster,
                                              nullptr);
    cudaLaunchKernelEx(&launch.config, kernel, in, out, n, n);
  });
  std::printf("check %s n=%d chunks=%d: %s\n", name, n, chunks, same ? "identical" : "DIFFERENT");
  return same;
}

// A compiled shape of stream_shapes.cuh, launched as the sweep does.
bool shape_matches_baseline(int shape, int n, int chunks) {
  const bool same = same_as_baseline(n, chunks, [&](const float* in, float* out) {
    stencil::perf::stream_shapes::launch(shape, in, out, n, n, chunks, nullptr);
  });
  if (!same)
    std::printf("check shape %d n=%d chunks=%d: DIFFERENT\n", shape, n, chunks);
  return same;
}

// Full-entropy values in [0, 1), like the mini-app's random field (24 random mantissa bits).
__global__ void fill_random(float* p, long cells) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i >= cells)
    return;
  unsigned long long x = static_cast<unsigned long long>(i) * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  p[i] = static_cast<float>(x >> 40) * (1.0f / 16777216.0f);
}

// The same kernel and copy under the mini-app's conditions, one at a time, to find why its run
// command reports lower rates than this tool: the grid's values, ping-pong buffers, a
// non-blocking stream, host timing of 100 launches, and the copy measured after the kernels.
template <class Kernel>
void conditions(int n, Kernel kernel, dim3 grid, int cluster, long spacer_mib = 0,
                bool values_too = true) {
  const long cells = static_cast<long>(n) * n;
  float *a = nullptr, *b = nullptr;
  void* spacer = nullptr;
  cudaMalloc(&a, cells * sizeof(float));
  if (spacer_mib > 0)
    cudaMalloc(&spacer, spacer_mib << 20);
  cudaMalloc(&b, cells * sizeof(float));
  std::printf("n=%-6d buffers at %p and %p (%+ld MiB apart)\n", n, static_cast<void*>(a),
              static_cast<void*>(b),
              static_cast<long>((reinterpret_cast<char*>(b) - reinterpret_cast<char*>(a)) >> 20));
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  const stencil::cuda::ClusterLaunch launch(grid, dim3(256), cluster, stream);
  auto step = [&](const float* in, float* out) {
    cudaLaunchKernelEx(&launch.config, kernel, in, out, n, n);
  };
  auto copy = [&] {
    cudaMemcpyAsync(b, a, cells * sizeof(float), cudaMemcpyDeviceToDevice, stream);
  };
  const int calls = 100;
  for (const bool random : {false, true}) {
    if (random && !values_too)
      break;
    if (random)
      fill_random<<<(cells + 255) / 256, 256, 0, stream>>>(a, cells);
    else
      fill<<<(cells + 255) / 256, 256, 0, stream>>>(a, cells);
    cudaStreamSynchronize(stream);
    const float copy_before = ms_per_call(copy, calls, stream);
    const float fixed = ms_per_call([&] { step(a, b); }, calls, stream);
    bool flip = false;
    const float ping_pong = ms_per_call(
        [&] {
          flip ? step(b, a) : step(a, b);
          flip = !flip;
        },
        calls, stream);
    // Host timing, as miniapp/run.cpp does: launches, then one synchronisation.
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i)
      i % 2 ? step(b, a) : step(a, b);
    cudaStreamSynchronize(stream);
    const double host =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count() /
        calls;
    const float copy_after = ms_per_call(copy, 20, stream);
    std::printf(
        "n=%-6d %s values: copy %.4f ms (after the kernels %.4f); kernel fixed buffers %.4f "
        "(ratio %.4f), ping-pong %.4f (%.4f), ping-pong host-timed %.4f (%.4f; to the copy "
        "after: %.4f)\n",
        n, random ? "random" : "hashed", copy_before, copy_after, fixed, copy_before / fixed,
        ping_pong, copy_before / ping_pong, host, copy_before / host, copy_after / host);
  }
  cudaStreamDestroy(stream);
  cudaFree(a);
  cudaFree(b);
  cudaFree(spacer);
}

// The run command's measurement (miniapp/run.cpp) for one compiled shape: one warm-up launch, then
// `iterations` ping-pong launches timed on the host up to a synchronisation, against a
// device-to-device copy of the same bytes timed with events (20 after one warm-up). One CSV row:
// shape,n,iterations,gcells_per_s,ratio_to_copy,copy_gb_per_s.
bool time_shape(int shape, int n, int iterations) {
  const long cells = static_cast<long>(n) * n;
  float *a = nullptr, *b = nullptr;
  cudaStream_t queue;
  if (!ok(cudaMalloc(&a, cells * sizeof(float)), "cudaMalloc") ||
      !ok(cudaMalloc(&b, cells * sizeof(float)), "cudaMalloc") ||
      !ok(cudaStreamCreateWithFlags(&queue, cudaStreamNonBlocking), "cudaStreamCreate"))
    return false;
  fill_random<<<(cells + 255) / 256, 256, 0, queue>>>(a, cells);
  stencil::perf::stream_shapes::launch(shape, a, b, n, n, 0, queue);  // warm-up
  cudaStreamSynchronize(queue);
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i)
    i % 2 ? stencil::perf::stream_shapes::launch(shape, b, a, n, n, 0, queue)
          : stencil::perf::stream_shapes::launch(shape, a, b, n, n, 0, queue);
  cudaStreamSynchronize(queue);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const float copy_ms = ms_per_call(
      [&] { cudaMemcpyAsync(b, a, cells * sizeof(float), cudaMemcpyDeviceToDevice, queue); }, 20,
      queue);
  const bool fine = ok(cudaStreamSynchronize(queue), "shape sweep");
  const double gcells = static_cast<double>(cells) * iterations / seconds * 1e-9;
  const double copy_gb_per_s = 2.0 * cells * sizeof(float) / (copy_ms * 1e-3) * 1e-9;
  std::printf("%d,%d,%d,%.6f,%.6f,%.3f\n", shape, n, iterations, gcells,
              gcells * 8.0 / copy_gb_per_s, copy_gb_per_s);
  cudaStreamDestroy(queue);
  cudaFree(a);
  cudaFree(b);
  return fine;
}

// --shapes [SHAPE...]: every compiled shape (or the ones named) at each N of $STREAM_SIZES
// (default "4096 16384"), 200 iterations.
int shape_sweep(int argc, char** argv) {
  std::vector<int> shapes;
  for (int i = 2; i < argc; ++i)
    shapes.push_back(std::atoi(argv[i]));
  if (shapes.empty()) {
    for (int shape = 0; shape < stencil::perf::stream_shapes::kShapeCount; ++shape)
      shapes.push_back(shape);
  }
  bool all_match = true;  // every shape bit for bit first, tails and chunk counts included
  for (const int shape : shapes)
    for (const int n : {4, 8, 16, 20, 48, 1028, 2052, 4096})
      for (const int chunks : {1, 3, 8, 24, 61})
        all_match &= shape_matches_baseline(shape, n, chunks > n ? n : chunks);
  std::fprintf(stderr, "shape checks: %s\n", all_match ? "all identical" : "SOME DIFFER");
  if (!all_match)
    return 1;
  std::vector<int> sizes;
  const char* text = std::getenv("STREAM_SIZES");
  for (const char* p = text ? text : "4096 16384"; *p;) {
    char* end = nullptr;
    const long n = std::strtol(p, &end, 10);
    if (end == p)
      break;
    sizes.push_back(static_cast<int>(n));
    p = end;
  }
  std::printf("shape,n,iterations,gcells_per_s,ratio_to_copy,copy_gb_per_s\n");
  for (const int shape : shapes) {
    for (const int n : sizes) {
      if (!time_shape(shape, n, 200))
        return 1;
    }
  }
  return 0;
}

// --probe: the walk without the stencil (walk_probe.cuh) against the copy, at N = 4096 and 16384
// and the chunk counts the mini-app's stream launches use there, beside the stencil's shape 2.
int probe() {
  namespace wp = stencil::perf::walk_probe;
  cudaStream_t stream;
  if (!ok(cudaStreamCreate(&stream), "cudaStreamCreate"))
    return 1;
  for (const int n : {4096, 16384}) {
    const long cells = static_cast<long>(n) * n;
    float *in = nullptr, *out = nullptr;
    if (!ok(cudaMalloc(&in, cells * sizeof(float)), "cudaMalloc") ||
        !ok(cudaMalloc(&out, cells * sizeof(float)), "cudaMalloc"))
      return 1;
    fill<<<(cells + 255) / 256, 256>>>(in, cells);
    const int calls = n == 4096 ? 200 : 50;
    const float copy_ms = ms_per_call(
        [&] { cudaMemcpyAsync(out, in, cells * sizeof(float), cudaMemcpyDeviceToDevice, stream); },
        calls, stream);
    const Bench bench{n, in, out, calls, copy_ms, stream};
    for (const int chunks : {n == 4096 ? 88 : 24, n == 4096 ? 120 : 33, n == 4096 ? 256 : 64}) {
      bench.plain("stencil plain<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 1, false>, chunks);
      bench.plain("walk<4,3>, barrier", wp::walk_kernel<4, 3, true>, chunks);
      bench.plain("walk<4,3>, no barrier", wp::walk_kernel<4, 3, false>, chunks);
      bench.plain("walk<8,3>, barrier", wp::walk_kernel<8, 3, true>, chunks);
      bench.plain("walk<8,3>, no barrier", wp::walk_kernel<8, 3, false>, chunks);
      bench.plain("walk<4,4>, no barrier", wp::walk_kernel<4, 4, false>, chunks);
    }
    if (!ok(cudaDeviceSynchronize(), "probe"))
      return 1;
    cudaFree(in);
    cudaFree(out);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--shapes") == 0)
    return shape_sweep(argc, argv);
  if (argc > 1 && std::strcmp(argv[1], "--probe") == 0)
    return probe();
  cudaStream_t stream;
  if (!ok(cudaStreamCreate(&stream), "cudaStreamCreate"))
    return 1;
  bool all_match = true;
  for (const int n : {16, 20, 48, 1028, 2052, 4096})
    for (const int chunks : {8, 16, 24}) {
      if (n < 2 * chunks)
        continue;  // a cluster launch needs two rows per chunk (stream.cu)
      all_match &=
          matches_baseline("plain<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 1, false>, 1, n, chunks);
      all_match &= matches_baseline("cluster<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 8, false>, 8,
                                    n, chunks);
      all_match &= matches_baseline("cluster<1,4,3,4>", sd::stream_kernel<1, 4, 3, 4, 8, false>, 8,
                                    n, chunks);
      all_match &= matches_baseline("cluster<1,4,4,4>", sd::stream_kernel<1, 4, 4, 4, 8, false>, 8,
                                    n, chunks);
      all_match &= matches_baseline("cluster<1,4,3,4>, halo in registers",
                                    sd::stream_kernel<1, 4, 3, 4, 8, false, false>, 8, n, chunks);
    }
  std::printf("bit-for-bit checks: %s\n", all_match ? "all identical" : "SOME DIFFER");
  if (!all_match)
    return 1;
  conditions(16384, sd::stream_kernel<1, 4, 4, 3, 1, false>, dim3(16, 24), 1);
  conditions(4096, sd::stream_kernel<1, 4, 4, 4, 8, false>, dim3(4, 120), 8);
  if (std::getenv("STREAM_AB_LAYOUT")) {  // buffer layout: a spacer between the two grids
    for (const long spacer : {2L, 32L, 100L, 256L, 1000L}) {
      conditions(16384, sd::stream_kernel<1, 4, 4, 3, 1, false>, dim3(16, 24), 1, spacer, false);
      conditions(4096, sd::stream_kernel<1, 4, 4, 4, 8, false>, dim3(4, 120), 8, spacer, false);
    }
    return 0;
  }
  for (const int n : {4096, 16384}) {
    const long cells = static_cast<long>(n) * n;
    float *in = nullptr, *out = nullptr;
    if (!ok(cudaMalloc(&in, cells * sizeof(float)), "cudaMalloc") ||
        !ok(cudaMalloc(&out, cells * sizeof(float)), "cudaMalloc"))
      return 1;
    fill<<<(cells + 255) / 256, 256>>>(in, cells);
    if (!ok(cudaDeviceSynchronize(), "fill"))
      return 1;
    const int calls = n == 4096 ? 200 : 50;
    const float copy_ms = ms_per_call(
        [&] { cudaMemcpyAsync(out, in, cells * sizeof(float), cudaMemcpyDeviceToDevice, stream); },
        calls, stream);
    std::printf("n=%-6d device-to-device copy: %.4f ms, %.0f GB/s\n", n, copy_ms,
                2.0 * cells * sizeof(float) / copy_ms / 1e6);
    const Bench bench{n, in, out, calls, copy_ms, stream};
    if (n == 4096) {
      bench.plain("baseline<1,4,4,3>", baseline::stream_kernel<1, 4, 4, 3>, 88);
      bench.plain("plain<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 1, false>, 88);
      bench.plain("plain<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 1, false>, 96);
      bench.clustered("plain<1,4,3,4>, cluster launch", sd::stream_kernel<1, 4, 3, 4, 1, false>, 8,
                      120);
      bench.clustered("cluster<1,4,3,3>", sd::stream_kernel<1, 4, 3, 3, 8, false>, 8, 88);
      bench.clustered("cluster<1,4,4,3>", sd::stream_kernel<1, 4, 4, 3, 8, false>, 8, 88);
      bench.clustered("cluster<1,4,3,4>", sd::stream_kernel<1, 4, 3, 4, 8, false>, 8, 120);
      bench.clustered("cluster<1,4,4,4> (default)", sd::stream_kernel<1, 4, 4, 4, 8, false>, 8,
                      120);
      bench.clustered("cluster<1,4,3,4>, halo in registers",
                      sd::stream_kernel<1, 4, 3, 4, 8, false, false>, 8, 120);
      bench.clustered("cluster<1,4,3,3>, halo in registers",
                      sd::stream_kernel<1, 4, 3, 3, 8, false, false>, 8, 88);
      bench.clustered("cluster<1,4,4,3>, halo in registers",
                      sd::stream_kernel<1, 4, 4, 3, 8, false, false>, 8, 88);
      bench.clustered("plain<1,4,3,4>, halo in shared, cluster launch",
                      sd::stream_kernel<1, 4, 3, 4, 1, false, true>, 8, 120);
    } else {
      bench.plain("baseline<1,4,4,3>", baseline::stream_kernel<1, 4, 4, 3>, 24);
      bench.plain("plain<1,4,4,3> (default)", sd::stream_kernel<1, 4, 4, 3, 1, false>, 24);
      bench.plain("plain<1,4,4,3>, evict-first", sd::stream_kernel<1, 4, 4, 3, 1, true>, 24);
      bench.plain("plain<1,4,3,4>", sd::stream_kernel<1, 4, 3, 4, 1, false>, 33);
      bench.plain("baseline<1,4,4,3>", baseline::stream_kernel<1, 4, 4, 3>, 24);
      bench.plain("plain<1,4,4,3> (default)", sd::stream_kernel<1, 4, 4, 3, 1, false>, 24);
      bench.clustered("cluster<1,4,3,4>", sd::stream_kernel<1, 4, 3, 4, 8, false>, 8, 24);
    }
    if (!ok(cudaDeviceSynchronize(), "kernels"))
      return 1;
    cudaFree(in);
    cudaFree(out);
  }
  // Last, what Kokkos::initialize does to the device (src/cuda/runtime/stepper.cu,
  // DefaultCacheConfig). Rates timed after undoing it can come out lower
  // (docs/stream-and-temporal.md), so nothing is timed after it.
  std::printf("with cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), as Kokkos 3.4 sets it:\n");
  cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
  conditions(16384, sd::stream_kernel<1, 4, 4, 3, 1, false>, dim3(16, 24), 1, 0, false);
  conditions(4096, sd::stream_kernel<1, 4, 4, 4, 8, false>, dim3(4, 120), 8, 0, false);
  return 0;
}
