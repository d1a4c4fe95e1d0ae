// tiled (seed 004): a 32x8 block stages its 34x10 input tile, halo included, in static shared
// memory, then computes its outputs from the tile.
#include "cuda/check.hpp"
#include "cuda/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

__global__ void __launch_bounds__(kTileWidth* kTileHeight)
    tiled_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  constexpr int kPitch = kTileWidth + 2;
  constexpr int kTileCells = kPitch * (kTileHeight + 2);
  __shared__ float tile[kTileHeight + 2][kPitch];
  const int ox = blockIdx.x * kTileWidth;
  const int oy = blockIdx.y * kTileHeight;

  // Flat load: consecutive threads take consecutive tile cells, which are consecutive in global
  // memory within a tile row. Clamped, so the halo past the edge still holds a value; the load is
  // never skipped, because every thread must reach the barrier.
  for (int t = threadIdx.y * kTileWidth + threadIdx.x; t < kTileCells;
       t += kTileWidth * kTileHeight) {
    const int sx = t % kPitch;
    const int sy = t / kPitch;
    tile[sy][sx] = in[clamp_index(oy + sy - 1, 0, n - 1) * n + clamp_index(ox + sx - 1, 0, n - 1)];
  }
  __syncthreads();

  const int x = ox + threadIdx.x;
  const int y = oy + threadIdx.y;
  if (x < n && y < n) {
    const int tx = threadIdx.x + 1;  // the halo shifts the interior by one in both axes
    const int ty = threadIdx.y + 1;
    out[y * n + x] = is_border_2d(x, y, n)
                         ? tile[ty][tx]
                         : five_point(tile[ty][tx], tile[ty][tx - 1], tile[ty][tx + 1],
                                      tile[ty - 1][tx], tile[ty + 1][tx]);
  }
}

void launch_tiled(const float* in, float* out, int n, int /*chunks*/, cudaStream_t stream) {
  const dim3 block(kTileWidth, kTileHeight);
  const dim3 grid((n + kTileWidth - 1) / kTileWidth, (n + kTileHeight - 1) / kTileHeight);
  tiled_kernel<<<grid, block, 0, stream>>>(in, out, n);
  check_launch("tiled_kernel launch");
}

}  // namespace stencil::cuda
