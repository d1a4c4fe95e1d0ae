// stream (issue 7): a single-step kernel built to run at the device-to-device copy rate while
// issuing no more global sectors than one read and one write of every cell, plus a thin halo.
//
//  * A block owns 2048 columns and walks a chunk of rows top to bottom, so each row is read from
//    global memory once per chunk (as in `rolling`); the x-halo (two scalars per row) and the
//    two priming rows per chunk are under 1% of the traffic.
//  * Rows arrive by asynchronous copies (cp.async, 16 bytes per thread) straight into a ring of
//    kStages shared-memory rows: kStages - 3 rows are in flight while one is computed, without
//    registers to hold them. That depth is what keeps HBM busy.
//  * Interleaved slots: lane t owns 16-byte slots t, t + 256, ..., so each warp instruction covers
//    512 contiguous bytes and every sector it touches is fully used.
//  * One barrier per row: it publishes the row that just landed and, because the ring slot
//    refilled next was last read in the previous row, it also protects that slot.
// N % 4 != 0 rows are not 16-byte aligned; they take the same path one float at a time.
#include <cuda_pipeline.h>

#include <cstdlib>

#include "cuda/check.hpp"
#include "cuda/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kMinChunkRows = 128;  // keeps the two priming rows per chunk under 1% of reads

template <int kSlots, int kWidth>
struct StreamShape {
  static constexpr int kBlockWidth = kThreads * kSlots * kWidth;  // columns a block owns
  // One ring row: the columns, then the left and right halo, padded to 16 bytes.
  static constexpr int kPitch = kBlockWidth + 4;
};

template <int kSlots, int kWidth, int kStages, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  using Shape = StreamShape<kSlots, kWidth>;
  static_assert(kStages >= 4, "rows y-1, y, y+1 and the row being refilled need four slots");
  extern __shared__ __align__(16) float ring[];  // kStages rows of Shape::kPitch floats

  const int base = blockIdx.x * Shape::kBlockWidth;
  const int rows = (n + gridDim.y - 1) / gridDim.y;
  const int y0 = blockIdx.y * rows;
  if (y0 >= n) return;  // whole block: trailing chunks can be empty
  const int y_end = y0 + rows < n ? y0 + rows : n;
  const int first_row = y0 > 0 ? y0 - 1 : 0;
  const int last_row = y_end < n - 1 ? y_end : n - 1;  // "below" of the chunk's last row

  // Row y lives in ring slot (y - y0 + 1) % kStages.
  auto slot = [&](int y) { return ring + ((y - y0 + 1) % kStages) * Shape::kPitch; };
  auto local_column = [&](int k) { return (k * kThreads + threadIdx.x) * kWidth; };

  // Requests row y into its ring slot (rows outside [first_row, last_row] are never read).
  auto request_row = [&](int y) {
    if (y < first_row || y > last_row) return;
    float* dst = slot(y);
    const float* src = in + static_cast<long>(y) * n + base;
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      const int c = local_column(k);
      if (base + c < n) __pipeline_memcpy_async(dst + c, src + c, kWidth * sizeof(float));
    }
    if (threadIdx.x == 0 && base > 0) {
      __pipeline_memcpy_async(dst + Shape::kBlockWidth, src - 1, sizeof(float));
    }
    if (threadIdx.x == kThreads - 1 && base + Shape::kBlockWidth < n) {
      __pipeline_memcpy_async(dst + Shape::kBlockWidth + 1, src + Shape::kBlockWidth,
                              sizeof(float));
    }
  };

  // Prologue: rows y0-1 .. y0+kStages-3, one commit group per row (empty groups keep the count).
  for (int i = 0; i < kStages - 1; ++i) {
    request_row(y0 - 1 + i);
    __pipeline_commit();
  }

  for (int y = y0; y < y_end; ++y) {
    // Groups committed so far: kStages - 1 + (y - y0); row y+1 is group y - y0 + 2.
    __pipeline_wait_prior(kStages - 4);
    __syncthreads();  // rows y-1..y+1 visible to all; everyone is done with row y-2's slot
    request_row(y + kStages - 2);  // refills row y-2's slot
    __pipeline_commit();

    const float* up = slot(y - 1);
    const float* mid = slot(y);
    const float* down = slot(y + 1);
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      const int c = local_column(k);
      const int x0 = base + c;
      if (x0 >= n) continue;
      float result[kWidth];
#pragma unroll
      for (int e = 0; e < kWidth; ++e) {
        const int lc = c + e;
        const float centre = mid[lc];
        const float left = lc > 0 ? mid[lc - 1] : mid[Shape::kBlockWidth];
        const float right = lc + 1 < Shape::kBlockWidth ? mid[lc + 1] : mid[Shape::kBlockWidth + 1];
        result[e] = is_border_2d(x0 + e, y, n)
                        ? centre
                        : five_point(centre, left, right, up[lc], down[lc]);
      }
      float* dst = out + static_cast<long>(y) * n + x0;
      if constexpr (kWidth == 4) {
        *reinterpret_cast<float4*>(dst) = make_float4(result[0], result[1], result[2], result[3]);
      } else {
        dst[0] = result[0];
      }
    }
  }
  __pipeline_wait_prior(0);  // no copy may outlive the block's shared memory
}

int multiprocessor_count() {
  static const int count = [] {
    int device = 0, value = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, device),
          "cudaDeviceGetAttribute(multiProcessorCount)");
    return value;
  }();
  return count;
}

template <int kSlots, int kWidth, int kStages, int kMinBlocks>
void launch_stream_shape(const float* in, float* out, int n, int chunks, cudaStream_t stream) {
  using Shape = StreamShape<kSlots, kWidth>;
  auto* kernel = &stream_kernel<kSlots, kWidth, kStages, kMinBlocks>;
  constexpr int kSharedBytes = kStages * Shape::kPitch * sizeof(float);
  static const int resident_blocks = [&] {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSharedBytes),
          "cudaFuncSetAttribute(stream_kernel)");
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, kThreads, kSharedBytes),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(stream_kernel)");
    return blocks > 0 ? blocks : 1;
  }();
  const int column_blocks = (n + Shape::kBlockWidth - 1) / Shape::kBlockWidth;
  int row_chunks = chunks;
  if (row_chunks <= 0) {  // one full wave of resident blocks, chunks of at least kMinChunkRows
    const int wave = resident_blocks * multiprocessor_count();
    const int most = n / kMinChunkRows > 1 ? n / kMinChunkRows : 1;
    row_chunks = (wave + column_blocks - 1) / column_blocks;
    row_chunks = row_chunks < most ? row_chunks : most;
  }
  kernel<<<dim3(column_blocks, row_chunks), kThreads, kSharedBytes, stream>>>(in, out, n);
  check_launch("stream_kernel launch");
}

// TUNING (temporary): STENCIL_STREAM_SHAPE picks one of a few compiled shapes.
int tuning_shape() {
  static const int shape = [] {
    const char* text = std::getenv("STENCIL_STREAM_SHAPE");
    return text ? std::atoi(text) : 0;
  }();
  return shape;
}

}  // namespace

void launch_stream(const float* in, float* out, int n, int chunks, cudaStream_t stream) {
  if (n % 4 != 0) return launch_stream_shape<8, 1, 8, 1>(in, out, n, chunks, stream);
  switch (tuning_shape()) {
    case 1: return launch_stream_shape<2, 4, 6, 3>(in, out, n, chunks, stream);
    case 2: return launch_stream_shape<2, 4, 12, 1>(in, out, n, chunks, stream);
    case 3: return launch_stream_shape<1, 4, 8, 4>(in, out, n, chunks, stream);
    case 4: return launch_stream_shape<1, 4, 12, 2>(in, out, n, chunks, stream);
    case 5: return launch_stream_shape<2, 4, 16, 1>(in, out, n, chunks, stream);
    default: return launch_stream_shape<2, 4, 8, 2>(in, out, n, chunks, stream);
  }
}

}  // namespace stencil::cuda
