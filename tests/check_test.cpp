// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_check: the tolerance rules (unit) and the real binary on hand-made states whose
// differences are known in advance (1.5 against 1.0: 0.5 absolute, 0.5 relative, 2^22 ULP of
// float32; 1 + 2^-40 against 1.0: 2^12 ULP of float64), and states of different precisions,
// compared only under --cross-precision.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "check_options.hpp"
#include "h5_fixtures.hpp"
#include "process.hpp"
#include "verdict.hpp"

namespace stencil::test {
namespace {

using check::Tolerance;

Tolerance ulp(std::uint64_t k) {
  Tolerance t;
  t.kind = Tolerance::Kind::ulp;
  t.ulp = k;
  return t;
}

Tolerance close(double rtol, double atol) {
  Tolerance t;
  t.kind = Tolerance::Kind::close;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

TEST(CheckVerdict, ExactNeedsEveryBit) {
  EXPECT_TRUE(check::judge<float>({1, 2}, {1, 2}, {}).passed());
  EXPECT_FALSE(check::judge<float>({1, std::nextafter(2.0f, 3.0f)}, {1, 2}, {}).passed());
  EXPECT_FALSE(check::judge<float>({-0.0f}, {0.0f}, {}).passed());  // different bits
}

TEST(CheckVerdict, UlpTolerance) {
  const float one_up = std::nextafter(1.0f, 2.0f);
  const float two_up = std::nextafter(one_up, 2.0f);
  EXPECT_TRUE(check::judge<float>({two_up}, {1.0f}, ulp(2)).passed());
  EXPECT_FALSE(check::judge<float>({two_up}, {1.0f}, ulp(1)).passed());
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(check::judge<float>({nan}, {1.0f}, ulp(1000000)).passed());
}

TEST(CheckVerdict, RelativeAndAbsoluteTolerance) {
  // |1.5 - 1| = 0.5 = 0.5 * |1|
  EXPECT_TRUE(check::judge<float>({1.5f}, {1.0f}, close(0.5, 0.0)).passed());
  EXPECT_FALSE(check::judge<float>({1.5f}, {1.0f}, close(0.25, 0.0)).passed());
  EXPECT_TRUE(check::judge<float>({1.5f}, {1.0f}, close(0.25, 0.25)).passed());
  EXPECT_TRUE(check::judge<float>({0.5f}, {0.0f}, close(0.0, 0.5)).passed());
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(check::judge<float>({inf}, {1.0f}, close(1e30, 1e30)).passed());
  const check::Verdict v = check::judge<float>({1, 1, 9, 9}, {1, 1, 1, 1}, close(0.0, 1.0));
  EXPECT_EQ(v.beyond, 2u);
  EXPECT_EQ(v.first_beyond, 2u);
}

TEST(CheckOptions, ParsesTolerancesAndRefusesMixes) {
  const auto exact = check::parse_check_options({"a.h5", "b.h5:/u"});
  EXPECT_EQ(exact.tolerance.kind, Tolerance::Kind::exact);
  EXPECT_EQ(exact.expected, "b.h5:/u");
  EXPECT_EQ(check::parse_check_options({"a", "b", "--tolerance-ulp", "4"}).tolerance.ulp, 4u);
  const auto c = check::parse_check_options({"--rtol=1e-6", "a", "b", "-atol", "0.5"});
  EXPECT_EQ(c.tolerance.kind, Tolerance::Kind::close);
  EXPECT_EQ(c.tolerance.rtol, 1e-6);
  EXPECT_EQ(c.tolerance.atol, 0.5);
  EXPECT_FALSE(exact.cross_precision);
  EXPECT_TRUE(check::parse_check_options({"a", "-cross-precision", "b"}).cross_precision);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"a"},
           {"a", "b", "c"},
           {"a", "b", "--tolerance-ulp", "-1"},
           {"a", "b", "--tolerance-ulp", "x"},
           {"a", "b", "--rtol", "nan"},
           {"a", "b", "--atol", "-1"},
           {"a", "b", "--tolerance-ulp", "1", "--rtol", "0.1"},
           {"a", "b", "--rtol"},
           {"a", "b", "--frobnicate"},
           {"a", "b", "--cross-precision=yes"},
       }) {
    EXPECT_THROW(check::parse_check_options(args), check::UsageError) << args.back();
  }
}

class CheckCli : public ::testing::Test {
 protected:
  TempDir dir;
  std::string a = dir / "a.h5";
  std::string b = dir / "b.h5";
  void SetUp() override {
    std::vector<float> cells(8 * 8, 1.0f);
    write_floats(b, "/u", {8, 8}, cells);
    cells[5 * 8 + 3] = 1.5f;  // (x=3, y=5)
    write_floats(a, "/u", {8, 8}, cells);
  }
  ProcessResult check(std::vector<std::string> args) {
    return run_program(STENCIL_CHECK_PATH, args);
  }
};

TEST_F(CheckCli, IdenticalStatesPass) {
  const auto r = check({b, b});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("max ULP distance   : 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PASSED (bit-identical)"), std::string::npos) << r.out;
}

TEST_F(CheckCli, ReportsTheDifferencesAndTheFirstCell) {
  const auto r = check({a, b});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  for (const char* line :
       {"max abs difference : 0.5", "max rel difference : 0.5", "max ULP distance   : 4194304",
        "differing cells    : 1 of 64", "first at (x=3, y=5): got 1.5, expected 1", "FAILED"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
}

TEST_F(CheckCli, TolerancesDecideTheExitCode) {
  EXPECT_EQ(check({a, b, "--tolerance-ulp", "4194304"}).exit_code, 0);
  EXPECT_EQ(check({a, b, "--tolerance-ulp", "4194303"}).exit_code, 1);
  EXPECT_EQ(check({a, b, "--rtol", "0.5"}).exit_code, 0);
  EXPECT_EQ(check({a, b, "--rtol", "0.4"}).exit_code, 1);
  EXPECT_EQ(check({a, b, "--atol", "0.5"}).exit_code, 0);
}

TEST_F(CheckCli, DifferentShapesAreDifferent) {
  write_floats(dir / "small.h5", "/u", {4, 4}, std::vector<float>(16, 1.0f));
  const auto r = check({a, dir / "small.h5"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("differ in shape"), std::string::npos) << r.out;
}

TEST_F(CheckCli, NotFiniteCellsAreReportedNotRefused) {
  std::vector<float> cells(8 * 8, 1.0f);
  cells[9] = std::numeric_limits<float>::quiet_NaN();
  write_floats(dir / "nan.h5", "/u", {8, 8}, cells);
  const auto r = check({dir / "nan.h5", b});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("first at (x=1, y=1): got nan"), std::string::npos) << r.out;
}

TEST_F(CheckCli, BadInputExitsTwoWithOneErrorLine) {
  write_bytes(dir / "text.h5", "not hdf5");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{a}, "expected two states"},
      {{a, dir / "missing.h5"}, "does not exist"},
      {{a, dir / "text.h5"}, "is not an HDF5 file"},
      {{a, b + ":/nope"}, "has no dataset '/nope'"},
      {{a, b, "--rtol", "x"}, "--rtol expects a finite number"},
      {{a, b, "--tolerance-ulp", "1", "--atol", "1"}, "exclude each other"},
  };
  for (const auto& [args, fragment] : cases) {
    const auto r = check(args);
    EXPECT_EQ(r.exit_code, 2) << fragment << r.err;
    EXPECT_EQ(r.err.rfind("stencil_check: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST_F(CheckCli, HelpExitsZero) {
  const auto r = check({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("usage: stencil_check"), std::string::npos);
  EXPECT_NE(r.out.find("--cross-precision"), std::string::npos) << r.out;
}

// Two float64 states are compared in float64: 1 + 2^-40 is 2^12 ULP of float64 from 1 (and the
// same float32, which a comparison through float would not see).
TEST_F(CheckCli, Float64StatesAreComparedInFloat64) {
  std::vector<double> cells(8 * 8, 1.0);
  write_doubles(dir / "b64.h5", "/u", {8, 8}, cells);
  cells[5 * 8 + 3] = 1.0 + std::ldexp(1.0, -40);
  write_doubles(dir / "a64.h5", "/u", {8, 8}, cells);
  EXPECT_EQ(check({dir / "b64.h5", dir / "b64.h5"}).exit_code, 0);
  const auto r = check({dir / "a64.h5", dir / "b64.h5"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  for (const char* line : {"8 x 8 cells, float64", "max ULP distance   : 4096 (in float64)",
                           "differing cells    : 1 of 64", "A 1.0000000000009095, B 1)"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
  EXPECT_EQ(check({dir / "a64.h5", dir / "b64.h5", "--tolerance-ulp", "4096"}).exit_code, 0);
  EXPECT_EQ(check({dir / "a64.h5", dir / "b64.h5", "--tolerance-ulp", "4095"}).exit_code, 1);
}

// A float64 state against a float32 one: refused without --cross-precision, in one line that
// names it; with it, each double is rounded once to the nearest float (1 + 2^-24 lies halfway
// between 1 and 1 + 2^-23 and goes to the even 1; 2^-40 more goes up, 1 ULP of float32 from 1).
TEST_F(CheckCli, DifferentPrecisionsOnlyWithCrossPrecision) {
  std::vector<double> cells(8 * 8, 1.0);
  cells[9] = 1.0 + std::ldexp(1.0, -24);
  cells[10] = 1.0 + std::ldexp(1.0, -24) + std::ldexp(1.0, -40);
  write_doubles(dir / "a64.h5", "/u", {8, 8}, cells);
  for (const auto& args :
       std::vector<std::vector<std::string>>{{dir / "a64.h5", b}, {b, dir / "a64.h5"}}) {
    const auto refused = check(args);
    EXPECT_EQ(refused.exit_code, 2) << refused.out;
    EXPECT_EQ(refused.err.rfind("stencil_check: error: ", 0), 0u) << refused.err;
    EXPECT_NE(refused.err.find("only with --cross-precision"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    EXPECT_TRUE(refused.out.empty()) << refused.out;
  }
  const auto r = check({dir / "a64.h5", b, "--cross-precision"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  for (const char* line :
       {"compared in        : float32 (A's float64 values rounded once to the nearest float32",
        "max ULP distance   : 1 (in float32)", "differing cells    : 1 of 64",
        "first at (x=2, y=1)"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
  EXPECT_EQ(check({b, dir / "a64.h5", "--cross-precision", "--tolerance-ulp", "1"}).exit_code, 0);
}

}  // namespace
}  // namespace stencil::test
