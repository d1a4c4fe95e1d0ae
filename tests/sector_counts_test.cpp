// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fold of out-of-line device functions into their kernel (profile/sector_counts.hpp): the
// OpenMP offload runtime keeps functions out of line, and CUPTI counts their instructions apart.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "measure/profile/sector_counts.hpp"

namespace stencil::profile {
namespace {

constexpr const char* kKernel =
    "__omp_offloading_fe00_5101d3__ZN7stencil9omptarget10naive_step_l54";
constexpr const char* kRuntime = "_ZN4ompx5state20enterDataEnvironmentEP7IdentTy";

SectorCounts kernel_and_runtime() {
  SectorCounts counts;
  counts.by_function[kKernel] = FunctionSectors{100, 60, 40, 0};
  counts.by_function[kRuntime] = FunctionSectors{7, 3, 2, 2};
  counts.extra_by_function[kKernel] = {10, 20};
  counts.extra_by_function[kRuntime] = {1, 2, 3};
  return counts;
}

TEST(FoldDeviceFunctions, AddsAFunctionWithoutLaunchesToTheOneLaunchedKernel) {
  SectorCounts counts = kernel_and_runtime();
  std::vector<std::string> notes;
  fold_device_functions(counts, {kKernel}, notes);
  ASSERT_EQ(counts.by_function.size(), 1u);
  const FunctionSectors& kernel = counts.by_function.at(kKernel);
  EXPECT_EQ(kernel.total, 107u);
  EXPECT_EQ(kernel.load, 63u);
  EXPECT_EQ(kernel.store, 42u);
  EXPECT_EQ(kernel.other, 2u);
  EXPECT_EQ(counts.extra_by_function.count(kRuntime), 0u);
  EXPECT_EQ(counts.extra_by_function.at(kKernel), (std::vector<std::uint64_t>{11, 22, 3}));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("7 sectors"), std::string::npos) << notes[0];
}

TEST(FoldDeviceFunctions, LeavesTheCountsAloneUnlessExactlyOneCountedKernelLaunched) {
  for (const std::vector<std::string>& launched :
       {std::vector<std::string>{}, std::vector<std::string>{kKernel, "other_kernel"},
        std::vector<std::string>{"not_counted_kernel"}}) {
    SectorCounts counts = kernel_and_runtime();
    std::vector<std::string> notes;
    fold_device_functions(counts, launched, notes);
    EXPECT_EQ(counts.by_function.size(), 2u) << launched.size() << " launched";
    EXPECT_EQ(counts.by_function.at(kKernel).total, 100u);
    EXPECT_TRUE(notes.empty());
  }
}

}  // namespace
}  // namespace stencil::profile
