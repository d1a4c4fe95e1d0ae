// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Command-line options of stencil_miniapp. Parsing is strict: every value is validated, and an
// unknown flag, a missing value or a junk number is a UsageError (exit code 2).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mpi/decomposition.hpp"
#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class OutputFormat { text, csv, json };

struct Options {
  // 64-bit: a 1-D variant's N is limited by memory only; a 2-D variant's is at most kMaxN2d,
  // checked once the variant is known
  std::int64_t n = 4096;
  bool n_given = false;  // -n on the command line (with -input it must match the file's N)
  int iterations = 100;
  Precision precision = kDefaultPrecision;  // -precision; with -input, the file's unless given
  bool precision_given = false;
  std::string variant = "tiled";
  const VariantInfo* variant_info = &info(Variant::tiled);  // the row of `variant`, found once
  std::string implementation;      // -impl; parse_options starts at the build's first model
  std::string space;               // the model's execution space; empty = its default
  int chunks = 0;                  // 0: the variant's default
  int fuse = 0;                    // temporal: iterations fused per pass; 0: default_fuse()
  int patch = kDefaultPatch;       // regblock: p x p outputs per thread
  int pitch = kDefaultTiledPitch;  // tiled: row pitch of the transposed shared tile
  bool patch_given = false;        // -patch on the command line (refused where it does not apply)
  bool pitch_given = false;        // -pitch likewise
  std::uint64_t seed = 0;          // set to stencil::kDefaultSeed by the parser's defaults
  bool seed_given = false;
  std::string input;      // "file.h5" or "file.h5:/dataset": initial state from a saved file
  std::string output;     // HDF5 file for saved states (plus its .xmf sidecar); empty: none
  int save_every = 0;     // with output: also save every K-th iteration; 0: initial + final only
  bool compress = false;  // with output: gzip the saved states
  bool verify = false;
  std::optional<mpi::ProcessGrid> decomp;  // -decomp RxC; unset: MPI_Dims_create's choice
  std::string halo = "mpi";                // -halo mpi|nccl
  bool overlap = true;                     // -overlap on|off
  // "sectors": count sectors and shared memory with CUPTI instead of a plain run;
  // "sass-metrics": list the SASS metrics of the GPU's chip; "" = off
  std::string profile;
  bool list = false;
  bool list_shapes = false;
  bool list_models = false;
  bool help = false;
  OutputFormat format = OutputFormat::text;
  bool progress = true;  // shown only when stderr is a terminal
};

// Parses argv (without argv[0]). A model's own arguments (e.g. --kokkos-*) are checked and left
// for the model. The grid size is checked against memory later, by the stepper, once the model
// and its memory are known.
Options parse_options(const std::vector<std::string>& args);

// The text of --help, generated from the same option table the parser uses.
std::string help_text();

}  // namespace stencil::app
