// naive1d (lesson 002 starter): one output per thread, three global reads.
#include "cuda/check.hpp"
#include "cuda/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::cuda {

__global__ void naive1d_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
}

// One row of n cells: rows is 1.
void launch_naive1d(const float* in, float* out, int /*rows*/, int n, int /*chunks*/,
                    cudaStream_t queue) {
  constexpr int kBlock = 256;
  naive1d_kernel<<<(n + kBlock - 1) / kBlock, kBlock, 0, queue>>>(in, out, n);
  check_launch("naive1d_kernel launch");
}

}  // namespace stencil::cuda
