// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stencil_miniapp: parse the command line, start the models' runtimes, run, report.
// Exit status: 0 success, 1 run, save, verification or standard-output failure, 2 bad input
// (options, an unusable -input file, an -output path that cannot take a file) or a request this
// build or machine cannot serve (-profile without a GPU).
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <deque>
#include <iostream>
#include <new>
#include <stdexcept>

#include "backends.hpp"
#include "initial_grid.hpp"
#include "install_layout.hpp"
#include "io/errors.hpp"
#include "io/interrupt_cleanup.hpp"
#include "measure/profile/profile.hpp"
#include "mpi/launcher_session.hpp"
#include "openmp_environment.hpp"
#include "options.hpp"
#include "profile_mode.hpp"
#include "run.hpp"
#include "standard_streams.hpp"
#include "stencil/precision.hpp"
#include "stencil/text_format.hpp"
#include "stencil/variants.hpp"
#include "thread_binding.hpp"
#if defined(STENCIL_HAVE_MPI)
#include "distributed_run.hpp"
#endif

namespace {

constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

void print_list(std::ostream& out) {
  out << "variants:\n";
  std::size_t width = 0;
  for (const auto& v : stencil::kVariants)
    width = std::max(width, v.name.size());
  for (const auto& v : stencil::kVariants) {
    out << "  " << v.name << std::string(width + 2 - v.name.size(), ' ') << v.dimensions << "-D  "
        << v.contract << "\n";
  }
  out << "precisions (-precision; every variant and implementation has both):\n";
  for (const stencil::Precision precision : stencil::kPrecisions) {
    out << "  " << stencil::precision_name(precision) << "  "
        << stencil::element_type_name(precision)
        << (precision == stencil::kDefaultPrecision ? " (default)" : "") << "\n";
  }
  out << "implementations:\n";
  for (const auto& impl : stencil::implementations())
    out << "  " << impl << "\n";
  for (const auto& impl : stencil::implementations()) {
    if (const std::string version = stencil::version_of(impl); !version.empty())
      out << impl << " version:\n  " << version << "\n";
  }
  for (const auto& impl : stencil::implementations()) {
    const auto spaces = stencil::spaces_of(impl);
    if (spaces.empty()) {
      out << impl << " device:\n  " << stencil::device_of(impl) << "\n";
      continue;
    }
    out << impl << " execution spaces (first is the default):\n";
    for (const auto& space : spaces)
      out << "  " << space << "\n";
  }
  const std::string cupti = stencil::profile::unavailable_reason();
  out << "sector profiling (-profile sectors):\n  "
      << (cupti.empty() ? "available (CUPTI SASS metrics)" : "unavailable: " + cupti) << "\n";
  const stencil::app::DataFolders folders = stencil::app::data_folders();
  out << "sample inputs (-input NAME.h5):\n  "
      << (folders.inputs.empty() ? "none found" : folders.inputs) << "\n"
      << "Kokkos Tools (--kokkos-tools-libs=NAME.so):\n  "
      << (folders.kokkos_tools.empty() ? "none found" : folders.kokkos_tools) << "\n";
}

// Every variant with each value of its shape option, one per line for scripts
// (scripts/gpu-check.sh): "SHAPE DIMENSIONS ITERATIONS_PER_STEP", where SHAPE is the variant's
// name for its defaults and VARIANT:-OPTION=VALUE for the option's other values. The default
// -fuse is the one of the backend -impl and -space name (default_fuse), and its depths are those
// -impl runs (deepest_fuse).
void print_shapes(std::ostream& out, std::string_view implementation, int default_fuse) {
  for (const auto& v : stencil::kVariants) {
    const stencil::ShapeOptionInfo* option = stencil::shape_option(v.shape);
    const bool fuses = v.uses_shape(stencil::ShapeOption::fuse);
    const int default_value = fuses ? default_fuse : option != nullptr ? option->default_value : 0;
    out << v.name << " " << v.dimensions << " " << (fuses ? default_value : 1) << "\n";
    if (option == nullptr)
      continue;
    for (std::size_t i = 0; i < option->choice_count; ++i) {
      const int value = option->choices[i];
      if (value != default_value && stencil::model_runs_shape(implementation, v, value)) {
        out << v.name << ":-" << option->flag << "=" << value << " " << v.dimensions << " "
            << (fuses ? value : 1) << "\n";
      }
    }
  }
}

// Every backend of the models built here, one per line for scripts (scripts/gpu-check.sh,
// perf/report.py): "LABEL MODEL SPACE MEMORY VARIANT...", SPACE "-" where the model has none.
void print_models(std::ostream& out) {
  for (const auto& backend : stencil::backends()) {
    if (!stencil::is_implementation(backend.implementation))
      continue;
    out << backend.label() << " " << backend.implementation << " "
        << (backend.space.empty() ? "-" : backend.space) << " "
        << (backend.on_gpu() ? "cuda" : "host");
    for (const auto& v : stencil::kVariants) {
      if (v.implemented_by(backend.implementation))
        out << " " << v.name;
    }
    out << "\n";
  }
}

// Under mpirun every rank sees the same bad input; rank 0 alone says so.
int g_rank = 0;

int fail(int code, const std::string& message) {
  // Under mpirun the launcher ends the ranks still on their way out once one has left: each
  // leaves with this status, with no line of its own.
  stencil::io::leaving_with(code);
  if (g_rank == 0)
    std::cerr << "stencil_miniapp: error: " << stencil::printable(message) << "\n";
  return code;
}

// Whether this run computes on OpenMP threads (whose binding the driver picks). -list counts:
// its OpenMP line reports the binding a run gets.
bool uses_openmp(const stencil::app::Options& options) {
  if (options.list)
    return true;
  if (options.help || options.list_shapes || options.list_models || !options.profile.empty())
    return false;
  return stencil::uses_openmp_threads(options.implementation, options.space);
}

int run_main(int argc, char* argv[]) {
  // Past a file-size limit (ulimit -f) the kernel sends SIGXFSZ, whose default action kills the
  // process mid-save. Ignored, the write fails with EFBIG instead, which the saver reports.
  std::signal(SIGXFSZ, SIG_IGN);
  // Ctrl-C or a batch system's SIGTERM: unfinished outputs are removed, earlier ones kept.
  stencil::io::remove_temporaries_on_interrupt("stencil_miniapp");
  const stencil::mpi::Session mpi(argc, argv);  // only when an MPI launcher started us
  g_rank = mpi.rank();
  // Kokkos Tools by bare name, from the installed tree or the build's folders: resolved before
  // the options are checked, since the check loads the library.
  const stencil::app::DataFolders folders = stencil::app::data_folders();
  std::deque<std::string> resolved_arguments;  // argv points into these while Kokkos runs
  for (int i = 1; i < argc; ++i) {
    std::string resolved = stencil::app::resolve_tool_library(argv[i], folders);
    if (resolved != argv[i]) {
      resolved_arguments.push_back(std::move(resolved));
      argv[i] = resolved_arguments.back().data();
    }
  }
  stencil::app::Options options;
  try {
    options = stencil::app::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const stencil::app::UsageError& e) {
    return fail(kExitUsage, std::string(e.what()) + " (see --help)");
  }
  if (options.help) {
    std::cout << stencil::app::help_text();
    return 0;
  }
  if (!options.output.empty())
    stencil::io::expect_outputs();
  // A sample input by bare name, likewise.
  options.input = stencil::app::resolve_sample_input(options.input, folders);
  // Not under mpirun: the re-executed process would join the job a second time, and there the
  // launcher binds the ranks.
  stencil::app::apply_default_thread_binding(argv, uses_openmp(options) && !mpi.active());
  if (uses_openmp(options) && mpi.active())
    stencil::app::leave_thread_binding_to_launcher();  // before the next call names the binding
  if (mpi.active() || !uses_openmp(options))
    stencil::app::name_unbound_binding();
  try {
    stencil::check_model_environments();
  } catch (const std::invalid_argument& e) {
    return fail(kExitUsage, e.what());
  }
  try {
    if (options.list) {
      print_list(std::cout);
      return 0;
    }
    if (options.list_models) {
      print_models(std::cout);
      return 0;
    }
    if (options.list_shapes) {
      print_shapes(std::cout, options.implementation,
                   stencil::default_fuse(options.implementation, options.space));
      return 0;
    }
    // Before the models' runtimes: one that needs a device it lacks could abort, and this names
    // the real cause.
    if (!options.profile.empty()) {
      if (const std::string reason = stencil::profile::unavailable_reason(); !reason.empty())
        return fail(kExitUsage, stencil::profile::ProfileUnavailable(reason).what());
    }
    if (options.profile == "sass-metrics") {  // CUDA and CUPTI only: no model, no stepper
      stencil::app::print_sass_metrics(std::cout, std::cerr);
      return 0;
    }
    if (!mpi.active() && options.decomp && options.decomp->size() != 1) {
      return fail(kExitUsage, "-decomp " + stencil::mpi::to_string(*options.decomp) + " needs " +
                                  std::to_string(options.decomp->size()) +
                                  " MPI ranks: start it with mpirun -np " +
                                  std::to_string(options.decomp->size()));
    }
    if (!mpi.active() && options.halo == "nccl") {
      return fail(kExitUsage,
                  "-halo nccl moves halos between MPI ranks: start it with mpirun -np P (one GPU "
                  "per rank)");
    }
    stencil::app::take_input_precision(options);
    const stencil::ModelRuntimes runtimes(argc, argv);
#if defined(STENCIL_HAVE_MPI)
    if (mpi.active()) {
      const int code = stencil::app::run_distributed(options, std::cout, std::cerr);
      if (code != 0)
        stencil::io::leaving_with(code);  // as in fail(): every rank leaves with the job's status
      return code;
    }
#endif
    if (!options.profile.empty()) {
      const auto report = stencil::app::run_profile(options);
      stencil::app::print_profile(std::cout, report, options.format);
      if (options.format == stencil::app::OutputFormat::csv) {
        for (const auto& note : report.notes)  // CSV has no place for them; text and JSON do
          std::cerr << "stencil_miniapp: note: " << note << "\n";
      }
      return 0;
    }
    stencil::app::RunResult result = stencil::app::run(options);
    if (uses_openmp(options))
      result.thread_binding = stencil::app::thread_binding_note();
    stencil::app::print_result(std::cout, result, options.format);
    if (result.verification.rfind("FAILED", 0) == 0)
      return kExitFailure;
    return 0;
  } catch (const stencil::UnsupportedRequest& e) {
    return fail(kExitUsage, e.what());
  } catch (const stencil::app::UsageError& e) {
    return fail(kExitUsage, e.what());  // an option that disagrees with the -input file
  } catch (const stencil::io::FileRejected& e) {
    return fail(kExitUsage, e.what());
  } catch (const std::bad_alloc&) {
    // A model's allocation failures may derive from bad_alloc too; the grid needs the memory.
    return fail(kExitUsage,
                "not enough memory for this run (allocation failed): choose a smaller "
                "-n, or raise the memory or address-space limit (ulimit -v)");
  } catch (const std::exception& e) {
    return fail(kExitFailure, e.what());
  }
}

void check_environment_before_libraries(int, char**, char** environment) {
  stencil::app::check_omp_num_threads_early("stencil_miniapp", environment);
}

// Run by the dynamic loader before any shared library's constructor (libgomp's reads
// OMP_NUM_THREADS in its own).
__attribute__((section(".preinit_array"), used)) void (*const g_check_environment)(
    int, char**, char**) = check_environment_before_libraries;

}  // namespace

int main(int argc, char* argv[]) {
  stencil::app::buffer_standard_output();
  const int status = run_main(argc, argv);
  // Only rank 0 writes the result; a rank that wrote nothing passes the check.
  return stencil::app::check_standard_output("stencil_miniapp", status, std::cerr);
}
