#include <gtest/gtest.h>

#include "options.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

Options parse(std::vector<std::string> args) { return parse_options(args); }

TEST(Options, DefaultsMatchTheTypicalCall) {
  const Options o = parse({});
  EXPECT_EQ(o.n, 4096);
  EXPECT_EQ(o.iterations, 100);
  EXPECT_EQ(o.variant, "tiled");
  EXPECT_EQ(o.implementation, "kokkos");
  EXPECT_EQ(o.chunks, 16);
  EXPECT_EQ(o.patch, 4);
  EXPECT_EQ(o.pitch, 33);
}

TEST(Options, PatchAndPitchTakeEveryInstantiatedValue) {
  for (const int p : kPatchSizes)
    EXPECT_EQ(parse({"-variant", "regblock", "-patch", std::to_string(p)}).patch, p);
  for (const int p : kTiledPitches)
    EXPECT_EQ(parse({"--pitch=" + std::to_string(p)}).pitch, p);
  EXPECT_EQ(parse({"--patch", "2"}).patch, 2);
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
  EXPECT_NO_THROW(parse({"--kokkos-threads=2", "-n", "8", "--kokkos-disable-warnings"}));
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
           {"-n", "50000"},  // 2-D N*N beyond a 32-bit index
       }) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_THROW(parse(args), UsageError) << joined;
  }
}

TEST(Options, LargeOneDimensionalSizesAreValid) {
  EXPECT_EQ(parse({"-variant", "naive1d", "-n", "50000"}).n, 50000);
}

TEST(Options, HelpMentionsEveryOption) {
  const std::string help = help_text();
  for (const char* name : {"-n ", "-iters", "-variant", "-impl", "-space", "-chunks", "-patch",
                           "-pitch", "-seed", "-verify", "-csv", "-json", "-list", "-help",
                           "--kokkos-"}) {
    EXPECT_NE(help.find(name), std::string::npos) << name;
  }
}

TEST(Options, HelpStatesTheChoicesAndDefaults) {
  const std::string help = help_text();
  EXPECT_NE(help.find("P = 2, 4 (default 4)"), std::string::npos) << help;
  EXPECT_NE(help.find("32, 33, 34"), std::string::npos) << help;
  EXPECT_NE(help.find("(default 33)"), std::string::npos) << help;
  EXPECT_NE(help.find("regblock"), std::string::npos) << help;
  EXPECT_NE(help.find("doublebuf_async"), std::string::npos) << help;
}

}  // namespace
}  // namespace stencil::app
