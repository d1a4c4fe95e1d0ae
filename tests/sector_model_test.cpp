// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The sector derivation (tests/sector_model.hpp, docs/sectors.md) against a brute-force walk of
// every warp's addresses in both precisions, and against the figures the lessons measured.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sector_model.hpp"
#include "variant_printer.hpp"

namespace stencil::test {
namespace {

std::uint64_t derived_total(Variant v, Precision precision = Precision::fp32) {
  return derived_sectors_per_launch(v, profile_size(v), kDefaultChunks, precision).total() *
         kLaunches;
}

constexpr Variant kDerivedVariants[] = {Variant::naive,   Variant::tiled,   Variant::strip,
                                        Variant::rolling, Variant::naive1d, Variant::halo1d};

struct Case {
  Variant variant;
  Precision precision;
};
void PrintTo(const Case& c, std::ostream* out) {
  *out << info(c.variant).name << ' ' << precision_name(c.precision);
}
std::vector<Case> every_case() {
  std::vector<Case> cases;
  for (const Variant v : kDerivedVariants) {
    for (const Precision precision : kPrecisions)
      cases.push_back({v, precision});
  }
  return cases;
}

class SectorDerivation : public ::testing::TestWithParam<Case> {};

TEST_P(SectorDerivation, ClosedFormEqualsWarpByWarpWalk) {
  const auto [v, precision] = GetParam();
  const bool chunked = info(v).uses_chunks();
  for (const int n : {512, 1024, profile_size(v)}) {
    for (const int chunks :
         chunked ? std::vector<int>{kDefaultChunks, 3, 7} : std::vector<int>{0}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " chunks=" + std::to_string(chunks));
      const Sectors derived = derived_sectors_per_launch(v, n, chunks, precision);
      const Sectors walked = simulated_sectors_per_launch(v, n, chunks, precision);
      EXPECT_EQ(derived.load, walked.load);
      EXPECT_EQ(derived.store, walked.store);
    }
  }
}

// One store per cell, coalesced: a sector per 8 fp32 cells or 4 fp64 cells.
TEST_P(SectorDerivation, StoresAreOneSectorPerSectorOfCells) {
  const auto [v, precision] = GetParam();
  const int n = profile_size(v);
  EXPECT_EQ(derived_sectors_per_launch(v, n, kDefaultChunks, precision).store,
            cell_count(info(v), n) / cells_per_sector(precision));
}

std::string variant_and_precision(const ::testing::TestParamInfo<Case>& p) {
  return std::string(info(p.param.variant).name) + "_" +
         std::string(precision_name(p.param.precision));
}

INSTANTIATE_TEST_SUITE_P(AllVariants, SectorDerivation, ::testing::ValuesIn(every_case()),
                         variant_and_precision);

TEST(SectorDerivation, RejectsSizesTheClosedFormsDoNotCover) {
  for (const Precision precision : kPrecisions) {
    EXPECT_THROW(derived_sectors_per_launch(Variant::strip, 1000, 16, precision),
                 std::invalid_argument);
    EXPECT_THROW(derived_sectors_per_launch(Variant::naive1d, 100, 16, precision),
                 std::invalid_argument);
  }
}

// The fp32 closed forms are what the lessons' gates and figures were written against; the
// precision parameter leaves them as they are.
TEST(SectorDerivation, DefaultsToFp32) {
  for (const Variant v : kDerivedVariants) {
    const Sectors plain = derived_sectors_per_launch(v, profile_size(v), kDefaultChunks);
    const Sectors fp32 =
        derived_sectors_per_launch(v, profile_size(v), kDefaultChunks, Precision::fp32);
    EXPECT_EQ(plain.load, fp32.load) << info(v).name;
    EXPECT_EQ(plain.store, fp32.store) << info(v).name;
  }
}

// Known answers at the profile size (docs/sectors.md's table), per launch.
TEST(SectorDerivation, ProfileSizeCounts) {
  struct Known {
    Variant variant;
    Precision precision;
    std::uint64_t load, store;
  };
  for (const Known& k : {
           Known{Variant::naive, Precision::fp32, 11'521'540, 2'097'152},
           Known{Variant::naive, Precision::fp64, 22'003'204, 4'194'304},
           Known{Variant::tiled, Precision::fp32, 4'577'024, 2'097'152},
           Known{Variant::tiled, Precision::fp64, 7'198'464, 4'194'304},
           Known{Variant::strip, Precision::fp32, 6'421'504, 2'097'152},
           Known{Variant::strip, Precision::fp64, 12'711'936, 4'194'304},
           Known{Variant::rolling, Precision::fp32, 2'243'584, 2'097'152},
           Known{Variant::rolling, Precision::fp64, 4'356'096, 4'194'304},
           Known{Variant::naive1d, Precision::fp32, 7'340'030, 2'097'152},
           Known{Variant::naive1d, Precision::fp64, 13'631'486, 4'194'304},
           Known{Variant::halo1d, Precision::fp32, 2'228'224, 2'097'152},
           Known{Variant::halo1d, Precision::fp64, 4'325'376, 4'194'304},
       }) {
    const Sectors d =
        derived_sectors_per_launch(k.variant, profile_size(k.variant), kDefaultChunks, k.precision);
    EXPECT_EQ(d.load, k.load) << info(k.variant).name << " " << precision_name(k.precision);
    EXPECT_EQ(d.store, k.store) << info(k.variant).name << " " << precision_name(k.precision);
  }
}

// Lesson 000's sector counts of the strip starter and the rolling solution at the profile size
// are the known answers; the derivation must land within 1% of both.
TEST(SectorDerivation, AgreesWithTheSeedMeasurements) {
  EXPECT_NEAR(static_cast<double>(derived_total(Variant::strip)), 853e6, 0.01 * 853e6);
  EXPECT_NEAR(static_cast<double>(derived_total(Variant::rolling)), 435e6, 0.01 * 435e6);
}

// The lessons' gates in each precision; in fp64 the rolling gate is the fp32 gate's bytes per
// cell, twice the sectors (sector_gates_test.cpp).
TEST(SectorDerivation, PredictsTheGates) {
  for (const Precision precision : kPrecisions) {
    SCOPED_TRACE(std::string(precision_name(precision)));
    const std::uint64_t rolling_gate = 530'000'000u * (element_bytes(precision) / 4);
    EXPECT_LE(derived_total(Variant::rolling, precision), rolling_gate);
    EXPECT_GT(derived_total(Variant::strip, precision), rolling_gate);
    EXPECT_LT(derived_total(Variant::tiled, precision), derived_total(Variant::naive, precision));
    EXPECT_LE(2 * derived_total(Variant::halo1d, precision),
              derived_total(Variant::naive1d, precision));
  }
}

}  // namespace
}  // namespace stencil::test
