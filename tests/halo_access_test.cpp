// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The halo access every MPI exchange goes through (Stepper::halos(), one per memory kind), on
// every backend whose model steps rectangles, held to the host definitions in
// stencil/grid_region.hpp and stencil/stepped_cell.hpp: pack must read exactly the regions, unpack
// must write exactly them and nothing else, and the stepped pack must give the values a real step
// gives. Regions cover corners, whole rows, single cells and both edges, on an odd rectangle and
// on a 1-D array, in both precisions. Device forms (for -halo nccl) are checked by a round trip
// through device_staging.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "memory/halo_access.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_region.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/stepped_cell.hpp"
#include "test_backends.hpp"
#include "variant_printer.hpp"

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

template <class T>
std::vector<T> values_after_unpack(std::vector<T> local, Shape s,
                                   const std::vector<GridRegion>& regions,
                                   const std::vector<T>& buffer) {
  unpack_regions(local.data(), s.cols, regions, buffer.data());
  return local;
}

// A halo buffer's cells, read back as T.
template <class T>
std::vector<T> buffer_values(const HostBuffer& buffer, std::size_t cells) {
  const T* values = reinterpret_cast<const T*>(buffer.get());
  return std::vector<T>(values, values + cells);
}

// Each check runs in the precision of the case, on cells of type T.
using Case = std::tuple<Backend, Variant, Precision>;
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
  Precision precision() const { return std::get<2>(GetParam()); }
  template <class T>
  std::vector<T> field(std::size_t cells, std::uint64_t seed) const {
    return random_field<T>(cells, seed);
  }
  template <class T>
  std::unique_ptr<Stepper> open(const std::vector<T>& initial) const {
    RunConfig config = config_for(std::get<1>(GetParam()), shape()).get();
    config.precision = precision_of<T>();
    auto stepper = open_stepper(std::get<0>(GetParam()), check_config(config));
    stepper->upload(Cells(std::vector<T>(initial)));
    return stepper;
  }
  template <class T>
  static std::vector<T> download(Stepper& stepper) {
    return stepper.download().values<T>();
  }

  template <class T>
  void pack_reads_exactly_the_regions() {
    const Shape s = shape();
    const auto initial = field<T>(static_cast<std::size_t>(s.rows) * s.cols, 41);
    auto stepper = open(initial);
    const auto regions = regions_in(s);
    const HostBuffer buffer = stepper->halos().host_staging(buffer_cells(regions));
    stepper->halos().pack_regions(regions, buffer.get());
    std::vector<T> expected(buffer_cells(regions));
    pack_regions(initial.data(), s.cols, regions, expected.data());
    EXPECT_TRUE(compare_grids(buffer_values<T>(buffer, expected.size()), expected).identical());
  }

  template <class T>
  void unpack_writes_exactly_the_regions() {
    const Shape s = shape();
    const auto initial = field<T>(static_cast<std::size_t>(s.rows) * s.cols, 42);
    auto stepper = open(initial);
    const std::vector<GridRegion> regions = disjoint_pair(s);
    const auto incoming = field<T>(static_cast<std::size_t>(buffer_cells(regions)), 43);
    const HostBuffer buffer = stepper->halos().host_staging(incoming.size());
    std::copy(incoming.begin(), incoming.end(), reinterpret_cast<T*>(buffer.get()));
    stepper->halos().unpack_regions(regions, buffer.get());
    const GridDifference diff =
        compare_grids(download<T>(*stepper), values_after_unpack(initial, s, regions, incoming));
    EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
  }

  template <class T>
  void stepped_pack_gives_what_a_step_gives() {
    const Shape s = shape();
    const auto initial = field<T>(static_cast<std::size_t>(s.rows) * s.cols, 44);
    auto stepper = open(initial);
    if (stepper->iterations_per_step() != 1)
      GTEST_SKIP() << "fused steps send their halos after the step";
    const auto regions = regions_in(s);
    const HostBuffer buffer = stepper->halos().host_staging(buffer_cells(regions));
    stepper->halos().pack_stepped_regions(regions, buffer.get());
    const std::vector<T> sent = buffer_values<T>(buffer, buffer_cells(regions));
    // The state is left unchanged...
    EXPECT_TRUE(compare_grids(download<T>(*stepper), initial).identical());
    // ...and the values are those of one real step, and of the host definition.
    stepper->step();
    std::vector<T> stepped(sent.size());
    pack_regions(download<T>(*stepper).data(), s.cols, regions, stepped.data());
    EXPECT_TRUE(compare_grids(sent, stepped).identical());
    std::vector<T> by_definition;
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
  template <class T>
  void device_round_trip_moves_the_regions() {
    const Shape s = shape();
    const auto initial = field<T>(static_cast<std::size_t>(s.rows) * s.cols, 45);
    auto stepper = open(initial);
    if (stepper->grids().memory != MemoryKind::cuda)
      GTEST_SKIP() << "grids in host memory have no device buffers";
    const std::vector<GridRegion> from = disjoint_pair(s);
    const std::vector<GridRegion> to = targets_of_pair(s);
    void* device = stepper->halos().device_staging(0, buffer_cells(from) + 7);
    stepper->halos().pack_regions_on_device(from, device);
    stepper->halos().unpack_regions_on_device(to, device);
    stepper->fence();
    std::vector<T> moved(buffer_cells(from));
    pack_regions(initial.data(), s.cols, from, moved.data());
    const GridDifference diff =
        compare_grids(download<T>(*stepper), values_after_unpack(initial, s, to, moved));
    EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
  }
};

#define STENCIL_IN_CASE_PRECISION(check) \
  with_element_type(precision(), [this](auto zero) { this->template check<decltype(zero)>(); })

TEST_P(HaloAccess, PackReadsExactlyTheRegions) {
  STENCIL_IN_CASE_PRECISION(pack_reads_exactly_the_regions);
}
TEST_P(HaloAccess, UnpackWritesExactlyTheRegions) {
  STENCIL_IN_CASE_PRECISION(unpack_writes_exactly_the_regions);
}
TEST_P(HaloAccess, SteppedPackGivesWhatAStepGives) {
  STENCIL_IN_CASE_PRECISION(stepped_pack_gives_what_a_step_gives);
}
TEST_P(HaloAccess, DeviceRoundTripMovesTheRegions) {
  STENCIL_IN_CASE_PRECISION(device_round_trip_moves_the_regions);
}

std::vector<Case> halo_cases(const std::vector<Backend>& backends) {
  std::vector<Case> cases;
  for (const Backend& backend : backends) {
    if (!steps_rectangles(backend.implementation))
      continue;
    for (const Variant variant : {Variant::naive, Variant::temporal, Variant::naive1d}) {
      if (!info(variant).implemented_by(backend.implementation))
        continue;
      for (const Precision precision : kPrecisions)
        cases.emplace_back(backend, variant, precision);
    }
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info_) {
  const auto& [backend, variant, precision] = info_.param;
  return backend.label() + "_" + std::string(info(variant).name) +
         (precision == Precision::fp64 ? "_fp64" : "");
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
