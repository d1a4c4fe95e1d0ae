// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -precision on the real mini-app: an fp64 run says so in every format and matches the fp64
// reference loop; a bad value is one usage line; and a restart across precisions follows the
// documented rule, one test per branch: the run takes the input's precision by default, an fp32
// file widens exactly into an fp64 run, an fp64 file in an fp32 run is refused. A restarted fp64
// run ends bit-identical to an uninterrupted one. The expected values come from the reference loop
// (stencil/reference.hpp), never from the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "h5_fixtures.hpp"
#include "listed_backends.hpp"
#include "process.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil/variants.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(STENCIL_MINIAPP_PATH, args);
}

// The reference loop's fp64 state after `steps` steps from `initial`.
std::vector<double> reference_fp64(const char* variant, int n, int steps,
                                   std::vector<double> initial) {
  return reference_run(*find_variant(variant), n, steps, std::move(initial));
}

TEST(Precision, Fp64RunSaysSoAndMatchesTheFp64Reference) {
  const auto r = miniapp({"-precision", "fp64", "-n", "37", "-iters", "5", "-verify"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("37 x 37 cells, float64"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("counting 16 bytes per cell update"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PASSED"), std::string::npos) << r.out;
  auto csv = csv_result(miniapp({"-precision", "fp64", "-n", "16", "-iters", "2", "-csv"}).out);
  EXPECT_EQ(csv["precision"], "fp64");
  EXPECT_EQ(csv["schema_version"], "2");
  EXPECT_EQ(csv_result(miniapp({"-n", "16", "-iters", "2", "-csv"}).out)["precision"], "fp32");
  const auto json = miniapp({"-precision", "fp64", "-n", "16", "-iters", "2", "-json"});
  EXPECT_NE(json.out.find("\"precision\": \"fp64\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"bytes_per_cell_update\": 16"), std::string::npos) << json.out;
}

TEST(Precision, SavedFp64StateHoldsTheFp64ReferenceValues) {
  TempDir dir;
  const auto r = miniapp({"-precision", "fp64", "-variant", "naive", "-n", "29", "-iters", "7",
                          "-output", dir / "run.h5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_doubles(dir / "run.h5", "/step_000007/u"),
            reference_fp64("naive", 29, 7, random_field<double>(29 * 29)));
}

TEST(Precision, AnUnknownPrecisionIsOneUsageLine) {
  for (const char* value : {"fp16", "FP64", "double"}) {
    const auto r = miniapp({"-precision", value, "-n", "8"});
    EXPECT_EQ(r.exit_code, 2) << value;
    EXPECT_NE(r.err.find("-precision expects fp32 or fp64"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(PrecisionRestart, ARunTakesItsInputsPrecision) {
  TempDir dir;
  ASSERT_EQ(
      miniapp({"-precision", "fp64", "-n", "24", "-iters", "3", "-output", dir / "a.h5"}).exit_code,
      0);
  EXPECT_EQ(csv_result(miniapp({"-input", dir / "a.h5", "-iters", "2", "-csv"}).out)["precision"],
            "fp64");
}

TEST(PrecisionRestart, AnFp32InputWidensExactlyIntoAnFp64Run) {
  TempDir dir;
  ASSERT_EQ(
      miniapp({"-variant", "naive", "-n", "21", "-iters", "4", "-output", dir / "f.h5"}).exit_code,
      0);
  const std::vector<float> saved = read_floats(dir / "f.h5", "/step_000004/u");
  ASSERT_EQ(saved.size(), 21u * 21u);
  const auto r = miniapp({"-variant", "naive", "-input", dir / "f.h5", "-precision", "fp64",
                          "-iters", "5", "-output", dir / "d.h5", "-verify"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("PASSED"), std::string::npos) << r.out;
  // The fp64 run starts from the fp32 values, each widened exactly.
  const std::vector<double> widened(saved.begin(), saved.end());
  EXPECT_EQ(read_doubles(dir / "d.h5", "/step_000004/u"), widened);
  EXPECT_EQ(read_doubles(dir / "d.h5", "/step_000009/u"), reference_fp64("naive", 21, 5, widened));
}

TEST(PrecisionRestart, AnFp64InputIsRefusedInAnFp32Run) {
  TempDir dir;
  ASSERT_EQ(
      miniapp({"-precision", "fp64", "-n", "16", "-iters", "2", "-output", dir / "d.h5"}).exit_code,
      0);
  const auto r = miniapp({"-input", dir / "d.h5", "-precision", "fp32", "-iters", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("-precision fp32 would round every cell of the float64 input"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(PrecisionRestart, AContinuedFp64RunIsBitIdenticalToAnUninterruptedOne) {
  const auto backend = listed_host_args_for(STENCIL_MINIAPP_PATH, "rolling");
  std::vector<std::string> model = backend ? *backend : std::vector<std::string>{};
  const auto on_model = [&](std::vector<std::string> args) {
    args.insert(args.end(), model.begin(), model.end());
    return miniapp(args);
  };
  TempDir dir;
  const char* variant = backend ? "rolling" : "tiled";
  ASSERT_EQ(on_model({"-precision", "fp64", "-variant", variant, "-n", "33", "-iters", "9",
                      "-output", dir / "whole.h5"})
                .exit_code,
            0);
  ASSERT_EQ(on_model({"-precision", "fp64", "-variant", variant, "-n", "33", "-iters", "4",
                      "-output", dir / "part.h5"})
                .exit_code,
            0);
  const auto r = on_model(
      {"-variant", variant, "-input", dir / "part.h5", "-iters", "5", "-output", dir / "rest.h5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto whole = read_doubles(dir / "whole.h5", "/step_000009/u");
  ASSERT_EQ(whole.size(), 33u * 33u);
  EXPECT_EQ(read_doubles(dir / "rest.h5", "/step_000009/u"), whole);
  EXPECT_EQ(whole, reference_fp64(variant, 33, 9, random_field<double>(33 * 33)));
}

}  // namespace
}  // namespace stencil::test
