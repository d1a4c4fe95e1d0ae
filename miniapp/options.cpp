#include "options.hpp"

#include <array>
#include <charconv>
#include <climits>
#include <functional>
#include <sstream>

#include "runners.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

// Largest 2-D N whose N*N cells a 32-bit int index can address.
constexpr int kMax2DSize = 46340;

template <class Integer>
Integer parse_integer(const std::string& flag, const std::string& text, Integer lo, Integer hi) {
  Integer value{};
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end) {
    throw UsageError(flag + " expects an integer, got '" + text + "'");
  }
  if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
    throw UsageError(flag + " must be between " + std::to_string(lo) + " and " +
                     std::to_string(hi) + ", got " + text);
  }
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

std::string variant_names() {
  std::vector<std::string> names;
  for (const auto& v : kVariants)
    names.emplace_back(v.name);
  return joined(names, ", ");
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = {
      {"n", "N", "grid size: N x N cells for 2-D variants, N cells for 1-D (default 4096)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.n = parse_integer<int>(f, v, 1, INT_MAX);
       }},
      {"iters", "K", "iterations (default 100)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.iterations = parse_integer<int>(f, v, 1, INT_MAX);
       }},
      {"variant", "NAME", "stencil variant: " + variant_names() + " (default tiled)",
       [](Options& o, const std::string& f, const std::string& v) {
         if (!find_variant(v)) {
           throw UsageError(f + ": unknown variant '" + v + "' (choose from " + variant_names() +
                            ")");
         }
         o.variant = v;
       }},
      {"impl", "NAME", "implementation: " + joined(implementations(), ", ") + " (default kokkos)",
       [](Options& o, const std::string& f, const std::string& v) {
         const auto impls = implementations();
         bool known = false;
         for (const auto& i : impls)
           known = known || i == v;
         if (v == "cuda" && !known) {
           throw UsageError(f + " cuda: this build has no native CUDA (nvcc was not found)");
         }
         if (!known) {
           throw UsageError(f + ": unknown implementation '" + v + "' (choose from " +
                            joined(impls, ", ") + ")");
         }
         o.implementation = v;
       }},
      {"space", "NAME", "Kokkos execution space (see -list; default: Kokkos' default space)",
       [](Options& o, const std::string&, const std::string& v) { o.space = v; }},
      {"chunks", "C", "row chunks for strip, rolling and doublebuf*, 1..65535 (default 16)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.chunks = parse_integer<int>(f, v, 1, 65535);
       }},
      {"patch", "P",
       "regblock: each thread computes a P x P patch of outputs, P = " + choice_list(kPatchSizes) +
           " (default " + std::to_string(kDefaultPatch) + ")",
       [](Options& o, const std::string& f, const std::string& v) {
         o.patch = parse_choice(f, v, kPatchSizes);
       }},
      {"pitch", "P",
       "tiled: row pitch of the transposed shared tile, P = " + choice_list(kTiledPitches) +
           " (default " + std::to_string(kDefaultTiledPitch) +
           "); a warp's bank conflicts: 32-way, none, 2-way",
       [](Options& o, const std::string& f, const std::string& v) {
         o.pitch = parse_choice(f, v, kTiledPitches);
       }},
      {"seed", "S", "seed of the random initial field (default 20261130)",
       [](Options& o, const std::string& f, const std::string& v) {
         o.seed = parse_integer<std::uint64_t>(f, v, 0, UINT64_MAX);
       }},
      {"verify", "", "compare the final grid bit for bit with the plain reference loop",
       [](Options& o, const std::string&, const std::string&) { o.verify = true; }},
      {"csv", "", "print one CSV header line and one result line instead of the text block",
       [](Options& o, const std::string&, const std::string&) { o.format = OutputFormat::csv; }},
      {"json", "", "print the result as one JSON object instead of the text block",
       [](Options& o, const std::string&, const std::string&) { o.format = OutputFormat::json; }},
      {"no-progress", "", "never show the progress line (it appears only on a terminal)",
       [](Options& o, const std::string&, const std::string&) { o.progress = false; }},
      {"list", "", "list variants, implementations and the execution spaces of this build",
       [](Options& o, const std::string&, const std::string&) { o.list = true; }},
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

}  // namespace

Options parse_options(const std::vector<std::string>& args) {
  Options options;
  options.seed = kDefaultSeed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--kokkos-", 0) == 0)
      continue;  // Kokkos' own flags pass through
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

  const VariantInfo& variant = *find_variant(options.variant);
  if (variant.dimensions == 2 && options.n > kMax2DSize) {
    throw UsageError("-n " + std::to_string(options.n) + " is too large for a 2-D grid: N*N " +
                     "must fit a 32-bit index, so N <= " + std::to_string(kMax2DSize));
  }
  return options;
}

std::string help_text() {
  std::ostringstream out;
  out << "usage: stencil_miniapp [options] [--kokkos-...]\n\n"
         "Iterates a Jacobi-like stencil and reports time, Gcell/s, GB/s and a checksum.\n"
         "  2-D: out = 0.5*c + 0.125*(left + right + up + down); border cells copied.\n"
         "  1-D: out = 0.25*left + 0.5*c + 0.25*right; end cells copied.\n"
         "GB/s counts 8 bytes per cell update (one 4-byte read, one 4-byte write).\n\n"
         "options (each also as --name, and --name=value):\n";
  for (const auto& spec : option_table()) {
    std::string left = "  -" + spec.name + (spec.value.empty() ? "" : " " + spec.value);
    if (left.size() < 20)
      left.resize(20, ' ');
    else
      left += "  ";
    out << left << spec.help << "\n";
  }
  out << "\nKokkos' own --kokkos-* flags (e.g. --kokkos-threads=4) pass through to Kokkos.\n"
         "Exit status: 0 success, 1 run or verification failure, 2 bad input.\n"
         "example: stencil_miniapp -n 4096 -iters 100 -variant tiled\n";
  return out.str();
}

}  // namespace stencil::app
