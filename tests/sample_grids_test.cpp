// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The sample grids in inputs/: every variant, started from each sample, must reproduce the
// known-answer table written by scripts/make_sample_grids.py (an independent numpy
// implementation): the reference state bit for bit, as stencil_check judges it, and the checksum,
// each in the sample's precision (one float64 sample, run with -precision fp64).
// The sine mode must also follow its closed form, u_k = lambda^k u_0 (docs/hdf5.md).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "h5_fixtures.hpp"
#include "listed_backends.hpp"
#include "process.hpp"
#include "stencil/variants.hpp"
#include "variant_args.hpp"

namespace stencil::test {
namespace {

const std::string kInputs = STENCIL_INPUTS_DIR;

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(STENCIL_MINIAPP_PATH, args);
}

TEST(SampleGrids, EveryVariantReproducesTheKnownAnswers) {
  std::ifstream table(kInputs + "/sample_answers.csv");
  ASSERT_TRUE(table) << "missing inputs/sample_answers.csv";
  TempDir dir;
  std::string line;
  int rows = 0;
  while (std::getline(table, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("file,", 0) == 0)
      continue;
    const auto f = split_csv(line);
    ASSERT_EQ(f.size(), 7u) << line;
    const int dims = std::stoi(f[1]);
    const double expected = std::stod(f[4]);
    for (const auto& v : kVariants) {
      if (v.dimensions != dims)
        continue;
      const auto backend = listed_host_args_for(STENCIL_MINIAPP_PATH, std::string(v.name));
      if (!backend)
        continue;  // no host model of this build implements it
      const std::string out = dir / (f[0] + "." + std::string(v.name) + ".h5");
      std::vector<std::string> args = {"-input",     kInputs + "/" + f[0],
                                       "-variant",   std::string(v.name),
                                       "-iters",     f[3],
                                       "-output",    out,
                                       "-precision", f[6],
                                       "-csv"};
      if (v.uses_chunks())
        args.insert(args.end(), {"-chunks", "3"});
      for (const auto& a : fuse_args(v, std::stoi(f[3])))
        args.push_back(a);
      args.insert(args.end(), backend->begin(), backend->end());
      const auto r = miniapp(args);
      ASSERT_EQ(r.exit_code, 0) << v.name << " " << line << "\n" << r.err;
      const double checksum = std::stod(csv_result(r.out)["checksum"]);
      EXPECT_NEAR(checksum, expected, 1e-12 * std::fabs(expected)) << v.name << " " << line;
      const auto check = run_program(STENCIL_CHECK_PATH, {out, kInputs + "/" + f[5]});
      EXPECT_EQ(check.exit_code, 0) << v.name << " " << line << "\n" << check.out << check.err;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 7);
}

// u_0 = sin(pi p x/(N-1)) [sin(pi q y/(N-1))], rounded to float32 as the generator does.
struct SineMode {
  const char* file;
  const char* variant;
  int dims, n, p, q;
};

TEST(SampleGrids, SineModeDecaysByItsEigenvalue) {
  const double pi = std::acos(-1.0);
  const int steps = 100;
  for (const SineMode& m : {SineMode{"sine_mode_64.h5", "naive", 2, 64, 1, 3},
                            SineMode{"sine_mode_64.h5", "rolling", 2, 64, 1, 3},
                            SineMode{"sine_mode_1d_256.h5", "halo1d", 1, 256, 3, 0}}) {
    const auto backend = listed_host_args_for(STENCIL_MINIAPP_PATH, m.variant);
    if (!backend)
      continue;  // no host model of this build implements it
    TempDir dir;
    std::vector<std::string> args = {"-input", kInputs + "/" + m.file, "-variant", m.variant,
                                     "-iters", std::to_string(steps),  "-output",  dir / "out.h5"};
    args.insert(args.end(), backend->begin(), backend->end());
    const auto r = miniapp(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto u = read_floats(dir / "out.h5", "/step_000100/u");
    ASSERT_EQ(u.size(), m.dims == 2 ? std::size_t(m.n) * m.n : std::size_t(m.n));
    const double a = pi * m.p / (m.n - 1);
    const double b = pi * m.q / (m.n - 1);
    const double lambda =
        m.dims == 2 ? 0.5 + 0.25 * (std::cos(a) + std::cos(b)) : 0.5 + 0.5 * std::cos(a);
    const double decay = std::pow(lambda, steps);
    // The update averages with non-negative weights summing to 1, so it never enlarges an error:
    // after k steps the error is at most the k steps' rounding, a few float32 ULPs of 1 each.
    // 8 ULPs (2^-21) per step is ample, and still far below one more step's decay (~1e-3).
    const double tolerance = (steps + 1) * std::ldexp(1.0, -21);
    double worst = 0.0;
    for (std::size_t i = 0; i < u.size(); ++i) {
      const int x = static_cast<int>(m.dims == 2 ? i % m.n : i);
      const int y = static_cast<int>(m.dims == 2 ? i / m.n : 0);
      const bool border = x == 0 || x == m.n - 1 || (m.dims == 2 && (y == 0 || y == m.n - 1));
      const double u0 = border ? 0.0
                               : static_cast<float>(m.dims == 2 ? std::sin(a * x) * std::sin(b * y)
                                                                : std::sin(a * x));
      worst = std::max(worst, std::fabs(u[i] - decay * u0));
    }
    EXPECT_LT(worst, tolerance) << m.file << " " << m.variant << ": lambda " << lambda;
  }
}

}  // namespace
}  // namespace stencil::test
