// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The sector derivation (tests/sector_model.hpp, docs/sectors.md) against a brute-force walk of
// every warp's addresses, and against the figures the lessons measured.
#include <gtest/gtest.h>

#include "sector_model.hpp"
#include "variant_printer.hpp"

namespace stencil::test {
namespace {

std::uint64_t derived_total(Variant v) {
  return derived_sectors_per_launch(v, profile_size(v), kDefaultChunks).total() * kLaunches;
}

class SectorDerivation : public ::testing::TestWithParam<Variant> {};

TEST_P(SectorDerivation, ClosedFormEqualsWarpByWarpWalk) {
  const Variant v = GetParam();
  const bool chunked = info(v).uses_chunks();
  for (const int n : {512, 1024, profile_size(v)}) {
    for (const int chunks :
         chunked ? std::vector<int>{kDefaultChunks, 3, 7} : std::vector<int>{0}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " chunks=" + std::to_string(chunks));
      const Sectors derived = derived_sectors_per_launch(v, n, chunks);
      const Sectors walked = simulated_sectors_per_launch(v, n, chunks);
      EXPECT_EQ(derived.load, walked.load);
      EXPECT_EQ(derived.store, walked.store);
    }
  }
}

TEST_P(SectorDerivation, StoresAreOneSectorPerEightCells) {
  const Variant v = GetParam();
  const int n = profile_size(v);
  EXPECT_EQ(derived_sectors_per_launch(v, n, kDefaultChunks).store, cell_count(info(v), n) / 8);
}

std::string variant_name(const ::testing::TestParamInfo<Variant>& p) {
  return std::string(stencil::info(p.param).name);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, SectorDerivation,
                         ::testing::Values(Variant::naive, Variant::tiled, Variant::strip,
                                           Variant::rolling, Variant::naive1d, Variant::halo1d),
                         variant_name);

TEST(SectorDerivation, RejectsSizesTheClosedFormsDoNotCover) {
  EXPECT_THROW(derived_sectors_per_launch(Variant::strip, 1000, 16), std::invalid_argument);
  EXPECT_THROW(derived_sectors_per_launch(Variant::naive1d, 100, 16), std::invalid_argument);
}

// Lesson 000's sector counts of the strip starter and the rolling solution at the profile size
// are the known answers; the derivation must land within 1% of both.
TEST(SectorDerivation, AgreesWithTheSeedMeasurements) {
  EXPECT_NEAR(static_cast<double>(derived_total(Variant::strip)), 853e6, 0.01 * 853e6);
  EXPECT_NEAR(static_cast<double>(derived_total(Variant::rolling)), 435e6, 0.01 * 435e6);
}

TEST(SectorDerivation, PredictsTheGates) {
  EXPECT_LE(derived_total(Variant::rolling), 530'000'000u);
  EXPECT_LT(derived_total(Variant::tiled), derived_total(Variant::naive));
  EXPECT_LE(2 * derived_total(Variant::halo1d), derived_total(Variant::naive1d));
}

}  // namespace
}  // namespace stencil::test
