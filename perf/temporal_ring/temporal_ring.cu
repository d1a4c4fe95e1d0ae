// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_temporal_ring: the temporal kernel with level 0's input rows staged in shared memory by
// bulk copies (temporal_kernel.cuh with kRing = 4 or 8, staged_rows.cuh), against the mini-app's
// register ring (kRing = 0) and a device-to-device copy of the same bytes, in one process:
//   stencil_temporal_ring [ROUNDS]     (on the GPU machine; ROUNDS defaults to 3)
//   stencil_temporal_ring --checks     (only the checks, without the three largest shapes: for
//                                       compute-sanitizer and the CTest case)
// Exit 77 where no device has bulk copies (sm_90), 1 where a check differs or CUDA fails.
// First every staged depth is checked bit for bit against the register ring, over tail shapes,
// chunk counts that do not divide the rows and every k, on outputs poisoned with two different
// patterns, so a cell either kernel leaves unwritten differs too (the tool stops if one
// differs). The GPU suite checks the register ring against the reference loop. Then, per round,
// N = 4096 and 16384 at k = 4 and 8: the copy and the ring depths alternate, 200 iterations each
// (ping-pong buffers), one CSV line per run, then each median over the rounds.
// The mini-app does not run the staged rows: their reads escape its sector counter
// (docs/stream-and-temporal.md, "Fourth round").
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "ab_tools.cuh"
#include "cuda/research/temporal_kernel.cuh"

namespace {

namespace td = stencil::cuda::temporal_detail;

using Launch = void (*)(const float*, float*, int, int, int, cudaStream_t);
using namespace stencil::perf::ab_tools;

constexpr const char* kTool = "stencil_temporal_ring";

bool ok(cudaError_t status, const char* what) {
  return cuda_ok(kTool, status, what);
}

// The launch of depth kFuse with ring kRing, or null for a depth the tool does not build.
template <int kRing>
Launch launch_of(int fuse) {
  switch (fuse) {
    case 1:
      return &td::launch<1, kRing>;
    case 2:
      return &td::launch<2, kRing>;
    case 4:
      return &td::launch<4, kRing>;
    case 8:
      return &td::launch<8, kRing>;
    default:
      return nullptr;
  }
}
Launch launch_of(int ring, int fuse) {
  switch (ring) {
    case 0:
      return launch_of<0>(fuse);
    case 4:
      return launch_of<4>(fuse);
    case 8:
      return launch_of<8>(fuse);
    default:
      return nullptr;
  }
}
constexpr int kStagedDepths[] = {4, 8};

// One pass of the register ring and of ring `ring` on the same input, over poisoned outputs.
bool matches_register_ring(int ring, int fuse, int rows, int cols, int chunks) {
  const long cells = static_cast<long>(rows) * cols;
  DeviceGrids<float> grid(kTool, cells);
  fill_random(kTool, grid.in, cells, static_cast<unsigned>(rows * 7919 + cols));
  cudaMemset(grid.a, 0xFF, cells * sizeof(float));
  cudaMemset(grid.b, 0xFE, cells * sizeof(float));
  launch_of(0, fuse)(grid.in, grid.a, rows, cols, chunks, nullptr);
  launch_of(ring, fuse)(grid.in, grid.b, rows, cols, chunks, nullptr);
  const bool ran = ok(cudaDeviceSynchronize(), "the checked passes");
  std::vector<float> ha(static_cast<std::size_t>(cells)), hb(static_cast<std::size_t>(cells));
  cudaMemcpy(ha.data(), grid.a, cells * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hb.data(), grid.b, cells * sizeof(float), cudaMemcpyDeviceToHost);
  const bool same = ran && std::memcmp(ha.data(), hb.data(), cells * sizeof(float)) == 0;
  if (!same)
    std::printf("DIFFERS: ring %d, k = %d, %d x %d, chunks %d\n", ring, fuse, rows, cols, chunks);
  return same;
}

bool all_shapes_match(long most_cells) {
  struct Shape {
    int rows, cols, chunks;  // chunks 0: the launch's own choice
  };
  // Tails, widths with and without interior blocks, chunks shorter than the ring, and chunk
  // counts that do not divide the rows.
  const Shape shapes[] = {{1, 1, 0},       {2, 2, 0},       {3, 3, 0},         {5, 8, 0},
                          {33, 33, 0},     {7, 4096, 0},    {64, 4096, 0},     {257, 2052, 13},
                          {257, 2052, 0},  {1031, 3048, 0}, {1031, 3048, 250}, {2052, 2052, 0},
                          {3000, 4100, 0}, {4096, 4096, 0}, {4096, 4096, 31}};
  bool all = true;
  for (const int ring : kStagedDepths)
    for (const int fuse : {1, 2, 4, 8})
      for (const Shape& s : shapes) {
        if (static_cast<long>(s.rows) * s.cols <= most_cells)
          all &= matches_register_ring(ring, fuse, s.rows, s.cols, s.chunks);
      }
  return all;
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5f * (v[m - 1] + v[m]);
}

int rates(int rounds) {
  constexpr int kIterations = 200;
  const int sizes[] = {4096, 16384};
  const int fuses[] = {4, 8};
  const int rings[] = {0, 4, 8};
  cudaStream_t stream;
  if (!ok(cudaStreamCreate(&stream), "cudaStreamCreate"))
    return 1;
  std::printf("round,ring,n,k,gcells_per_s,ratio_to_copy,copy_gb_per_s\n");
  std::vector<std::vector<float>> ratios(std::size(sizes) * std::size(fuses) * std::size(rings));
  for (int round = 1; round <= rounds; ++round) {
    int row = 0;
    for (const int n : sizes) {
      const long cells = static_cast<long>(n) * n;
      DeviceGrids<float> grid(kTool, cells);
      fill_random(kTool, grid.in, cells, 1);
      cudaMemcpy(grid.a, grid.in, cells * sizeof(float), cudaMemcpyDeviceToDevice);
      for (const int fuse : fuses) {
        // The copy moves each cell once in and once out, as one single step does.
        auto copy = [&](int) {
          cudaMemcpyAsync(grid.b, grid.a, cells * sizeof(float), cudaMemcpyDeviceToDevice, stream);
        };
        const float copy_ms = ms_per_call(copy, kIterations, stream);
        for (const int ring : rings) {
          const Launch launch = launch_of(ring, fuse);
          auto pass = [&](int i) {
            launch(i % 2 ? grid.b : grid.a, i % 2 ? grid.a : grid.b, n, n, 0, stream);
          };
          const float pass_ms = ms_per_call(pass, kIterations / fuse, stream);
          if (!ok(cudaGetLastError(), "the timed passes"))
            return 1;
          const double ratio = fuse * copy_ms / pass_ms;
          ratios[row++].push_back(static_cast<float>(ratio));
          std::printf("%d,%d,%d,%d,%.3f,%.4f,%.1f\n", round, ring, n, fuse,
                      static_cast<double>(cells) * fuse / (pass_ms * 1e6), ratio,
                      2.0 * cells * sizeof(float) / (copy_ms * 1e6));
        }
      }
    }
  }
  int row = 0;
  for (const int n : sizes)
    for (const int fuse : fuses)
      for (const int ring : rings)
        std::printf("median: n=%d k=%d ring %d: %.3f of the copy-limited rate\n", n, fuse, ring,
                    static_cast<double>(median(ratios[row++])));
  cudaStreamDestroy(stream);
  return 0;
}

}  // namespace

// 77 (CTest's skip code) where no device can run bulk copies.
int skip_without_sm90() {
  int devices = 0;
  cudaDeviceProp properties{};
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("stencil_temporal_ring: skipped: no CUDA device\n");
    return 77;
  }
  if (!ok(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties"))
    return 1;
  if (properties.major < 9) {
    std::printf("stencil_temporal_ring: skipped: %s (sm_%d%d) has no bulk copies (sm_90)\n",
                properties.name, properties.major, properties.minor);
    return 77;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (const int skipped = skip_without_sm90(); skipped != 0)
    return skipped;
  const bool checks_only = argc > 1 && std::strcmp(argv[1], "--checks") == 0;
  const int rounds = argc > 1 && !checks_only ? std::atoi(argv[1]) : 3;
  if (rounds < 1) {
    std::fprintf(stderr, "stencil_temporal_ring: ROUNDS must be a positive integer\n");
    return 2;
  }
  const bool all = all_shapes_match(checks_only ? 3100L * 1100 : 4096L * 4096);
  std::printf("bit-for-bit checks against the register ring: %s\n",
              all ? "all identical" : "SOME DIFFER");
  if (!all)
    return 1;
  return checks_only ? 0 : rates(rounds);
}
