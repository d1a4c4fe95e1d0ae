// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Command line of stencil_check: two saved states and how close they must be.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace stencil::check {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Tolerance {
  enum class Kind { exact, ulp, close };
  Kind kind = Kind::exact;  // default: bit-identical
  std::uint64_t ulp = 0;    // Kind::ulp: every cell within this many units in the last place
  double rtol = 0.0;        // Kind::close: |a - b| <= atol + rtol * |b| in every cell
  double atol = 0.0;

  std::string text() const;
};

struct CheckOptions {
  std::string actual;    // A: FILE[:DATASET]
  std::string expected;  // B: FILE[:DATASET], the reference
  Tolerance tolerance;
  // --cross-precision: a float64 state may be compared with a float32 one, its values rounded to
  // float32 first (cross_precision.hpp); without it such a pair is refused.
  bool cross_precision = false;
  bool help = false;
};

// Throws UsageError for unknown flags, bad numbers, mixed tolerance kinds or a wrong count of
// files.
CheckOptions parse_check_options(const std::vector<std::string>& args);

std::string check_help_text();

}  // namespace stencil::check
