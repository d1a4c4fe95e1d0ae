// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_check: compares two saved grid states (A against the reference B) and says whether they
// agree within a tolerance. Exit status: 0 within tolerance, 1 different, 2 bad input. States of
// different precisions are compared only under --cross-precision, in float32
// (cross_precision.hpp).
#include <cstdio>
#include <iostream>
#include <sstream>

#include "check_options.hpp"
#include "cross_precision.hpp"
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
  const std::string type(stencil::element_type_name(s.cells.precision()));
  return (s.dimensions == 2 ? n + " x " + n + " cells" : n + " cells (1-D)") + ", " + type;
}

// `digits` significant digits: 9 name a float32 exactly, 17 a float64.
std::string number(double value, int digits = 9) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  return text;
}

double value_at(const stencil::Cells& cells, std::size_t index) {
  return cells.visit([&](const auto& values) { return static_cast<double>(values[index]); });
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
  const Precision a_precision = a.cells.precision();
  const Precision b_precision = b.cells.precision();
  if (a_precision != b_precision && !options.cross_precision) {
    return fail("A (" + a_name + ") is " + std::string(element_type_name(a_precision)) +
                " and B (" + b_name + ") is " + std::string(element_type_name(b_precision)) +
                "; states of different precisions are compared only with --cross-precision "
                "(in float32, the float64 values rounded once)");
  }
  std::cout << "stencil_check: A = " << a_name << " (iteration " << a.iteration << ", "
            << shape_text(a) << ")\n"
            << "               B = " << b_name << " (iteration " << b.iteration << ", "
            << shape_text(b) << "), the reference\n";
  if (a.dimensions != b.dimensions || a.n != b.n) {
    std::cout << "  result             : FAILED (the states differ in shape)\n";
    return kExitDifferent;
  }

  if (a_precision != b_precision) {
    const char* finer = a_precision == Precision::fp64 ? "A" : "B";
    io::GridState& fine = a_precision == Precision::fp64 ? a : b;
    fine.cells = check::rounded_to_float32(fine.cells);
    std::cout << "  compared in        : float32 (" << finer
              << "'s float64 values rounded once to the nearest float32: --cross-precision)\n";
  }
  const check::Verdict verdict = check::judge(a.cells, b.cells, options.tolerance);
  const GridDifference& d = verdict.difference;
  const Precision compared = a.cells.precision();
  const int value_digits = compared == Precision::fp64 ? 17 : 9;
  const int width = a.dimensions == 2 ? a.n : 0;
  std::cout << "  max abs difference : " << number(d.max_abs) << "\n"
            << "  max rel difference : " << number(d.max_rel) << "\n"
            << "  max ULP distance   : " << d.max_ulp << " (in " << element_type_name(compared)
            << ")\n"
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
            << ": A " << number(value_at(a.cells, verdict.first_beyond), value_digits) << ", B "
            << number(value_at(b.cells, verdict.first_beyond), value_digits) << ")\n";
  return kExitDifferent;
}
