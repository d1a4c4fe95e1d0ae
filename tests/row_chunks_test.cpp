// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The row-chunk contract and the wave-filling chunk choice of the GPU stream kernels
// (stencil/row_chunks.hpp). The expected counts are worked out by hand from the rule.
#include <gtest/gtest.h>

#include "stencil/row_chunks.hpp"

namespace stencil {
namespace {

TEST(RowChunks, CoverEveryRowOnceForAnyChunkCount) {
  for (int n : {1, 2, 3, 7, 128, 1000}) {
    for (int chunks : {1, 2, 3, 6, 7, 24, 1001}) {
      int next = 0;
      for (int c = 0; c < chunks; ++c) {
        const RowChunk chunk = row_chunk(n, chunks, c);
        if (chunk.empty())
          continue;
        EXPECT_EQ(chunk.begin, next) << "n=" << n << " chunks=" << chunks << " chunk=" << c;
        next = chunk.end;
      }
      EXPECT_EQ(next, n) << "n=" << n << " chunks=" << chunks;
    }
  }
}

// 396 blocks resident (3 per SM of 132), 1024-column blocks.
TEST(WaveFillingChunks, KeepsOneWaveWhereItFillsTheGpu) {
  EXPECT_EQ(wave_filling_chunks(396, 16, 16384, 128), 24);  // 384 of 396: 97%
  EXPECT_EQ(wave_filling_chunks(396, 4, 4096, 128), 32);    // capped by 128 rows per chunk
}

TEST(WaveFillingChunks, TakesWholeWavesWhereOneWaveLeavesSlotsIdle) {
  // 118 x 3 = 354 of 396 (89%); 118 x 10 = 1180 of 3 x 396 (99%).
  EXPECT_EQ(wave_filling_chunks(396, 118, 120000, 128), 10);
  // 59 x 6 = 354 (89%); 59 x 13 = 767 of 792 (97%); 59 x 20 = 1180 of 1188 (99%).
  EXPECT_EQ(wave_filling_chunks(396, 59, 60000, 128), 20);
}

TEST(WaveFillingChunks, NeverGoesBelowItsRowsPerChunkOrOneChunk) {
  // 600 rows allow 4 chunks of 128: more waves cannot fill better, so one wave of 3.
  EXPECT_EQ(wave_filling_chunks(396, 118, 600, 128), 3);
  EXPECT_EQ(wave_filling_chunks(396, 118, 100, 128), 1);
  EXPECT_EQ(wave_filling_chunks(396, 500, 100000, 128), 1);  // more column blocks than a wave
  EXPECT_EQ(wave_filling_chunks(1, 1, 1, 128), 1);
}

}  // namespace
}  // namespace stencil
