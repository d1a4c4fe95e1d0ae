// Command-line options of stencil_miniapp. Parsing is strict: every value is validated, and an
// unknown flag, a missing value or a junk number is a UsageError (exit code 2).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "stencil/variants.hpp"

namespace stencil::app {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class OutputFormat { text, csv, json };

struct Options {
  int n = 4096;
  int iterations = 100;
  std::string variant = "tiled";
  std::string implementation = "kokkos";
  std::string space;  // Kokkos execution space; empty = Kokkos' default
  int chunks = 16;
  int patch = kDefaultPatch;       // regblock: p x p outputs per thread
  int pitch = kDefaultTiledPitch;  // tiled: row pitch of the transposed shared tile
  std::uint64_t seed = 0;          // set to stencil::kDefaultSeed by the parser's defaults
  bool verify = false;
  bool list = false;
  bool help = false;
  OutputFormat format = OutputFormat::text;
  bool progress = true;  // shown only when stderr is a terminal
};

// Parses argv (without argv[0]). Arguments starting with --kokkos- are left for Kokkos.
Options parse_options(const std::vector<std::string>& args);

// The text of --help, generated from the same option table the parser uses.
std::string help_text();

}  // namespace stencil::app
