// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>

#include "backends.hpp"
#include "options.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

Options parse(std::vector<std::string> args) {
  return parse_options(args);
}

TEST(Options, DefaultsMatchTheTypicalCall) {
  const Options o = parse({});
  EXPECT_EQ(o.n, 4096);
  EXPECT_EQ(o.iterations, 100);
  EXPECT_EQ(o.variant, "tiled");
  EXPECT_EQ(o.implementation, implementations().front());  // the registry's first built model
  EXPECT_EQ(o.chunks, 0);                                  // the variant's default
  EXPECT_EQ(o.patch, 4);
  EXPECT_EQ(o.pitch, 33);
}

// A 1-D N past an int is parsed whole, the variant given before or after -n: memory alone limits
// it (the stepper's check). A 2-D N past an int is refused with the 2-D bound.
TEST(Options, OneDimensionalNPastAnIntIsLimitedByMemoryOnly) {
  EXPECT_EQ(parse({"-variant", "naive1d", "-n", "2147483700"}).n, 2147483700);
  EXPECT_EQ(parse({"-n", "2147483700", "-variant", "halo1d"}).n, 2147483700);
  EXPECT_EQ(parse({"-variant", "naive1d", "-n", "1099511627776"}).n, 1099511627776);
  EXPECT_EQ(parse({"-variant", "naive1d", "-n", "9223372036854775807"}).n, INT64_MAX);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"-variant", "naive", "-n", "2147483648"}, {"-n", "2147483700", "-variant", "stream"}}) {
    try {
      parse(args);
      FAIL() << args[1] << " " << args[3] << " was accepted";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("-n must be between 1 and 2147483647 for the 2-D variant"),
                std::string::npos)
          << what;
    }
  }
}

// The parser knows no memory: a 2-D N past 46340 (more than 2^31 cells) is parsed like any other,
// in one process and across ranks, and the stepper checks it against the memory it needs.
TEST(Options, GridSizeIsLimitedByMemoryNotByTheParser) {
  EXPECT_EQ(parse({"-n", "46341", "-variant", "naive"}).n, 46341);
  EXPECT_EQ(parse({"-n", "120000", "-variant", "stream"}).n, 120000);
  EXPECT_EQ(parse({"-n", "2147483647", "-variant", "naive1d"}).n, 2147483647);
  for (const char* bad : {"0", "2147483648", "99999999999999999999"}) {
    try {
      parse({"-n", bad});
      FAIL() << "-n " << bad << " was accepted";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("between 1 and "), std::string::npos) << what;
      EXPECT_NE(what.find("2147483647"), std::string::npos) << what;
      EXPECT_NE(what.find("limited by memory"), std::string::npos) << what;
    }
  }
}

TEST(Options, PatchAndPitchTakeEveryInstantiatedValue) {
  for (const int p : kPatchSizes)
    EXPECT_EQ(parse({"-variant", "regblock", "-patch", std::to_string(p)}).patch, p);
  for (const int p : kTiledPitches)
    EXPECT_EQ(parse({"--pitch=" + std::to_string(p)}).pitch, p);
  EXPECT_EQ(parse({"-variant", "regblock", "--patch", "2"}).patch, 2);
}

TEST(Options, ShortLongAndEqualsSpellings) {
  EXPECT_EQ(parse({"-n", "17"}).n, 17);
  EXPECT_EQ(parse({"--n", "18"}).n, 18);
  EXPECT_EQ(parse({"--iters=7"}).iterations, 7);
  EXPECT_EQ(parse({"--variant", "rolling", "--chunks", "3"}).chunks, 3);
  EXPECT_TRUE(parse({"--verify"}).verify);
  EXPECT_EQ(parse({"-json"}).format, OutputFormat::json);
}

TEST(Options, KokkosFlagsPassThrough) {
  if (!is_implementation("kokkos"))
    GTEST_SKIP() << not_built_reason("kokkos");
  // Kokkos 3.7 renamed --kokkos-threads to --kokkos-num-threads; this build's Kokkos reads one.
  int accepted = 0;
  for (const char* threads : {"--kokkos-num-threads=2", "--kokkos-threads=2"}) {
    try {
      parse({threads, "-n", "8", "--kokkos-disable-warnings"});
      ++accepted;
    } catch (const UsageError&) {
    }
  }
  EXPECT_EQ(accepted, 1);
}

TEST(Options, BadValuesAreUsageErrors) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"-n", "0"},
           {"-n", "-3"},
           {"-n", "abc"},
           {"-n", "12x"},
           {"-n", ""},
           {"-n", "99999999999999"},
           {"-n"},
           {"-iters", "0"},
           {"-chunks", "0"},
           {"-chunks", "65536"},
           {"-patch", "3"},
           {"-patch", "8"},
           {"-patch", "0"},
           {"-patch", "four"},
           {"-patch"},
           {"-pitch", "31"},
           {"-pitch", "35"},
           {"-pitch", "-33"},
           {"-pitch", "33.0"},
           {"-pitch", "99999999999999999999"},
           {"-variant", "bogus"},
           {"-impl", "opencl"},
           {"-bogus"},
           {"stray"},
           {"-verify=yes"},
           {"-variant", "temporal", "-fuse", "3"},
           {"-variant", "temporal", "-fuse", "4", "-iters", "10", "-profile", "sectors"},
           {"-variant", "tiled", "-fuse", "2"},
       }) {
    std::string joined;
    for (const auto& a : args)
      joined += a + " ";
    EXPECT_THROW(parse(args), UsageError) << joined;
  }
}

TEST(Options, TemporalDefaultsToTheBackendsFastestDepth) {
  const Options o = parse({"-variant", "temporal", "-iters", "8"});
  EXPECT_EQ(o.fuse, default_fuse(o.implementation, o.space));
  for (const Backend& backend : backends()) {
    const int gpu_default =
        runs_pipelined_depths(backend.implementation) ? kDefaultPipelinedFuse : kDefaultFuseOnGpu;
    EXPECT_EQ(default_fuse(backend.implementation, backend.space),
              backend.on_gpu() ? gpu_default : kDefaultFuse)
        << backend.label();
  }
  EXPECT_EQ(parse({"-variant", "temporal", "-fuse", "8", "-iters", "16"}).fuse, 8);
  // Any -iters: the remainder runs in shallower passes.
  EXPECT_EQ(parse({"-variant", "temporal", "-fuse", "8", "-iters", "100"}).fuse, 8);
}

// The pipelined depths are native CUDA's and Kokkos' only: every other model refuses them in one
// line.
TEST(Options, PipelinedDepthsAreCudaAndKokkosOnly) {
  for (const std::string& implementation : implementations()) {
    const std::vector<std::string> args{"-impl", implementation, "-variant", "temporal",
                                        "-fuse", "16",           "-iters",   "32"};
    if (deepest_fuse(implementation) >= 16)
      EXPECT_EQ(parse(args).fuse, 16) << implementation;
    else
      EXPECT_THROW(parse(args), UsageError) << implementation;
  }
  EXPECT_EQ(deepest_fuse("cuda"), 16);
  EXPECT_EQ(deepest_fuse("kokkos"), 16);
  EXPECT_EQ(deepest_fuse("openmp"), 8);
}

TEST(Options, ProfileTakesSectorsOrSassMetrics) {
  EXPECT_EQ(parse({"-profile", "sectors"}).profile, "sectors");
  EXPECT_EQ(parse({"--profile=sectors", "-impl", implementations().front()}).profile, "sectors");
  EXPECT_EQ(parse({"-profile", "sass-metrics"}).profile, "sass-metrics");
  EXPECT_TRUE(parse({}).profile.empty());
  EXPECT_THROW(parse({"-profile", "time"}), UsageError);
  EXPECT_THROW(parse({"-profile", "sass"}), UsageError);
  EXPECT_THROW(parse({"-profile"}), UsageError);
  EXPECT_THROW(parse({"-profile", "sectors", "-verify"}), UsageError);
}

TEST(Options, SavingAndRestarting) {
  const Options o = parse({"-output", "run.h5", "-save-every", "25", "-compress"});
  EXPECT_EQ(o.output, "run.h5");
  EXPECT_EQ(o.save_every, 25);
  EXPECT_TRUE(o.compress);
  EXPECT_EQ(parse({"--input=run.h5:/step_000050/u"}).input, "run.h5:/step_000050/u");
  EXPECT_FALSE(parse({"-input", "run.h5"}).n_given);
  EXPECT_TRUE(parse({"-input", "run.h5", "-n", "64"}).n_given);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"-save-every", "5"},
           {"-output", "run.h5", "-save-every", "0"},
           {"-output", "run.h5", "-save-every", "x"},
           {"-compress"},
           {"-output", ""},
           {"-output"},
           {"-input", ""},
           {"-input", "run.h5", "-seed", "1"},
       }) {
    EXPECT_THROW(parse(args), UsageError) << args[0];
  }
}

TEST(Options, HelpLinesFitTheTerminal) {
  std::istringstream lines(help_text());
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(line.size(), 100u) << line;
}

TEST(Options, LargeOneDimensionalSizesAreValid) {
  EXPECT_EQ(parse({"-variant", "naive1d", "-n", "50000"}).n, 50000);
}

TEST(Options, HelpMentionsEveryOption) {
  const std::string help = help_text();
  for (const char* name :
       {"-n ",    "-iters", "-variant", "-impl",   "-space",      "-chunks",  "-patch",
        "-pitch", "-seed",  "-profile", "-verify", "-csv",        "-json",    "-list",
        "-help",  "-fuse",  "-input",   "-output", "-save-every", "-compress"}) {
    EXPECT_NE(help.find(name), std::string::npos) << name;
  }
  if (is_implementation("kokkos"))  // a model's own flags: in -help where the model is built
    EXPECT_NE(help.find("--kokkos-"), std::string::npos);
}

TEST(Options, HelpStatesTheChoicesAndDefaults) {
  const std::string help = help_text();
  EXPECT_NE(help.find("P = 2, 4 (default 4)"), std::string::npos) << help;
  EXPECT_NE(help.find("32, 33, 34"), std::string::npos) << help;
  EXPECT_NE(help.find("(default 33)"), std::string::npos) << help;
  EXPECT_NE(help.find("regblock"), std::string::npos) << help;
  EXPECT_NE(help.find("doublebuf_async"), std::string::npos) << help;
  EXPECT_NE(help.find("sass-metrics: list the SASS metrics"), std::string::npos) << help;
}

TEST(Options, HelpCountsTheBytesOfEachPrecision) {
  const std::string help = help_text();
  const std::string counted = std::to_string(2 * sizeof(float)) + " bytes in fp32, " +
                              std::to_string(2 * sizeof(double)) + " in fp64";
  EXPECT_NE(help.find(counted), std::string::npos) << help;
}

}  // namespace
}  // namespace stencil::app
