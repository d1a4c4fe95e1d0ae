// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_check: compares two saved grid states (A against the reference B) and says whether they
// agree within a tolerance. Exit status: 0 within tolerance, 1 different, 2 bad input.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "check_options.hpp"
#include "io/dataset_ref.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "stencil/text_format.hpp"
#include "verdict.hpp"

namespace {

constexpr int kExitDifferent = 1;
constexpr int kExitUsage = 2;

int fail(const std::string& message) {
  std::cerr << "stencil_check: error: " << stencil::printable(message) << "\n";
  return kExitUsage;
}

std::string shape_text(const stencil::io::GridState& s) {
  const std::string n = std::to_string(s.n);
  return s.dimensions == 2 ? n + " x " + n + " cells" : n + " cells (1-D)";
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

std::string cell_text(std::size_t index, const stencil::io::GridState& s) {
  if (s.dimensions == 1)
    return "index " + std::to_string(index);
  return "(x=" + std::to_string(index % s.n) + ", y=" + std::to_string(index / s.n) + ")";
}

}  // namespace

int main(int argc, char* argv[]) {
  using namespace stencil;
  check::CheckOptions options;
  try {
    options = check::parse_check_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const check::UsageError& e) {
    return fail(std::string(e.what()) + " (see --help)");
  }
  if (options.help) {
    std::cout << check::check_help_text();
    return 0;
  }

  io::GridState a;
  io::GridState b;
  io::ReadRules rules;
  rules.allow_non_finite = true;  // a broken run's NaNs are a difference to report, not bad input
  try {
    a = io::read_grid(io::parse_dataset_ref(options.actual), rules);
    b = io::read_grid(io::parse_dataset_ref(options.expected), rules);
  } catch (const io::FileRejected& e) {
    return fail(e.what());
  } catch (const std::exception& e) {
    return fail(e.what());
  }

  const std::string a_name = io::parse_dataset_ref(options.actual).file + ":" + a.dataset;
  const std::string b_name = io::parse_dataset_ref(options.expected).file + ":" + b.dataset;
  std::cout << "stencil_check: A = " << a_name << " (iteration " << a.iteration << ", "
            << shape_text(a) << ")\n"
            << "               B = " << b_name << " (iteration " << b.iteration << ", "
            << shape_text(b) << "), the reference\n";
  if (a.dimensions != b.dimensions || a.n != b.n) {
    std::cout << "  result             : FAILED (the states differ in shape)\n";
    return kExitDifferent;
  }

  const check::Verdict verdict = check::judge(a.cells, b.cells, options.tolerance);
  const GridDifference& d = verdict.difference;
  const int width = a.dimensions == 2 ? a.n : 0;
  std::cout << "  max abs difference : " << number(d.max_abs) << "\n"
            << "  max rel difference : " << number(d.max_rel) << "\n"
            << "  max ULP distance   : " << d.max_ulp << "\n"
            << "  differing cells    : " << d.differing << " of " << d.cells << "\n"
            << "  first difference   : " << describe_first_difference(d, width) << "\n"
            << "  tolerance          : " << options.tolerance.text() << "\n";
  if (verdict.passed()) {
    std::cout << "  result             : PASSED"
              << (d.identical() ? " (bit-identical)" : " (within tolerance)") << "\n";
    return 0;
  }
  std::cout << "  result             : FAILED (" << verdict.beyond
            << " cells beyond tolerance, the first at " << cell_text(verdict.first_beyond, a)
            << ": A " << number(a.cells[verdict.first_beyond]) << ", B "
            << number(b.cells[verdict.first_beyond]) << ")\n";
  return kExitDifferent;
}
