// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every variant, on every backend of this test program, must match the plain reference loop bit
// for bit: at tail sizes, for one and several iterations, and in every run-time shape: chunk
// counts that do and do not divide N (strip, rolling, doublebuf*), every patch size (regblock) and
// every row pitch (tiled). The output buffer is poisoned with NaN before every step, so a cell no
// thread writes fails the comparison. Both precisions: every case runs in fp32 and in fp64, each
// against the reference loop of its own precision.
#include <gtest/gtest.h>

#include <tuple>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"
#include "variant_printer.hpp"

namespace stencil::test {
namespace {

using Case = std::tuple<Backend, Variant, Precision, int>;

const int kSizes[] = {1, 2, 3, 4, 5, 17, 31, 32, 33, 255, 256, 257, 1000, 1025};
// Variants that tune their own launch (stream, temporal) own up to 1024 columns per CUDA block:
// sizes with 16-byte rows and three column blocks, so the x-halo between blocks and, for stream,
// several clusters of chunks are exercised. 2052 gives temporal narrower blocks (as few warps as
// three blocks need); 3048 is three whole 1016-column outputs of temporal's widest block at
// -fuse 4, whose middle block takes the path without column tests. The GPU runs both.
#if defined(STENCIL_TEST_GPU)
const int kWideSizes[] = {2052, 3048};
#else
const int kWideSizes[] = {2052};
#endif

// 1-D variants: a grid of three whole 4096-cell blocks and a partial fourth, so the blocks the CPU
// forms give each thread or index (and the GPU's 256-cell blocks, many times over) meet at
// boundaries that the tail sizes, all within one block, never reach.
const int kOneDSizes[] = {3 * 4096 + 5};

// fp64 on the host: the tail sizes only. The large and wide sizes exercise launch geometry, which
// the element type does not change on a CPU; the GPU runs every size in both precisions.
#if defined(STENCIL_TEST_GPU)
bool runs_in_fp64(int) {
  return true;
}
#else
bool runs_in_fp64(int n) {
  return n <= 257;
}
#endif

// One way of running a variant: the iteration count and the run-time shape.
struct Shape {
  int iterations;
  RunConfig config;
};

// Every run-time shape the table gives the variant, each with the other settings at their
// defaults, for one step and for three steps.
std::vector<Shape> shapes(const VariantInfo& variant, int n, Precision precision) {
  const RunConfig defaults{&variant, n, precision};
  std::vector<RunConfig> configs{defaults};
  if (variant.uses_chunks()) {
    // Two counts that divide few sizes, one chunk per row, more chunks than rows (trailing
    // chunks are empty), and multiples of the CUDA stream kernel's cluster of 8 chunks: with
    // N % 4 == 0 and two rows or more per chunk these run its cluster launch, whose chunks hand
    // their border rows over in shared memory (16 chunks at N = 32 leaves exactly two rows each).
    for (const int chunks : {3, 7, n, n + 5, 8, 16, 24}) {
      configs.push_back(defaults);
      configs.back().chunks = chunks;
    }
  }
  if (const ShapeOptionInfo* option = shape_option(variant.shape)) {
    for (std::size_t i = 0; i < option->choice_count; ++i) {
      configs.push_back(defaults);
      RunConfig& config = configs.back();
      (variant.uses_shape(ShapeOption::pitch)   ? config.pitch
       : variant.uses_shape(ShapeOption::patch) ? config.patch
                                                : config.fuse) = option->choices[i];
    }
  }
  std::vector<Shape> out;
  for (const RunConfig& config : configs) {
    const int per_step = check_config(config)->iterations_per_step();
    for (const int steps : {1, 3})
      out.push_back({steps * per_step, config});
  }
  return out;
}

class VariantMatchesReference : public ::testing::TestWithParam<Case> {};

TEST_P(VariantMatchesReference, BitForBitWithPoisonedOutput) {
  const auto& [backend, variant_id, precision, n] = GetParam();
  if (const std::string reason = unavailable_reason(backend); !reason.empty()) {
    GTEST_SKIP() << reason;
  }
  const VariantInfo& variant = info(variant_id);
  for (const Shape& shape : shapes(variant, n, precision)) {
    const RunConfig& config = shape.config;
    if (!model_runs_shape(backend.implementation, variant, config.shape_value()))
      continue;  // a depth only the pipelined kernel runs
    SCOPED_TRACE("iterations=" + std::to_string(shape.iterations) + " chunks=" +
                 std::to_string(config.chunks) + " patch=" + std::to_string(config.patch) +
                 " pitch=" + std::to_string(config.pitch) + " fuse=" + std::to_string(config.fuse));
    const Cells initial = random_cells(precision, cell_count(variant, n),
                                       static_cast<std::uint64_t>(n * 131 + shape.iterations));
    auto stepper = open_stepper(backend, check_config(config));
    stepper->upload(initial);
    ASSERT_EQ(shape.iterations % stepper->iterations_per_step(), 0);
    for (int done = 0; done < shape.iterations; done += stepper->iterations_per_step()) {
      stepper->poison_next_output();
      stepper->step();
    }
    const Cells actual = stepper->download();
    ASSERT_EQ(actual.precision(), precision);
    const Cells expected = reference_run(variant, n, shape.iterations, initial);
    const GridDifference diff = compare_grids(actual, expected);
    ASSERT_TRUE(diff.identical()) << describe_first_difference(diff,
                                                               variant.dimensions == 2 ? n : 0);
  }
}

std::vector<Case> all_cases(const std::vector<Backend>& backends) {
  std::vector<Case> cases;
  for (const auto& backend : backends) {
    for (const auto& variant : kVariants) {
      if (!variant.implemented_by(backend.implementation))
        continue;  // no kernel: open_stepper refuses it (openmp_cli_test checks the message)
      for (const Precision precision : kPrecisions) {
        const auto add = [&](int n) {
          if (precision == Precision::fp32 || runs_in_fp64(n))
            cases.emplace_back(backend, variant.id, precision, n);
        };
        for (const int n : kSizes)
          add(n);
        if (variant.chunks == ChunkPolicy::tuned) {
          for (const int n : kWideSizes)
            add(n);
        }
        if (variant.dimensions == 1) {
          for (const int n : kOneDSizes)
            add(n);
        }
      }
    }
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info_) {
  const auto& [backend, variant, precision, n] = info_.param;
  // fp32 cases keep their names; fp64 ones end in _fp64.
  return backend.label() + "_" + std::string(info(variant).name) + "_n" + std::to_string(n) +
         (precision == Precision::fp64 ? "_fp64" : "");
}

#if defined(STENCIL_TEST_GPU)
INSTANTIATE_TEST_SUITE_P(Gpu, VariantMatchesReference,
                         ::testing::ValuesIn(all_cases(gpu_backends())), case_name);
#else
INSTANTIATE_TEST_SUITE_P(Host, VariantMatchesReference,
                         ::testing::ValuesIn(all_cases(host_backends())), case_name);
#endif

}  // namespace
}  // namespace stencil::test
