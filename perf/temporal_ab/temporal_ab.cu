// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_temporal_ab: shapes of the deep temporal kernels (pipelined_temporal_kernel.cuh,
// warp_temporal_kernel.cuh, whose k = 16 shapes the mini-app runs) against the mini-app's
// register kernel at k = 4 and 8 and a device-to-device copy of the same bytes, in one process,
// in both precisions:
//   stencil_temporal_ab [ROUNDS]   (on the GPU machine; ROUNDS defaults to 2)
//   stencil_temporal_ab --checks   (only the checks, on the smaller shapes)
// Exit 77 without a CUDA device, 1 where a check differs or CUDA fails.
// First each shape's pass of depth k is checked bit for bit against k single steps of the
// mini-app's kernel (depth 1, which the GPU suite checks against the reference loop), over tail
// shapes and chunk counts that do not divide the rows, on outputs poisoned with two patterns.
// Then per round and per N (4096; 15488 and 16384, the published codes' grids): the copy, the
// mini-app kernel at k = 4 and 8 and every shape, each for the whole passes of at most 1,000 steps
// (ping-pong buffers), one CSV line each; a shape whose check differs is reported and not timed.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ab_tools.cuh"
#include "cuda/research/temporal_kernel.cuh"
#include "cuda/research/warp_temporal_kernel.cuh"
#include "pipelined_temporal_kernel.cuh"

namespace {

namespace pt = stencil::cuda::pipelined_temporal;
namespace td = stencil::cuda::temporal_detail;
namespace wt = stencil::cuda::warp_temporal;
using namespace stencil::perf::ab_tools;

constexpr const char* kTool = "stencil_temporal_ab";

bool ok(cudaError_t status, const char* what) {
  return cuda_ok(kTool, status, what);
}

template <class T>
using Launch = void (*)(const T*, T*, int, int, int, cudaStream_t);

template <class T>
struct Candidate {
  std::string name;
  int fuse;
  int threads;
  Launch<T> launch;
};

template <class T, int G, int L, int W, int B>
Candidate<T> pipelined(const char* name) {
  using S = pt::Shape<T, G, L, W, B>;
  static_assert(S::kSharedBytes <= 227 * 1024, "more shared memory than an H100/H200 block has");
  return {name, S::kFuse, S::kThreads, &pt::launch<S>};
}

template <class T, int G, int L, int C, int B>
Candidate<T> warp_pipelined(const char* name) {
  using S = wt::Shape<T, G, L, C, B>;
  static_assert(S::kSharedBytes <= 227 * 1024, "more shared memory than an H100/H200 block has");
  return {name, S::kFuse, S::kThreads, &wt::launch<S>};
}

template <class T>
std::vector<Candidate<T>> candidates();

// Shapes are named G (groups) x L (levels per group), W (threads per group), B (blocks per SM the
// launch bounds ask for). G1 is the mini-app kernel's own form with another block size. Warp shapes
// (warp_temporal_kernel.cuh) are named G warps x L levels per warp, C columns per lane, B blocks
// per SM.
template <>
std::vector<Candidate<float>> candidates<float>() {
  return {
      {"temporal k4", 4, 256, &td::launch<4, 0, float>},
      {"temporal k8", 8, 256, &td::launch<8, 0, float>},
      pipelined<float, 1, 8, 128, 3>("pipe G1xL8 W128 B3"),
      pipelined<float, 1, 16, 128, 2>("pipe G1xL16 W128 B2"),
      pipelined<float, 2, 8, 128, 2>("pipe G2xL8 W128 B2"),
      warp_pipelined<float, 4, 4, 13, 2>("warp G4xL4 C13 B2"),
      warp_pipelined<float, 4, 4, 11, 3>("warp G4xL4 C11 B3"),
      warp_pipelined<float, 8, 2, 13, 2>("warp G8xL2 C13 B2"),
      warp_pipelined<float, 8, 4, 13, 1>("warp G8xL4 C13 B1"),
      warp_pipelined<float, 8, 4, 17, 1>("warp G8xL4 C17 B1"),
      warp_pipelined<float, 4, 8, 11, 2>("warp G4xL8 C11 B2"),
  };
}

template <>
std::vector<Candidate<double>> candidates<double>() {
  return {
      {"temporal k4", 4, 256, &td::launch<4, 0, double>},
      {"temporal k8", 8, 256, &td::launch<8, 0, double>},
      pipelined<double, 1, 8, 128, 3>("pipe G1xL8 W128 B3"),
      pipelined<double, 1, 16, 128, 2>("pipe G1xL16 W128 B2"),
      pipelined<double, 1, 16, 256, 1>("pipe G1xL16 W256 B1"),
      warp_pipelined<double, 8, 2, 13, 1>("warp G8xL2 C13 B1"),
      warp_pipelined<double, 8, 2, 17, 1>("warp G8xL2 C17 B1"),
      warp_pipelined<double, 4, 4, 9, 2>("warp G4xL4 C9 B2"),
      warp_pipelined<double, 4, 4, 8, 2>("warp G4xL4 C8 B2"),
      warp_pipelined<double, 4, 4, 7, 2>("warp G4xL4 C7 B2"),
      warp_pipelined<double, 8, 2, 9, 2>("warp G8xL2 C9 B2"),
      warp_pipelined<double, 8, 4, 9, 1>("warp G8xL4 C9 B1"),
      warp_pipelined<double, 8, 4, 11, 1>("warp G8xL4 C11 B1"),
  };
}

template <class T>
std::vector<T> download(const T* device, long cells) {
  std::vector<T> host(static_cast<std::size_t>(cells));
  cudaMemcpy(host.data(), device, cells * sizeof(T), cudaMemcpyDeviceToHost);
  return host;
}

// One pass of `c` against c.fuse single steps, over poisoned outputs.
template <class T>
bool matches_single_steps(const Candidate<T>& c, int rows, int cols, int chunks) {
  const long cells = static_cast<long>(rows) * cols;
  DeviceGrids<T> grid(kTool, cells);
  fill_random(kTool, grid.in, cells, static_cast<unsigned>(rows * 7919 + cols));
  cudaMemcpy(grid.a, grid.in, cells * sizeof(T), cudaMemcpyDeviceToDevice);
  for (int i = 0; i < c.fuse; ++i) {  // ping-pong in a and b; the result ends in a
    cudaMemset(grid.b, 0xFF, cells * sizeof(T));
    td::launch<1, 0, T>(grid.a, grid.b, rows, cols, 0, nullptr);
    std::swap(grid.a, grid.b);
  }
  cudaMemset(grid.b, 0xFE, cells * sizeof(T));
  c.launch(grid.in, grid.b, rows, cols, chunks, nullptr);
  const bool ran = ok(cudaDeviceSynchronize(), "the checked passes");
  const std::vector<T> steps = download(grid.a, cells);
  const std::vector<T> pass = download(grid.b, cells);
  const bool same = ran && std::memcmp(steps.data(), pass.data(), cells * sizeof(T)) == 0;
  if (!same)
    std::printf("DIFFERS: %s, %d x %d, chunks %d\n", c.name.c_str(), rows, cols, chunks);
  return same;
}

// The candidates whose passes match single steps everywhere; `all` turns false where one differs.
template <class T>
std::vector<Candidate<T>> identical_candidates(long most_cells, bool& all) {
  struct Extent {
    int rows, cols, chunks;
  };
  const Extent extents[] = {{1, 1, 0},       {2, 2, 0},       {3, 3, 0},         {5, 8, 0},
                            {33, 33, 0},     {7, 4096, 0},    {64, 4096, 0},     {257, 2052, 13},
                            {257, 2052, 0},  {1031, 3048, 0}, {1031, 3048, 250}, {2052, 2050, 0},
                            {3000, 4100, 0}, {4096, 4096, 0}, {4096, 4096, 31}};
  std::vector<Candidate<T>> identical;
  for (const auto& c : candidates<T>()) {
    bool same = true;
    for (const Extent& e : extents)
      if (static_cast<long>(e.rows) * e.cols <= most_cells)
        same &= matches_single_steps(c, e.rows, e.cols, e.chunks);
    all &= same;
    if (same)
      identical.push_back(c);
  }
  return identical;
}

template <class T>
int rates(const std::vector<Candidate<T>>& timed, int rounds, const char* precision) {
  constexpr int kSteps = 1000;
  cudaStream_t stream;
  if (!ok(cudaStreamCreate(&stream), "cudaStreamCreate"))
    return 1;
  for (int round = 1; round <= rounds; ++round) {
    for (const int n : {4096, 15488, 16384}) {
      const long cells = static_cast<long>(n) * n;
      DeviceGrids<T> grid(kTool, cells);
      fill_random(kTool, grid.in, cells, 1);
      cudaMemcpy(grid.a, grid.in, cells * sizeof(T), cudaMemcpyDeviceToDevice);
      auto copy = [&](int) {
        cudaMemcpyAsync(grid.b, grid.a, cells * sizeof(T), cudaMemcpyDeviceToDevice, stream);
      };
      const float copy_ms = ms_per_call(copy, 100, stream);
      const double copy_rate = static_cast<double>(cells) / (copy_ms * 1e6);  // Gcell/s
      std::printf("%s,%d,%d,copy,1,0,%.1f,1.000\n", precision, round, n, copy_rate);
      for (const auto& c : timed) {
        const int passes = kSteps / c.fuse;
        auto pass = [&](int i) {
          c.launch(i % 2 ? grid.b : grid.a, i % 2 ? grid.a : grid.b, n, n, 0, stream);
        };
        const float pass_ms = ms_per_call(pass, passes, stream);
        if (!ok(cudaGetLastError(), "the timed passes"))
          return 1;
        const double rate = static_cast<double>(cells) * c.fuse / (pass_ms * 1e6);
        std::printf("%s,%d,%d,%s,%d,%d,%.1f,%.3f\n", precision, round, n, c.name.c_str(), c.fuse,
                    c.threads, rate, rate / copy_rate);
        std::fflush(stdout);
      }
    }
  }
  cudaStreamDestroy(stream);
  return 0;
}

}  // namespace

// One candidate at one N, a few passes, for a profiler: --only NAME fp32|fp64 N.
template <class T>
int only(const std::string& name, int n) {
  for (const auto& c : candidates<T>()) {
    if (c.name != name)
      continue;
    const long cells = static_cast<long>(n) * n;
    DeviceGrids<T> grid(kTool, cells);
    fill_random(kTool, grid.in, cells, 1);
    for (int i = 0; i < 4; ++i)
      c.launch(i % 2 ? grid.b : grid.in, i % 2 ? grid.in : grid.b, n, n, 0, nullptr);
    return ok(cudaDeviceSynchronize(), "the passes") ? 0 : 1;
  }
  std::fprintf(stderr, "stencil_temporal_ab: no candidate '%s'\n", name.c_str());
  return 2;
}

int main(int argc, char** argv) {
  if (argc == 5 && std::strcmp(argv[1], "--only") == 0) {
    const int n = std::atoi(argv[4]);
    return std::strcmp(argv[3], "fp64") == 0 ? only<double>(argv[2], n) : only<float>(argv[2], n);
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("stencil_temporal_ab: skipped: no CUDA device\n");
    return 77;
  }
  const bool checks_only = argc > 1 && std::strcmp(argv[1], "--checks") == 0;
  const int rounds = argc > 1 && !checks_only ? std::atoi(argv[1]) : 2;
  if (rounds < 1) {
    std::fprintf(stderr, "stencil_temporal_ab: ROUNDS must be a positive integer\n");
    return 2;
  }
  const long most = checks_only ? 3100L * 1100 : 4096L * 4096;
  bool all = true;
  const auto floats = identical_candidates<float>(most, all);
  const auto doubles = identical_candidates<double>(most, all);
  std::printf("bit-for-bit checks against single steps: %s\n",
              all ? "all identical" : "SOME DIFFER (only the identical ones are timed)");
  if (checks_only)
    return all ? 0 : 1;
  std::printf("precision,round,n,kernel,k,threads,gcells_per_s,cell_rate_over_copy\n");
  const int failed = rates<float>(floats, rounds, "fp32") || rates<double>(doubles, rounds, "fp64");
  return failed || !all ? 1 : 0;
}
