// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The halo access every MPI exchange goes through (Stepper::halos(), one per memory kind), on
// every backend whose model steps rectangles, held to the host definitions in
// stencil/grid_region.hpp and stencil/stepped_cell.hpp: pack must read exactly the regions, unpack
// must write exactly them and nothing else, and the stepped pack must give the values a real step
// gives. Regions cover corners, whole rows, single cells and both edges, on an odd rectangle and
// on a 1-D array. Device forms (for -halo nccl) are checked by a round trip through device_staging.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "memory/halo_access.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_region.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/stepped_cell.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

struct Shape {
  int rows;
  int cols;
};

CheckedConfig config_for(Variant variant, Shape shape) {
  if (info(variant).dimensions == 1)
    return check_config(RunConfig{&info(variant), shape.cols});
  RunConfig config{&info(variant), 100000};
  config.rows = shape.rows;
  config.cols = shape.cols;
  return check_config(config);
}

// Regions inside a rows x cols array, touching every edge and corner, with 1 and 2 deep strips.
std::vector<GridRegion> regions_in(Shape s) {
  if (s.rows == 1)
    return {{0, 1, 0, 2}, {0, 1, s.cols - 2, 2}, {0, 1, 3, 1}, {0, 1, 0, s.cols}};
  return {{0, 2, 0, 2},
          {0, 1, 0, s.cols},
          {s.rows - 2, 2, 0, s.cols},
          {0, s.rows, 0, 1},
          {0, s.rows, s.cols - 2, 2},
          {s.rows / 2, 1, s.cols / 2, 1},
          {1, s.rows - 2, 1, 3},
          {s.rows - 1, 1, s.cols - 1, 1}};
}

// Two regions that do not overlap, and two others of the same shapes to move them to.
std::vector<GridRegion> disjoint_pair(Shape s) {
  if (s.rows == 1)
    return {{0, 1, 0, 2}, {0, 1, 3, 1}};
  return {{0, 2, 0, 2}, {s.rows / 2, 1, s.cols / 2, 1}};
}
std::vector<GridRegion> targets_of_pair(Shape s) {
  return {{s.rows - (s.rows == 1 ? 1 : 2), s.rows == 1 ? 1 : 2, s.cols - 2, 2},
          {0, 1, s.cols / 3, 1}};
}

std::vector<float> values_after_unpack(std::vector<float> local, Shape s,
                                       const std::vector<GridRegion>& regions,
                                       const std::vector<float>& buffer) {
  unpack_regions(local.data(), s.cols, regions, buffer.data());
  return local;
}

using Case = std::tuple<Backend, Variant>;
class HaloAccess : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    const std::string reason = unavailable_reason(std::get<0>(GetParam()));
    if (!reason.empty())
      GTEST_SKIP() << std::get<0>(GetParam()).label() << ": " << reason;
  }
  Shape shape() const {
    return info(std::get<1>(GetParam())).dimensions == 1 ? Shape{1, 1029} : Shape{37, 301};
  }
  std::unique_ptr<Stepper> open(const std::vector<float>& initial) const {
    auto stepper =
        open_stepper(std::get<0>(GetParam()), config_for(std::get<1>(GetParam()), shape()));
    stepper->upload(initial);
    return stepper;
  }
};

TEST_P(HaloAccess, PackReadsExactlyTheRegions) {
  const Shape s = shape();
  const auto initial = random_field(static_cast<std::size_t>(s.rows) * s.cols, 41);
  auto stepper = open(initial);
  const auto regions = regions_in(s);
  const HostBuffer buffer = stepper->halos().host_staging(buffer_cells(regions));
  stepper->halos().pack_regions(regions, buffer.get());
  std::vector<float> expected(buffer_cells(regions));
  pack_regions(initial.data(), s.cols, regions, expected.data());
  const std::vector<float> actual(buffer.get(), buffer.get() + expected.size());
  EXPECT_TRUE(compare_grids(actual, expected).identical());
}

TEST_P(HaloAccess, UnpackWritesExactlyTheRegions) {
  const Shape s = shape();
  const auto initial = random_field(static_cast<std::size_t>(s.rows) * s.cols, 42);
  auto stepper = open(initial);
  const std::vector<GridRegion> regions = disjoint_pair(s);
  const auto incoming = random_field(static_cast<std::size_t>(buffer_cells(regions)), 43);
  const HostBuffer buffer = stepper->halos().host_staging(incoming.size());
  std::copy(incoming.begin(), incoming.end(), buffer.get());
  stepper->halos().unpack_regions(regions, buffer.get());
  const GridDifference diff =
      compare_grids(stepper->download(), values_after_unpack(initial, s, regions, incoming));
  EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
}

TEST_P(HaloAccess, SteppedPackGivesWhatAStepGives) {
  const Shape s = shape();
  const auto initial = random_field(static_cast<std::size_t>(s.rows) * s.cols, 44);
  auto stepper = open(initial);
  if (stepper->iterations_per_step() != 1)
    GTEST_SKIP() << "fused steps send their halos after the step";
  const auto regions = regions_in(s);
  const HostBuffer buffer = stepper->halos().host_staging(buffer_cells(regions));
  stepper->halos().pack_stepped_regions(regions, buffer.get());
  const std::vector<float> sent(buffer.get(), buffer.get() + buffer_cells(regions));
  // The state is left unchanged...
  EXPECT_TRUE(compare_grids(stepper->download(), initial).identical());
  // ...and the values are those of one real step, and of the host definition.
  stepper->step();
  std::vector<float> stepped(sent.size());
  pack_regions(stepper->download().data(), s.cols, regions, stepped.data());
  EXPECT_TRUE(compare_grids(sent, stepped).identical());
  std::vector<float> by_definition;
  for (const GridRegion& r : regions) {
    for (std::int64_t y = r.row0; y < r.row0 + r.rows; ++y) {
      for (std::int64_t x = r.col0; x < r.col0 + r.cols; ++x) {
        by_definition.push_back(s.rows == 1
                                    ? stepped_cell_1d(initial.data(), s.cols, x)
                                    : stepped_cell_2d(initial.data(), s.rows, s.cols, y, x));
      }
    }
  }
  EXPECT_TRUE(compare_grids(sent, by_definition).identical());
}

// -halo nccl's device forms: pack two regions into device staging, unpack them elsewhere.
TEST_P(HaloAccess, DeviceRoundTripMovesTheRegions) {
  const Shape s = shape();
  const auto initial = random_field(static_cast<std::size_t>(s.rows) * s.cols, 45);
  auto stepper = open(initial);
  if (stepper->grids().memory != MemoryKind::cuda)
    GTEST_SKIP() << "grids in host memory have no device buffers";
  const std::vector<GridRegion> from = disjoint_pair(s);
  const std::vector<GridRegion> to = targets_of_pair(s);
  float* device = stepper->halos().device_staging(0, buffer_cells(from) + 7);
  stepper->halos().pack_regions_on_device(from, device);
  stepper->halos().unpack_regions_on_device(to, device);
  stepper->fence();
  std::vector<float> moved(buffer_cells(from));
  pack_regions(initial.data(), s.cols, from, moved.data());
  const GridDifference diff =
      compare_grids(stepper->download(), values_after_unpack(initial, s, to, moved));
  EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
}

std::vector<Case> halo_cases(const std::vector<Backend>& backends) {
  std::vector<Case> cases;
  for (const Backend& backend : backends) {
    if (!steps_rectangles(backend.implementation))
      continue;
    for (const Variant variant : {Variant::naive, Variant::temporal, Variant::naive1d}) {
      if (info(variant).implemented_by(backend.implementation))
        cases.emplace_back(backend, variant);
    }
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info_) {
  return std::get<0>(info_.param).label() + "_" + std::string(info(std::get<1>(info_.param)).name);
}

#if defined(STENCIL_TEST_GPU)
const std::vector<Backend> kSuiteBackends = gpu_backends();
#else
const std::vector<Backend> kSuiteBackends = host_backends();
#endif

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HaloAccess);
INSTANTIATE_TEST_SUITE_P(Suite, HaloAccess, ::testing::ValuesIn(halo_cases(kSuiteBackends)),
                         case_name);

}  // namespace
}  // namespace stencil::test
