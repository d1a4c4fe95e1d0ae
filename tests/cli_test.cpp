// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The real binary: good runs, every kind of bad input (exit 2 with one error line), and the
// known-answer table in inputs/ (computed independently by scripts/make_known_answers.py).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "model_args.hpp"
#include "process.hpp"
#include "stencil/variants.hpp"
#include "test_backends.hpp"
#include "variant_args.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

TEST(Cli, TypicalRunPrintsAResultBlock) {
  const auto r = miniapp({"-n", "64", "-iters", "5", "-variant", "tiled", "-verify"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string field :
       {std::string("variant          : tiled"), "implementation   : " + implementations().front(),
        std::string("execution space"), std::string("grid             : 64 x 64"),
        std::string("iterations       : 5"), std::string("Gcell/s"),
        std::string("GB/s (counting 8 bytes per cell update"), std::string("checksum"),
        std::string("verification     : PASSED")}) {
    EXPECT_NE(r.out.find(field), std::string::npos) << field << "\n" << r.out;
  }
}

TEST(Cli, EveryVariantVerifiesOnEveryHostBackend) {
  for (const Backend& backend : runnable_host_backends()) {
    for (const auto& v : kVariants) {
      if (!v.implemented_by(backend.implementation))
        continue;
      std::vector<std::string> args = backend_args(backend);
      for (const std::string a : {"-n", "33", "-iters", "3", "-variant", "", "-verify", "-csv"})
        args.push_back(a.empty() ? std::string(v.name) : a);
      if (v.uses_chunks())
        args.insert(args.end(), {"-chunks", "5"});
      for (const auto& a : fuse_args(v, 3))
        args.push_back(a);
      const auto r = miniapp(args);
      ASSERT_EQ(r.exit_code, 0) << v.name << " " << backend.label() << ": " << r.err;
      EXPECT_EQ(csv_result(r.out)["verification"].rfind("PASSED", 0), 0u) << r.out;
    }
  }
}

// Every compile-time shape chosen at run time verifies and is reported in the result.
TEST(Cli, PatchAndPitchAreAppliedAndReported) {
  struct Shape {
    std::string variant, flag, value, column;
  };
  std::vector<Shape> shapes;
  for (const int p : kPatchSizes)
    shapes.push_back({"regblock", "-patch", std::to_string(p), "patch"});
  for (const int p : kTiledPitches)
    shapes.push_back({"tiled", "-pitch", std::to_string(p), "pitch"});
  for (const auto& s : shapes) {
    const auto backend = host_args_for(*find_variant(s.variant));
    if (!backend)
      continue;  // no host model of this build implements it
    std::vector<std::string> args = *backend;
    for (const std::string a : {"-n", "131", "-iters", "2", "-verify", "-csv", "-variant"})
      args.push_back(a);
    args.insert(args.end(), {s.variant, s.flag, s.value});
    const auto r = miniapp(args);
    ASSERT_EQ(r.exit_code, 0) << s.variant << " " << s.flag << " " << s.value << ": " << r.err;
    auto row = csv_result(r.out);
    EXPECT_EQ(row["verification"].rfind("PASSED", 0), 0u) << r.out;
    EXPECT_EQ(row[s.column], s.value) << r.out;
  }
  // A variant without the shape reports 0 for it.
  const auto r = miniapp({"-n", "20", "-iters", "1", "-variant", "naive", "-csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(csv_result(r.out)["patch"], "0") << r.out;
}

// One rule for every shape option: where the variant does not use it, it is refused in one line,
// never ignored (a result would look as if it had been run with it).
TEST(Cli, ShapeOptionsTheVariantDoesNotUseAreRefused) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-variant", "tiled", "-patch", "2"}, "-patch applies to -variant regblock only"},
      {{"-variant", "naive", "-patch", "4"}, "-patch applies to -variant regblock only"},
      {{"-variant", "naive", "-pitch", "32"}, "-pitch applies to -variant tiled only"},
      {{"-variant", "regblock", "-pitch", "33"}, "-pitch applies to -variant tiled only"},
      {{"-variant", "naive", "-chunks", "4"}, "-chunks applies to -variant strip, "},
      {{"-variant", "tiled", "-chunks", "4"}, "-chunks applies to -variant strip, "},
      {{"-variant", "naive1d", "-chunks", "4"}, "-chunks applies to -variant strip, "},
      {{"-variant", "naive", "-fuse", "2"}, "-fuse applies to -variant temporal only"},
  };
  for (const auto& [args, fragment] : cases) {
    std::vector<std::string> all = {"-n", "16", "-iters", "2"};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = miniapp(all);
    EXPECT_EQ(r.exit_code, 2) << fragment << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// -list-shapes (what scripts/gpu-check.sh iterates): every variant of the table at its defaults
// and at every other value of its shape option, each line a run that verifies, and the iteration
// count per step it states is what the run does.
TEST(Cli, ListShapesNamesEveryRunnableShape) {
  const auto r = miniapp({"-list-shapes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string shape;
  int dimensions = 0, per_step = 0;
  std::vector<std::string> listed;
  while (lines >> shape >> dimensions >> per_step) {
    listed.push_back(shape);
    const std::string variant = shape.substr(0, shape.find(':'));
    ASSERT_NE(find_variant(variant), nullptr) << shape;
    EXPECT_EQ(dimensions, find_variant(variant)->dimensions) << shape;
    const auto backend = host_args_for(*find_variant(variant));
    if (!backend)
      continue;  // listed, but no host model of this build implements it
    std::vector<std::string> args = {"-n",       "19",    "-iters",  std::to_string(2 * per_step),
                                     "-variant", variant, "-verify", "-csv"};
    args.insert(args.end(), backend->begin(), backend->end());
    if (shape.find(':') != std::string::npos)
      args.push_back(shape.substr(shape.find(':') + 1));
    const auto run = miniapp(args);
    ASSERT_EQ(run.exit_code, 0) << shape << ": " << run.err;
    auto row = csv_result(run.out);
    EXPECT_EQ(row["verification"].rfind("PASSED", 0), 0u) << shape << "\n" << run.out;
  }
  // Without -impl the list is the default model's: the shape values it runs.
  const std::string model = implementations().front();
  std::size_t expected = 0;
  for (const auto& v : kVariants) {
    EXPECT_NE(std::find(listed.begin(), listed.end(), std::string(v.name)), listed.end()) << v.name;
    const ShapeOptionInfo* option = shape_option(v.shape);
    if (option == nullptr)
      ++expected;
    for (std::size_t i = 0; option != nullptr && i < option->choice_count; ++i)
      expected += model_runs_shape(model, v, option->choices[i]) ? 1 : 0;
  }
  EXPECT_EQ(listed.size(), expected) << r.out;
}

// README's option table and -help (generated from the parser's own table) name the same options.
TEST(Cli, ReadmeOptionTableMatchesHelp) {
  const auto help = miniapp({"-help"});
  ASSERT_EQ(help.exit_code, 0);
  std::set<std::string> in_help;
  std::istringstream help_lines(help.out);
  for (std::string line; std::getline(help_lines, line);) {
    if (line.rfind("  -", 0) == 0)
      in_help.insert(line.substr(2, line.find(' ', 2) - 2));
  }
  std::ifstream readme(STENCIL_README_PATH);
  ASSERT_TRUE(readme) << STENCIL_README_PATH;
  std::set<std::string> in_readme;
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind("| `-", 0) != 0)
      continue;
    // "| `-csv`, `-json` | ...": every backticked option of the first cell.
    const std::string cell = line.substr(0, line.find(" |", 2));
    for (std::size_t at = cell.find("`-"); at != std::string::npos; at = cell.find("`-", at + 1)) {
      const std::size_t end = cell.find_first_of(" `", at + 1);
      in_readme.insert(cell.substr(at + 1, end - at - 1));
    }
  }
  EXPECT_FALSE(in_help.empty());
  for (const auto& option : in_help)
    EXPECT_EQ(in_readme.count(option), 1u) << option << " is in -help but not in README's table";
  for (const auto& option : in_readme)
    EXPECT_EQ(in_help.count(option), 1u) << option << " is in README's table but not in -help";
}

TEST(Cli, ListShowsVariantsAndHostSpaces) {
  const auto r = miniapp({"-list"});
  ASSERT_EQ(r.exit_code, 0);
  for (const auto& v : kVariants)
    EXPECT_NE(r.out.find(std::string(v.name)), std::string::npos);
  for (const Backend& backend : host_backends()) {
    if (!unavailable_reason(backend).empty())
      continue;  // a model this build lacks is not listed
    EXPECT_NE(r.out.find("  " + backend.implementation + "\n"), std::string::npos) << r.out;
    if (!backend.space.empty())
      EXPECT_NE(r.out.find("  " + backend.space + "\n"), std::string::npos) << r.out;
  }
}

TEST(Cli, ProgressWithEtaOnlyOnATerminal) {
  // `script` gives the binary a pseudo-terminal, so stderr is a terminal there.
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no `script` here";
  const auto backend = host_args_for(*find_variant("naive"));
  if (!backend)
    GTEST_SKIP() << "no host model of this build implements naive";
  std::string command = std::string(STENCIL_MINIAPP_PATH) + " -n 64 -iters 50 -variant naive";
  for (const auto& a : *backend)
    command += " " + a;
  const auto tty = run_program("script", {"-qec", command, "/dev/null"});
  ASSERT_EQ(tty.exit_code, 0) << tty.out << tty.err;
  EXPECT_NE(tty.out.find("ETA"), std::string::npos) << tty.out;
  std::vector<std::string> args = {"-n", "64", "-iters", "50", "-variant", "naive"};
  args.insert(args.end(), backend->begin(), backend->end());
  const auto piped = miniapp(args);
  ASSERT_EQ(piped.exit_code, 0);
  EXPECT_EQ(piped.err.find("ETA"), std::string::npos) << piped.err;
}

TEST(Cli, HelpExitsZero) {
  const auto r = miniapp({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("usage: stencil_miniapp"), std::string::npos);
}

TEST(Cli, JsonHasTheResultFields) {
  std::vector<std::string> args = {"-n", "20", "-iters", "2", "-variant", "rolling", "-json"};
  const auto backend = host_args_for(*find_variant("rolling"));
  if (!backend)
    GTEST_SKIP() << "no host model of this build implements rolling";
  args.insert(args.end(), backend->begin(), backend->end());
  const auto r = miniapp(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* key : {"\"variant\": \"rolling\"", "\"gcells_per_s\"", "\"gb_per_s\"",
                          "\"bytes_per_cell_update\": 8", "\"checksum\""}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
  }
}

// The stencil/copy ratio comes from copies interleaved with the steps: every format carries its
// median, its quartiles and the number of pairs; the pair count is the copy budget's (9 blocks of
// 4 iterations, each owing one copy), never a time.
TEST(Cli, EveryFormatCarriesTheInterleavedRatioAndItsSpread) {
  const std::vector<std::string> run = {"-n", "24", "-iters", "36", "-variant", "naive"};
  auto with = [&](const char* format) {
    std::vector<std::string> args = run;
    if (*format != '\0')
      args.push_back(format);
    const auto r = miniapp(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  const std::string text = with("");
  EXPECT_NE(text.find("; stencil/copy = "), std::string::npos) << text;
  EXPECT_NE(text.find("  ratio spread     : "), std::string::npos) << text;
  EXPECT_NE(text.find(" (interquartile of 9 step/copy pairs, interleaved)\n"), std::string::npos)
      << text;
  auto row = csv_result(with("-csv"));
  for (const char* column : {"ratio_to_copy", "ratio_q1", "ratio_q3", "ratio_noisy"})
    EXPECT_FALSE(row[column].empty()) << column;
  EXPECT_EQ(row["ratio_pairs"], "9");
  EXPECT_LE(std::stod(row["ratio_q1"]), std::stod(row["ratio_to_copy"]));
  EXPECT_LE(std::stod(row["ratio_to_copy"]), std::stod(row["ratio_q3"]));
  EXPECT_TRUE(row["ratio_noisy"] == "0" || row["ratio_noisy"] == "1") << row["ratio_noisy"];
  const std::string json = with("-json");
  for (const char* key : {"\"ratio_to_copy\": ", "\"ratio_q1\": ", "\"ratio_q3\": ",
                          "\"ratio_pairs\": 9", "\"ratio_noisy\": "}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  }
}

struct BadInput {
  std::vector<std::string> args;
  std::string message;  // a fragment the one error line must contain
};

TEST(Cli, BadInputGetsOneErrorLineAndExitTwo) {
  std::vector<BadInput> cases = {
      {{"-n", "0"}, "-n must be between 1"},
      {{"-n", "-7"}, "-n must be between 1"},
      {{"-n", "abc"}, "-n expects an integer"},
      {{"-n", "4096x"}, "-n expects an integer"},
      {{"-iters", "1.5"}, "-iters expects an integer"},
      {{"-n"}, "-n needs a value"},
      {{"-variant"}, "-variant needs a value"},
      {{"-variant", "fancy"}, "unknown variant 'fancy'"},
      {{"-impl", "opencl"}, "unknown implementation"},
      {{"--frobnicate"}, "unknown option '--frobnicate'"},
      {{"-chunks", "0"}, "-chunks must be between 1 and 65535"},
      {{"-patch", "3"}, "-patch must be one of 2, 4, got 3"},
      {{"-patch", "x"}, "-patch expects an integer"},
      {{"-patch"}, "-patch needs a value"},
      {{"-pitch", "35"}, "-pitch must be one of 32, 33, 34, got 35"},
      {{"--pitch=32.5"}, "-pitch expects an integer"},
      {{"-n", "1000000"}, "the largest N that fits is"},
      {{"-variant", "temporal", "-fuse", "4", "-iters", "6", "-profile", "sectors"},
       "-profile counts whole passes: -iters 6 is not a multiple of -fuse 4"},
      {{"-profile", "cycles"}, "unknown profile 'cycles' (choose from sectors, sass-metrics)"},
      {{"-profile", "sectors", "-verify"}, "-profile and -verify do not combine"},
  };
  // A space the model of a build that has spaces does not know.
  for (const std::string& model : implementations()) {
    if (!spaces_of(model).empty()) {
      cases.push_back({{"-impl", model, "-space", "hpx", "-n", "8"}, "execution space 'hpx'"});
      break;
    }
  }
  for (const auto& c : cases) {
    const auto r = miniapp(c.args);
    std::string joined;
    for (const auto& a : c.args)
      joined += a + " ";
    EXPECT_EQ(r.exit_code, 2) << joined << "\n" << r.err;
    EXPECT_NE(r.err.find("stencil_miniapp: error: "), std::string::npos) << joined << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << joined << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << joined;
  }
}

TEST(Cli, GridsThatCannotBeAllocatedAreRefused) {
  // 2-D N = 2048 needs three 16 MiB host grids; the machine is told it has 32 MiB available
  // (the mini-app's test hook), so the refusal is the same on any machine.
  std::vector<std::string> args = {"-n", "2048", "-iters", "1"};
  if (const auto backend = host_args_for(*find_variant("tiled")))
    args.insert(args.end(), backend->begin(), backend->end());
  const auto r = miniapp(args, "STENCIL_TEST_MEM_AVAILABLE=33554432 ");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("the largest N that fits is"), std::string::npos) << r.err;
  // With room for the grids, the same run goes ahead.
  const auto fits = miniapp(args, "STENCIL_TEST_MEM_AVAILABLE=100000000 ");
  EXPECT_EQ(fits.exit_code, 0) << fits.err;
}

// A grid no machine holds is refused before anything is allocated, in one line: what was asked,
// what it needs, what is free, and the largest N that fits in that memory.
TEST(Cli, GridLargerThanMemoryNamesTheLargestNThatFits) {
  const auto backend = host_args_for(*find_variant("naive"));
  if (!backend)
    GTEST_SKIP() << "no host backend implements naive in this build";
  {
    std::vector<std::string> args = {"-variant", "naive", "-n",     "4000000",
                                     "-iters",   "1",     "-verify"};
    args.insert(args.end(), backend->begin(), backend->end());
    const auto r = miniapp(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    // 4e6^2 cells of 4 bytes: 59604.64 GiB per grid; two grids of the stepper, and the run's
    // initial state, download and reference grid.
    EXPECT_NE(r.err.find("N = 4000000 needs 5 grids of 59604.64 GiB (298023.22 GiB) in host "
                         "memory, which has "),
              std::string::npos)
        << r.err;
    const std::string marker = "free; the largest N that fits is ";
    const std::size_t at = r.err.find(marker);
    ASSERT_NE(at, std::string::npos) << r.err;
    const long long largest = std::stoll(r.err.substr(at + marker.size()));
    EXPECT_GT(largest, 0);
    EXPECT_LT(largest, 4000000);
  }
}

// A 1-D N past an int goes through the parser to the memory check, which refuses it in one line
// naming the largest N that fits: 3 fp32 grids of a host model in 1e9 bytes (the test hook), so
// floor(1e9 / 12) cells.
TEST(Cli, OneDGridPastAnIntIsLimitedByMemoryOnly) {
  for (const char* variant : {"naive1d", "halo1d"}) {
    const auto backend = host_args_for(*find_variant(variant));
    if (!backend)
      continue;
    std::vector<std::string> args = {"-variant", variant, "-n", "2147483700", "-iters", "1"};
    args.insert(args.end(), backend->begin(), backend->end());
    const auto r = miniapp(args, "STENCIL_TEST_MEM_AVAILABLE=1000000000 ");
    EXPECT_EQ(r.exit_code, 2) << variant << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << variant << ": " << r.err;
    EXPECT_NE(r.err.find("N = 2147483700 needs 3 grids of 8.00 GiB (24.00 GiB) in host memory, "
                         "which has 0.93 GiB free; the largest N that fits is 83333333\n"),
              std::string::npos)
        << variant << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << variant;
  }
}

TEST(Cli, CudaImplWithoutAGpuFailsCleanly) {
  const auto impls = implementations();
  if (std::find(impls.begin(), impls.end(), "cuda") == impls.end()) {
    GTEST_SKIP() << "this build has no native CUDA";
  }
  const auto list = miniapp({"-list"});
  if (list.out.find("cuda device:\n  none") == std::string::npos) {
    GTEST_SKIP() << "a GPU is present; the GPU suite covers -impl cuda";
  }
  const auto r = miniapp({"-impl", "cuda", "-n", "64"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("-impl cuda: no"), std::string::npos) << r.err;
}

// What -list says of sector profiling: true where it reports CUPTI unavailable. Fails the
// calling test (gtest assertions) where -list fails or lacks the line.
void read_profiling_line(const ProcessResult& list, bool* unavailable) {
  ASSERT_EQ(list.exit_code, 0);
  const std::string marker = "sector profiling (-profile sectors):\n  ";
  const auto at = list.out.find(marker);
  ASSERT_NE(at, std::string::npos) << list.out;
  *unavailable = list.out.compare(at + marker.size(), 12, "unavailable:") == 0;
}

// Without a usable GPU (or without CUPTI in the build), -profile sectors names the cause in one
// error line and exits 2, whatever the implementation asked for.
TEST(Cli, ProfileWithoutAGpuFailsCleanly) {
  const auto list = miniapp({"-list"});
  bool unavailable = false;
  ASSERT_NO_FATAL_FAILURE(read_profiling_line(list, &unavailable));
  if (!unavailable) {
    GTEST_SKIP() << "a GPU is present; the GPU suite covers -profile sectors";
  }
  for (const std::string& impl : implementations()) {
    std::string variant;
    for (const auto& v : kVariants) {
      if (variant.empty() && v.implemented_by(impl))
        variant = v.name;
    }
    const auto r = miniapp({"-profile", "sectors", "-impl", impl, "-variant", variant, "-n", "64"});
    EXPECT_EQ(r.exit_code, 2) << impl << ": " << r.err;
    EXPECT_EQ(r.err.rfind("stencil_miniapp: error: CUPTI unavailable: ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// Likewise -profile sass-metrics, which lists the chip's SASS metrics and needs the same CUPTI.
TEST(Cli, SassMetricListWithoutAGpuFailsCleanly) {
  const auto list = miniapp({"-list"});
  bool unavailable = false;
  ASSERT_NO_FATAL_FAILURE(read_profiling_line(list, &unavailable));
  if (!unavailable) {
    GTEST_SKIP() << "a GPU is present; the GPU run lists the metrics";
  }
  const auto r = miniapp({"-profile", "sass-metrics"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("stencil_miniapp: error: CUPTI unavailable: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(Cli, KnownAnswersForEveryVariant) {
  std::ifstream table(STENCIL_INPUTS_DIR "/known_answers.csv");
  ASSERT_TRUE(table) << "missing inputs/known_answers.csv";
  std::string line;
  int rows = 0;
  while (std::getline(table, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("dimensions", 0) == 0)
      continue;
    const auto f = split_csv(line);
    ASSERT_EQ(f.size(), 5u) << line;
    const int dims = std::stoi(f[0]);
    const double expected = std::stod(f[4]);
    for (const auto& v : kVariants) {
      if (v.dimensions != dims)
        continue;
      const auto backend = host_args_for(v);
      if (!backend)
        continue;  // no host model of this build implements it
      std::vector<std::string> args = {
          "-variant", std::string(v.name), "-n", f[1], "-iters", f[2], "-seed", f[3], "-csv"};
      args.insert(args.end(), backend->begin(), backend->end());
      for (const auto& a : fuse_args(v, std::stoi(f[2])))
        args.push_back(a);
      const auto r = miniapp(args);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const double checksum = std::stod(csv_result(r.out)["checksum"]);
      ASSERT_FALSE(std::isnan(checksum)) << v.name << " " << line;
      EXPECT_NEAR(checksum, expected, 1e-12 * std::fabs(expected)) << v.name << " " << line;
    }
    ++rows;
  }
  EXPECT_GE(rows, 10);
}

}  // namespace
}  // namespace stencil::test
