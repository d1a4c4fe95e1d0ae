// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "check_options.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace stencil::check {
namespace {

std::uint64_t parse_count(const std::string& flag, const std::string& text) {
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
    throw UsageError(flag + " expects a whole number >= 0, got '" + text + "'");
  return value;
}

double parse_nonnegative(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) || value < 0)
    throw UsageError(flag + " expects a finite number >= 0, got '" + text + "'");
  return value;
}

}  // namespace

std::string Tolerance::text() const {
  std::ostringstream out;
  out.precision(6);
  switch (kind) {
    case Kind::exact:
      return "exact (bit-identical)";
    case Kind::ulp:
      out << "within " << ulp << " ULP per cell";
      return out.str();
    case Kind::close:
      out << "|A - B| <= " << atol << " + " << rtol << " * |B| per cell";
      return out.str();
  }
  return "";
}

CheckOptions parse_check_options(const std::vector<std::string>& args) {
  CheckOptions options;
  std::vector<std::string> files;
  bool ulp_given = false;
  bool close_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 2 || arg[0] != '-') {
      files.push_back(arg);
      continue;
    }
    std::string name = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string value;
    bool has_value = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (name == "help" || name == "h") {
      options.help = true;
      continue;
    }
    if (name == "cross-precision") {
      if (has_value)
        throw UsageError("--cross-precision takes no value");
      options.cross_precision = true;
      continue;
    }
    if (name != "tolerance-ulp" && name != "rtol" && name != "atol")
      throw UsageError("unknown option '" + arg + "'");
    const std::string flag = "--" + name;
    if (!has_value) {
      if (i + 1 >= args.size())
        throw UsageError(flag + " needs a value");
      value = args[++i];
    }
    if (name == "tolerance-ulp") {
      options.tolerance.ulp = parse_count(flag, value);
      ulp_given = true;
    } else if (name == "rtol") {
      options.tolerance.rtol = parse_nonnegative(flag, value);
      close_given = true;
    } else {
      options.tolerance.atol = parse_nonnegative(flag, value);
      close_given = true;
    }
  }
  if (options.help)
    return options;
  if (ulp_given && close_given)
    throw UsageError("--tolerance-ulp and --rtol/--atol exclude each other: choose one tolerance");
  if (ulp_given)
    options.tolerance.kind = Tolerance::Kind::ulp;
  if (close_given)
    options.tolerance.kind = Tolerance::Kind::close;
  if (files.size() != 2) {
    throw UsageError("expected two states to compare (A.h5[:DATASET] B.h5[:DATASET]), got " +
                     std::to_string(files.size()));
  }
  options.actual = files[0];
  options.expected = files[1];
  return options;
}

std::string check_help_text() {
  return "usage: stencil_check A.h5[:DATASET] B.h5[:DATASET] [--tolerance-ulp K | --rtol X "
         "--atol Y] [--cross-precision]\n\n"
         "Compares two grid states saved by stencil_miniapp (or the samples in inputs/), cell by\n"
         "cell, B being the reference. Without DATASET a file's last /step_*/u is read (else /u).\n"
         "Reports the max absolute, relative and ULP differences and the first differing cell.\n"
         "Each state is read in its own precision (float32 or float64): two states of one\n"
         "precision are compared in it (bit for bit, ULP of that type).\n\n"
         "options (each also as -name and --name=value):\n"
         "  --tolerance-ulp K   pass when every cell is within K units in the last place\n"
         "  --rtol X            pass when |A - B| <= atol + X * |B| in every cell (default 0)\n"
         "  --atol Y            absolute part of that test (default 0)\n"
         "  --cross-precision   compare a float64 state with a float32 one, in float32: each\n"
         "                      float64 value is rounded once to the nearest float32 (ties to\n"
         "                      even; past float32's range it becomes Inf), then every figure and\n"
         "                      tolerance is taken between float32 values (ULP of float32).\n"
         "                      Without it, states of different precisions are refused (exit 2)\n"
         "  --help              show this help\n"
         "Default tolerance: exact (every cell bit-identical). NaN or Inf cells pass only when\n"
         "bit-identical (or NaN against NaN under --tolerance-ulp).\n\n"
         "Exit status: 0 within tolerance, 1 different (values or shape), 2 bad input.\n";
}

}  // namespace stencil::check
