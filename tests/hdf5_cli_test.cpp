// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The real mini-app saving and restarting: which states a run saves, that they hold the reference
// loop's values (stencil/reference.hpp, not the kernels or the io code), that a restarted run ends
// bit-identical to an uninterrupted one, the new options, and unusable -input files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "h5_fixtures.hpp"
#include "listed_backends.hpp"
#include "process.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil/utf8.hpp"
#include "stencil/variants.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

// The reference loop's state after `steps` steps from the default random field.
std::vector<float> expected_state(const char* variant, int n, int steps) {
  const VariantInfo& v = *find_variant(variant);
  return reference_run(v, n, steps, random_field(cell_count(v, n)));
}

std::vector<std::string> step_names(const std::vector<int>& steps) {
  std::vector<std::string> names;
  for (int s : steps) {
    char name[32];
    std::snprintf(name, sizeof name, "step_%06d", s);
    names.push_back(name);
  }
  return names;
}

TEST(Save, InitialEveryKthAndFinalState) {
  TempDir dir;
  const auto r =
      miniapp({"-n", "40", "-iters", "10", "-save-every", "4", "-output", dir / "run.h5", "-csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(root_links(dir / "run.h5"), step_names({0, 4, 8, 10}));
  for (int step : {0, 4, 8, 10}) {
    EXPECT_EQ(read_floats(dir / "run.h5", step_names({step})[0] + "/u"),
              expected_state("tiled", 40, step))
        << step;
  }
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"run.h5", "run.xmf"}));
  EXPECT_EQ(csv_result(r.out)["states_saved"], "4");
}

TEST(Save, WithoutSaveEveryOnlyInitialAndFinal) {
  TempDir dir;
  const auto r = miniapp(
      {"-n", "300", "-iters", "6", "-variant", "naive1d", "-output", dir / "line.h5", "-compress"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(root_links(dir / "line.h5"), step_names({0, 6}));
  EXPECT_EQ(read_floats(dir / "line.h5", "/step_000006/u"), expected_state("naive1d", 300, 6));
}

TEST(Save, ComputeAndIoTimeAreReportedApart) {
  TempDir dir;
  const auto text = miniapp({"-n", "32", "-iters", "4", "-output", dir / "a.h5"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("  time             : "), std::string::npos);
  EXPECT_NE(text.out.find("  i/o time         : "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("2 states saved to " + (dir / "a.h5")), std::string::npos) << text.out;
  const auto json = miniapp({"-n", "32", "-iters", "4", "-output", dir / "b.h5", "-json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  for (const char* key : {"\"seconds\": ", "\"io_seconds\": ", "\"states_saved\": 2"})
    EXPECT_NE(json.out.find(key), std::string::npos) << key << json.out;
  auto csv = csv_result(miniapp({"-n", "32", "-iters", "4", "-csv"}).out);
  EXPECT_EQ(csv["io_seconds"], "0.000000000");  // nothing saved, nothing timed
  EXPECT_EQ(csv["states_saved"], "0");
}

struct RestartCase {
  const char* first_variant;
  const char* second_variant;
  int n;
};

TEST(Restart, ContinuedRunIsBitIdenticalToAnUninterruptedOne) {
  for (const RestartCase& c :
       {RestartCase{"tiled", "tiled", 45}, RestartCase{"naive", "rolling", 33},
        RestartCase{"naive1d", "halo1d", 700}}) {
    // One model for all three runs: one that implements the variant the restart switches to
    // (every model that has it also has the first).
    const auto backend = listed_host_args_for(STENCIL_MINIAPP_PATH, c.second_variant);
    if (!backend)
      continue;  // no host model of this build implements it
    const auto on_backend = [&](std::vector<std::string> args) {
      args.insert(args.end(), backend->begin(), backend->end());
      return miniapp(args);
    };
    TempDir dir;
    const std::string n = std::to_string(c.n);
    ASSERT_EQ(on_backend({"-variant", c.first_variant, "-n", n, "-iters", "30", "-output",
                          dir / "whole.h5"})
                  .exit_code,
              0);
    ASSERT_EQ(on_backend({"-variant", c.first_variant, "-n", n, "-iters", "12", "-output",
                          dir / "part.h5", "-save-every", "5"})
                  .exit_code,
              0);
    const auto r = on_backend({"-variant", c.second_variant, "-input", dir / "part.h5", "-iters",
                               "18", "-output", dir / "rest.h5", "-save-every", "5", "-json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"first_step\": 12"), std::string::npos) << r.out;
    // Step numbers continue: the restarted file starts at 12 and saves the same multiples of 5.
    EXPECT_EQ(root_links(dir / "rest.h5"), step_names({12, 15, 20, 25, 30}));
    const auto whole = read_floats(dir / "whole.h5", "/step_000030/u");
    ASSERT_FALSE(whole.empty());
    EXPECT_EQ(read_floats(dir / "rest.h5", "/step_000030/u"), whole) << c.second_variant;
    EXPECT_EQ(whole, expected_state(c.first_variant, c.n, 30));
  }
}

TEST(Restart, FromANamedDatasetAndInPlace) {
  TempDir dir;
  ASSERT_EQ(miniapp({"-n", "20", "-iters", "10", "-save-every", "2", "-output", dir / "run.h5"})
                .exit_code,
            0);
  // From step 4 for 6 more steps, overwriting the file it reads from.
  const auto r = miniapp(
      {"-input", dir / "run.h5" + ":/step_000004/u", "-iters", "6", "-output", dir / "run.h5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("iterations       : 6 (steps 4 -> 10)"), std::string::npos) << r.out;
  EXPECT_EQ(root_links(dir / "run.h5"), step_names({4, 10}));
  EXPECT_EQ(read_floats(dir / "run.h5", "/step_000010/u"), expected_state("tiled", 20, 10));
}

TEST(Restart, NMustAgreeWithTheInput) {
  TempDir dir;
  ASSERT_EQ(miniapp({"-n", "20", "-iters", "1", "-output", dir / "run.h5"}).exit_code, 0);
  EXPECT_EQ(miniapp({"-input", dir / "run.h5", "-n", "20", "-iters", "1"}).exit_code, 0);
  const auto r = miniapp({"-input", dir / "run.h5", "-n", "21", "-iters", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("-n 21 disagrees with the input"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("which has N = 20"), std::string::npos) << r.err;
}

TEST(SaveOptions, BadCombinationsAreUsageErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-save-every", "5"}, "-save-every needs -output"},
      {{"-output", "x.h5", "-save-every", "0"}, "-save-every must be between 1"},
      {{"-compress"}, "-compress needs -output"},
      {{"-output", ""}, "-output needs a file name"},
      {{"-input", ""}, "-input needs a file name"},
      {{"-input", "x.h5", "-seed", "3"}, "-seed and -input exclude each other"},
  };
  for (const auto& [args, fragment] : cases) {
    const auto r = miniapp(args);
    EXPECT_EQ(r.exit_code, 2) << fragment;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
  }
}

// The bad files themselves, one per kind; io_bad_input_test covers the reader's messages in full.
TEST(BadInputFile, EachGetsOneErrorLineAndExitTwo) {
  TempDir dir;
  std::vector<float> ones(16 * 16, 1.0f);
  write_floats(dir / "good.h5", "/u", {16, 16}, ones, true);
  const std::string good = read_bytes(dir / "good.h5");
  write_bytes(dir / "text.h5", "just text\n");
  write_bytes(dir / "truncated.h5", good.substr(0, good.size() / 2));
  std::string corrupt = good;
  const auto at = corrupt.find(std::string("\x00\x00\x80\x3f\x00\x00\x80\x3f", 8));
  corrupt[at + 2] = static_cast<char>(corrupt[at + 2] ^ 0x10);
  write_bytes(dir / "corrupt.h5", corrupt);
  write_floats(dir / "line.h5", "/u", {16}, std::vector<float>(16, 1.0f));
  write_floats(dir / "wide.h5", "/u", {8, 16}, std::vector<float>(128, 1.0f));
  const hid_t half = half_float_type();
  write_dataset(dir / "half.h5", "/u", half, H5T_NATIVE_FLOAT, {8, 8}, nullptr, true);
  H5Tclose(half);
  ones[17] = std::nanf("");
  write_floats(dir / "nan.h5", "/u", {16, 16}, ones);
  ones[17] = std::numeric_limits<float>::infinity();
  write_floats(dir / "inf.h5", "/u", {16, 16}, ones);

  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir / "missing.h5", "does not exist"},
      {dir / "text.h5", "is not an HDF5 file"},
      {dir / "truncated.h5", "is truncated or corrupt"},
      {dir / "corrupt.h5", "is truncated or corrupt"},
      {dir / "good.h5:/v", "has no dataset '/v'"},
      {dir / "line.h5", "has rank 1 (N cells), but the 2-D variant 'tiled' needs rank 2"},
      {dir / "wide.h5", "is 8 x 16; a 2-D grid state must be square"},
      {dir / "half.h5", "holds 16-bit floats; a grid state is float32 or float64"},
      {dir / "nan.h5", "(first: NaN at (x=1, y=1))"},
      {dir / "inf.h5", "(first: Inf at (x=1, y=1))"},
  };
  for (const auto& [input, fragment] : cases) {
    const auto r = miniapp({"-input", input, "-iters", "1"});
    EXPECT_EQ(r.exit_code, 2) << input << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("stencil_miniapp: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << input << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "HDF5's stack leaked:\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // A 1-D variant takes the rank-1 file.
  EXPECT_EQ(miniapp({"-input", dir / "line.h5", "-variant", "naive1d", "-iters", "1"}).exit_code,
            0);
}

TEST(Readers, H5dumpReadsTheOutput) {
  if (run_program("/bin/sh", {"-c", "command -v h5dump"}).exit_code != 0)
    GTEST_SKIP() << "h5dump (Debian's hdf5-tools) is not installed";
  TempDir dir;
  ASSERT_EQ(miniapp({"-n", "8", "-iters", "2", "-output", dir / "run.h5", "-compress"}).exit_code,
            0);
  const auto r = run_program("h5dump", {"-A", dir / "run.h5"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* text : {"GROUP \"step_000002\"", "DATASET \"u\"", "H5T_IEEE_F32LE",
                           "DATASPACE  SIMPLE { ( 8, 8 ) / ( 8, 8 ) }", "ATTRIBUTE \"iteration\"",
                           "ATTRIBUTE \"coefficients\"", "(0): 0.5, 0.125"}) {
    EXPECT_NE(r.out.find(text), std::string::npos) << text;
  }
}

// Every output is valid UTF-8, whatever bytes a file or group name holds.
bool valid_utf8(const std::string& text) {
  return is_valid_utf8(text);
}

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// An XDMF sidecar is XML, which cannot hold such a name: refused before anything is written.
TEST(NonUtf8Names, AnOutputNameThatIsNotUtf8IsRefused) {
  TempDir dir;
  for (const std::string name : {"x\xff\xfe.h5",
                                 "l\xe9"
                                 "at.h5",
                                 "cut\xe2\x82.h5", "sur\xed\xa0\x80.h5"}) {
    const auto r = miniapp({"-n", "16", "-iters", "2", "-output", dir / name});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find("is not valid UTF-8"), std::string::npos) << r.err;
    EXPECT_TRUE(valid_utf8(r.err)) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_TRUE(dir.names().empty());
  // A valid UTF-8 name is a name like any other.
  const auto good = miniapp({"-n", "16", "-iters", "2", "-output",
                             dir / "l\xc3\xa9"
                                   "at.h5"});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_NE(read_bytes(dir / "l\xc3\xa9"
                             "at.xmf")
                .find("l\xc3\xa9"
                      "at.h5"),
            std::string::npos);
}

// An input path or group name with any bytes: the JSON result escapes what is no UTF-8, and the
// text result escapes control characters, as the error lines do.
TEST(NonUtf8Names, ResultsEscapeTheInputsName) {
  TempDir dir;
  const std::string latin1 = dir /
                             "l\xe9"
                             "at.h5";
  write_floats(latin1, "/u", {16, 16}, std::vector<float>(256, 1.0f));
  const auto json = miniapp({"-input", latin1, "-iters", "2", "-json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(valid_utf8(json.out)) << json.out;
  EXPECT_NE(json.out.find("l\\\\xe9at.h5"), std::string::npos) << json.out;
  const auto text = miniapp({"-input", latin1, "-iters", "2"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(valid_utf8(text.out)) << text.out;
  EXPECT_NE(text.out.find("l\\xe9at.h5"), std::string::npos) << text.out;

  const std::string groups = dir / "groups.h5";
  write_floats(groups, "/e\x1b[31m/u", {16, 16}, std::vector<float>(256, 1.0f));
  write_floats(groups, "/two\nlines/u", {16, 16}, std::vector<float>(256, 1.0f));
  for (const std::string& group : {std::string("/e\x1b[31m/u"), std::string("/two\nlines/u")}) {
    const auto r = miniapp({"-input", groups + ":" + group, "-iters", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    const auto at = r.out.find("  initial state    : ");
    ASSERT_NE(at, std::string::npos) << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_NE(line.find(group == "/two\nlines/u" ? "two\\nlines" : "e\\x1b[31m"), std::string::npos)
        << r.out;
  }
}

}  // namespace
}  // namespace stencil::test
