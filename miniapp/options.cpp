// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "options.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cstdint>
#include <functional>
#include <sstream>
#include <utility>

#include "backends.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/models.hpp"
#include "stencil/precision.hpp"
#include "stencil/run_config.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

template <class Integer>
Integer parse_integer(const std::string& flag, const std::string& text, Integer lo, Integer hi,
                      const std::string& range_note = "") {
  Integer value{};
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end) {
    throw UsageError(flag + " expects an integer, got '" + text + "'");
  }
  if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
    throw UsageError(flag + " must be between " + std::to_string(lo) + " and " +
                     std::to_string(hi) + (range_note.empty() ? "" : " (" + range_note + ")") +
                     ", got " + text);
  }
  return value;
}

std::string non_empty(const std::string& flag, const std::string& value) {
  if (value.empty())
    throw UsageError(flag + " needs a file name");
  return value;
}

template <std::size_t kCount>
std::string choice_list(const std::array<int, kCount>& choices) {
  std::string out;
  for (const int choice : choices)
    out += (out.empty() ? "" : ", ") + std::to_string(choice);
  return out;
}

// A value from a fixed set of compile-time instantiations (e.g. -patch 2|4).
template <std::size_t kCount>
int parse_choice(const std::string& flag, const std::string& text,
                 const std::array<int, kCount>& choices) {
  const long long value = parse_integer<long long>(flag, text, LLONG_MIN, LLONG_MAX);
  for (const int choice : choices) {
    if (value == choice)
      return choice;
  }
  throw UsageError(flag + " must be one of " + choice_list(choices) + ", got " + text);
}

struct OptionSpec {
  std::string name;   // without dashes
  std::string value;  // metavariable; empty for a switch
  std::string help;
  std::function<void(Options&, const std::string& flag, const std::string& value)> apply;
};

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const auto& item : items)
    out += (out.empty() ? "" : separator) + item;
  return out;
}

// Names of the variants that pass `keep`, e.g. those with row chunks.
template <class Keep>
std::string variant_names(Keep keep) {
  std::vector<std::string> names;
  for (const auto& v : kVariants) {
    if (keep(v))
      names.emplace_back(v.name);
  }
  return joined(names, ", ");
}
std::string variant_names() {
  return variant_names([](const VariantInfo&) { return true; });
}

// Names of the models whose pipelined kernels run the deepest -fuse depths.
std::string pipelined_models() {
  std::vector<std::string> names;
  for (const ModelInfo& model : kModels) {
    if (runs_pipelined_depths(model.name))
      names.emplace_back(model.name);
  }
  return joined(names, ", ");
}
std::string variants_with(ShapeOption option) {
  return variant_names([option](const VariantInfo& v) { return v.uses_shape(option); });
}
std::string variants_with(ChunkPolicy policy) {
  return variant_names([policy](const VariantInfo& v) { return v.chunks == policy; });
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = {
      {"n", "N",
       "grid size: N x N cells for 2-D variants, N cells for 1-D (default 4096; with -input, "
       "the file's N, and -n must agree). The largest N is what the memory holds: the GPU's "
       "for a GPU model (two grids), the host's for a host model (three grids, five with "
       "-verify); the host also keeps one grid of a GPU run (three with -verify). Too large is "
       "refused before anything is allocated, naming the largest N that fits. A 2-D variant's "
       "N is also at most 2147483647 (its kernels index a row in an int)",
       [](Options& o, const std::string& f, const std::string& v) {
         // 64-bit: a 1-D N is limited by memory only; the 2-D bound is checked once the variant
         // (given before or after -n) is known.
         std::int64_t value = 0;
         const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
         if (v.empty() || ec == std::errc::invalid_argument || ptr != v.data() + v.size())
           throw UsageError(f + " expects an integer, got '" + v + "'");
         if (ec == std::errc::result_out_of_range || value < 1) {
           throw UsageError(f + " must be between 1 and " + std::to_string(INT64_MAX) +
                            " (2147483647 for a 2-D variant; a grid's size is further limited "
                            "by memory), got " +
                            v);
         }
         o.n = value;
         o.n_given = true;
       }},
      {"precision", "fp32|fp64",
       "the grids' element type: fp32 (float, the default) or fp64 (double); every model, "
       "variant and file exists in both. With -input the default is the file's precision; an "
       "fp32 input widens exactly to fp64, an fp64 input in an fp32 run is refused (it would "
       "round every cell)",
       [](Options& o, const std::string& f, const std::string& v) {
         const std::optional<Precision> precision = parse_precision(v);
         if (!precision)
           throw UsageError(f + " expects fp32 or fp64, got '" + v + "'");
         o.precision = *precision;
         o.precision_given = true;
       }},
      {"iters", "K", "iterations (default 100)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.iterations = parse_integer<int>(f, v, 1, INT_MAX);
       }},
      {"variant", "NAME", "stencil variant: " + variant_names() + " (default tiled)",
       [](Options& o, const std::string& f, const std::string& v) {
         const VariantInfo* found = find_variant(v);
         if (!found) {
           throw UsageError(f + ": unknown variant '" + v + "' (choose from " + variant_names() +
                            ")");
         }
         o.variant = v;
         o.variant_info = found;
       }},
      {"impl", "NAME",
       "programming model: " + joined(implementations(), ", ") + " (default " +
           implementations().front() + "; docs/design.md describes each)",
       [](Options& o, const std::string& f, const std::string& v) {
         if (const std::string reason = not_built_reason(v); !reason.empty())
           throw UsageError(f + " " + v + ": " + reason);
         if (!is_implementation(v)) {
           throw UsageError(f + ": unknown implementation '" + v + "' (choose from " +
                            joined(implementations(), ", ") + ")");
         }
         o.implementation = v;
       }},
      {"space", "NAME", "execution space of a model that has them (see -list; default: its first)",
       [](Options& o, const std::string& f, const std::string& v) {
         if (v.empty())
           throw UsageError(f + " needs a name (-list shows them)");
         o.space = v;
       }},
      {"chunks", "C",
       "row chunks for " + variants_with(ChunkPolicy::fixed) + " (default " +
           std::to_string(kDefaultChunks) + ") and " + variants_with(ChunkPolicy::tuned) +
           " (default: enough to fill the device), 1..65535; chunk height = ceil(N / C)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.chunks = parse_integer<int>(f, v, 1, 65535);
       }},
      {"fuse", "K",
       variants_with(ShapeOption::fuse) +
           ": iterations fused into one pass, K = " + choice_list(kAllFuseDepths) + " (" +
           std::to_string(kAllFuseDepths.back()) + ": -impl " + pipelined_models() +
           " only; default where the grids are on a GPU: " + std::to_string(kDefaultPipelinedFuse) +
           " with those, " + std::to_string(kDefaultFuseOnGpu) + " with the others; " +
           std::to_string(kDefaultFuse) +
           " on a CPU); a remainder of -iters runs in shallower passes",
       [](Options& o, const std::string& f, const std::string& v) {
         o.fuse = parse_choice(f, v, kAllFuseDepths);
       }},
      {"patch", "P",
       variants_with(ShapeOption::patch) + ": each thread computes a P x P patch of outputs, P = " +
           choice_list(kPatchSizes) + " (default " + std::to_string(kDefaultPatch) + ")",
       [](Options& o, const std::string& f, const std::string& v) {
         o.patch = parse_choice(f, v, kPatchSizes);
         o.patch_given = true;
       }},
      {"pitch", "P",
       variants_with(ShapeOption::pitch) + ": row pitch of the transposed shared tile, P = " +
           choice_list(kTiledPitches) + " (default " + std::to_string(kDefaultTiledPitch) +
           "); a warp's bank conflicts: 32-way, none, 2-way",
       [](Options& o, const std::string& f, const std::string& v) {
         o.pitch = parse_choice(f, v, kTiledPitches);
         o.pitch_given = true;
       }},
      {"seed", "S", "seed of the random initial field (default 20261130; not with -input)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.seed = parse_integer<std::uint64_t>(f, v, 0, UINT64_MAX);
         o.seed_given = true;
       }},
      {"profile", "KIND",
       "sectors: global-memory sectors, shared-memory accesses and bank conflicts per kernel "
       "(CUPTI), registers, occupancy, time; sass-metrics: list the SASS metrics CUPTI offers on "
       "this GPU, one name per line",
       [](Options& o, const std::string& f, const std::string& v) {
         if (v != "sectors" && v != "sass-metrics") {
           throw UsageError(f + ": unknown profile '" + v +
                            "' (choose from sectors, sass-metrics)");
         }
         o.profile = v;
       }},
      {"input", "FILE[:DATASET]",
       "start from a saved state instead of the random field: DATASET, or by default the last "
       "/step_*/u (else /u) of FILE; it sets N, and step numbers continue from its iteration. "
       "A bare FILE that is no file here names a sample input (-list shows their folder)",
       [](Options& o, const std::string& f, const std::string& v) { o.input = non_empty(f, v); }},
      {"output", "FILE",
       "save the initial and the final state to HDF5 FILE as /step_XXXXXX/u, with an XDMF "
       "sidecar (run.h5 -> run.xmf) for ParaView; FILE is replaced only when the run succeeds",
       [](Options& o, const std::string& f, const std::string& v) { o.output = non_empty(f, v); }},
      {"save-every", "K", "with -output: also save every iteration that is a multiple of K",
       [](Options& o, const std::string& f, const std::string& v) {
         o.save_every = parse_integer<int>(f, v, 1, INT_MAX);
       }},
      {"compress", "", "with -output: gzip the saved states (shuffle + deflate)",
       [](Options& o, const std::string&, const std::string&) { o.compress = true; }},
      {"verify", "", "compare the final grid bit for bit with the plain reference loop",
       [](Options& o, const std::string&, const std::string&) { o.verify = true; }},
      {"decomp", "RxC",
       "under mpirun: arrange the ranks as R rank rows x C rank columns (R*C = mpirun's -np; "
       "default: as square as MPI_Dims_create makes it, the longer side along y)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.decomp = mpi::parse_process_grid(v);
         if (!o.decomp)
           throw UsageError(f + " expects RxC with R, C >= 1 (e.g. 2x2), got '" + v + "'");
       }},
      {"halo", "mpi|nccl",
       "under mpirun: how halos travel: mpi (default; packed on the device or host, staged "
       "through page-locked host buffers, any implementation) or nccl (device to device through "
       "NCCL, GPU steppers with one GPU per rank)",
       [](Options& o, const std::string& f, const std::string& v) {
         if (v != "mpi" && v != "nccl")
           throw UsageError(f + " expects mpi or nccl, got '" + v + "'");
         o.halo = v;
       }},
      {"overlap", "on|off",
       "under mpirun: on (default) sends the halos of the next step before each step, computed "
       "ahead from the current state, so the step runs while they travel; off exchanges, then "
       "steps. Fused temporal steps always exchange first",
       [](Options& o, const std::string& f, const std::string& v) {
         if (v != "on" && v != "off")
           throw UsageError(f + " expects on or off, got '" + v + "'");
         o.overlap = v == "on";
       }},
      {"csv", "",
       "print one CSV header line and one result line instead of the text block "
       "(docs/results.md)",
       [](Options& o, const std::string&, const std::string&) { o.format = OutputFormat::csv; }},
      {"json", "",
       "print the result as one JSON object instead of the text block "
       "(docs/result.schema.json)",
       [](Options& o, const std::string&, const std::string&) { o.format = OutputFormat::json; }},
      {"no-progress", "", "never show the progress line (it appears only on a terminal)",
       [](Options& o, const std::string&, const std::string&) { o.progress = false; }},
      {"list", "",
       "list variants, implementations and the execution spaces of this build, and the folders "
       "of the sample inputs and Kokkos Tools",
       [](Options& o, const std::string&, const std::string&) { o.list = true; }},
      {"list-models", "",
       "list every backend of this build for scripts, one per line: LABEL MODEL SPACE MEMORY "
       "VARIANTS... (SPACE - where the model has none; MEMORY host or cuda)",
       [](Options& o, const std::string&, const std::string&) { o.list_models = true; }},
      {"list-shapes", "",
       "print every variant with each value of its shape option, for scripts: one line each, "
       "VARIANT[:-OPTION=VALUE] DIMENSIONS ITERATIONS_PER_STEP (the defaults first, bare; "
       "-fuse's default is that of the -impl and -space given)",
       [](Options& o, const std::string&, const std::string&) { o.list_shapes = true; }},
      {"help", "", "show this help",
       [](Options& o, const std::string&, const std::string&) { o.help = true; }},
  };
  return table;
}

const OptionSpec* find_option(const std::string& name) {
  for (const auto& spec : option_table()) {
    if (spec.name == name)
      return &spec;
  }
  return nullptr;
}

constexpr std::size_t kHelpIndent = 20;
constexpr std::size_t kHelpWidth = 100;

// Breaks an option's help text at spaces so that no line passes kHelpWidth columns.
std::string wrapped(const std::string& text) {
  std::string out;
  std::size_t column = kHelpIndent;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos)
      end = text.size();
    const std::string word = text.substr(start, end - start);
    if (column > kHelpIndent && column + 1 + word.size() > kHelpWidth) {
      out += "\n" + std::string(kHelpIndent, ' ');
      column = kHelpIndent;
    } else if (column > kHelpIndent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    start = end + 1;
  }
  return out;
}

}  // namespace

Options parse_options(const std::vector<std::string>& args) {
  Options options;
  options.seed = kDefaultSeed;
  options.implementation = implementations().front();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    try {
      if (is_model_argument(arg))
        continue;  // a model's own flag passes through to it, checked
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (arg == "-h") {
      options.help = true;
      continue;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      throw UsageError("unexpected argument '" + arg + "'");
    }
    // Accept -name, --name, and --name=value / -name=value.
    std::string name = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string inline_value;
    bool has_inline_value = false;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_inline_value = true;
    }
    const OptionSpec* spec = find_option(name);
    if (!spec)
      throw UsageError("unknown option '" + arg + "'");
    const std::string flag = "-" + spec->name;
    if (spec->value.empty()) {
      if (has_inline_value)
        throw UsageError(flag + " takes no value");
      spec->apply(options, flag, "");
      continue;
    }
    std::string value;
    if (has_inline_value) {
      value = inline_value;
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw UsageError(flag + " needs a value (" + spec->value + ")");
    }
    spec->apply(options, flag, value);
  }

  if (options.save_every > 0 && options.output.empty())
    throw UsageError("-save-every needs -output FILE (where to save)");
  if (options.compress && options.output.empty())
    throw UsageError("-compress needs -output FILE (what to compress)");
  if (options.seed_given && !options.input.empty())
    throw UsageError("-seed and -input exclude each other: the input file is the initial state");

  // Before the model runtimes start, so that the one line is not preceded by what a runtime
  // prints then (Kokkos' thread-binding warning, for one).
  const std::vector<std::string> spaces = spaces_of(options.implementation);
  if (!options.space.empty() && !spaces.empty() &&
      std::find(spaces.begin(), spaces.end(), options.space) == spaces.end()) {
    std::string known;
    for (const auto& name : spaces)
      known += (known.empty() ? "" : ", ") + name;
    throw UsageError("-impl " + options.implementation + " has no execution space '" +
                     options.space + "' in this build (its spaces: " + known + ")");
  }
  if (!options.profile.empty() && options.verify) {
    throw UsageError(
        "-profile and -verify do not combine: a profile run reports counts, not a "
        "final grid");
  }
  if (options.variant_info->dimensions == 2 && options.n > kMaxN2d) {
    throw UsageError("-n must be between 1 and " + std::to_string(kMaxN2d) +
                     " for the 2-D variant " + options.variant +
                     " (a grid's size is further limited by memory), got " +
                     std::to_string(options.n));
  }
  // One rule for every shape option: one the variant does not use is refused, not ignored, so
  // that no result looks as if it had been run with it.
  const VariantInfo& variant = *options.variant_info;
  for (const auto& [given, option] : {std::pair{options.fuse != 0, ShapeOption::fuse},
                                      std::pair{options.patch_given, ShapeOption::patch},
                                      std::pair{options.pitch_given, ShapeOption::pitch}}) {
    if (given && !variant.uses_shape(option)) {
      throw UsageError("-" + std::string(shape_option(option)->flag) + " applies to -variant " +
                       variants_with(option) + " only");
    }
  }
  if (options.chunks != 0 && !variant.uses_chunks()) {
    throw UsageError("-chunks applies to -variant " +
                     variant_names([](const VariantInfo& v) { return v.uses_chunks(); }) + " only");
  }
  if (variant.uses_shape(ShapeOption::fuse)) {
    if (options.fuse == 0)
      options.fuse = default_fuse(options.implementation, options.space);
    if (options.fuse > deepest_fuse(options.implementation)) {
      throw UsageError("-fuse " + std::to_string(options.fuse) + ": -impl " +
                       options.implementation + " runs temporal passes of at most " +
                       std::to_string(deepest_fuse(options.implementation)) +
                       " iterations (deeper passes are the pipelined kernels of -impl " +
                       pipelined_models() + ")");
    }
    // A profile counts launches of one kernel, so it runs whole passes of one depth.
    if (!options.profile.empty() && options.iterations % options.fuse != 0) {
      throw UsageError("-profile counts whole passes: -iters " +
                       std::to_string(options.iterations) + " is not a multiple of -fuse " +
                       std::to_string(options.fuse));
    }
  }
  return options;
}

std::string help_text() {
  std::ostringstream out;
  out << "usage: stencil_miniapp [options] [a model's own flags]\n\n"
         "Iterates a Jacobi-like stencil and reports time, Gcell/s, GB/s and a checksum.\n"
         "  2-D: out = 0.5*c + 0.125*(left + right + up + down); border cells copied.\n"
         "  1-D: out = 0.25*left + 0.5*c + 0.25*right; end cells copied.\n"
         "GB/s counts one read and one write of a cell per update: 8 bytes in fp32, 16 in fp64.\n\n"
         "options (each also as --name, and --name=value):\n";
  for (const auto& spec : option_table()) {
    std::string left = "  -" + spec.name + (spec.value.empty() ? "" : " " + spec.value);
    if (left.size() < kHelpIndent)
      left.resize(kHelpIndent, ' ');
    else
      left += "\n" + std::string(kHelpIndent, ' ');
    out << left << wrapped(spec.help) << "\n";
  }
  out << "\n-profile sectors runs -iters launches twice on a CUDA GPU (a model, or a model's\n"
         "-space, whose grids are in CUDA device memory): timed with CUDA events, then counted in\n"
         "one CUPTI scope for sectors and shared memory together (docs/sectors.md).\n";
  for (const std::string& text : model_argument_help())
    out << "\n" << text << "\n";
  out << "Exit status: 0 success, 1 run, save or verification failure or a result that could not\n"
         "be written to standard output, 2 bad input or a request this build or machine cannot\n"
         "serve (options, an unusable -input file, an -output path that cannot take a file or\n"
         "whose name is no UTF-8, a bad OMP_NUM_THREADS, -profile without a GPU), 128 + N after\n"
         "signal N (one line, and unfinished outputs removed; SIGPIPE ends a command that writes\n"
         "no file quietly).\n"
         "examples: stencil_miniapp -n 4096 -iters 100 -variant tiled\n"
         "          stencil_miniapp -n 512 -iters 100 -output run.h5 -save-every 25\n"
         "          stencil_miniapp -input run.h5 -iters 100 -output more.h5   (restart)\n"
         "          stencil_check run.h5 other.h5                              (compare)\n"
         "          stencil_miniapp -profile sass-metrics | grep shared        (CUPTI names)\n"
         "          mpirun -np 4 stencil_miniapp -impl openmp -variant naive -decomp 2x2 -verify\n";
  return out.str();
}

}  // namespace stencil::app
