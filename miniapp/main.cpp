// stencil_miniapp: parse the command line, start Kokkos, run, report.
// Exit status: 0 success, 1 run or verification failure, 2 bad input.
#include <Kokkos_Core.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "kokkos/runner.hpp"
#include "options.hpp"
#include "run.hpp"
#include "runners.hpp"
#include "stencil/variants.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda/runner.hpp"
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
  out << "implementations:\n";
  for (const auto& impl : stencil::implementations())
    out << "  " << impl << "\n";
  out << "kokkos execution spaces (first is the default):\n";
  for (const auto& space : stencil::kokkos::space_names())
    out << "  " << space << "\n";
#if defined(STENCIL_HAVE_CUDA)
  const std::string reason = stencil::cuda::unavailable_reason();
  out << "cuda device:\n  "
      << (reason.empty() ? stencil::cuda::device_description() : "none: " + reason) << "\n";
#endif
}

// Kokkos up for the lifetime of the object. Kokkos prints its start-up warnings (e.g. about
// OMP_PROC_BIND) on stdout; they are diagnostics, so they go to stderr and never mix into the
// -csv / -json result on stdout.
class KokkosSession {
 public:
  KokkosSession(int& argc, char* argv[]) {
    std::fflush(stdout);
    const int saved_stdout = dup(STDOUT_FILENO);
    dup2(STDERR_FILENO, STDOUT_FILENO);
    Kokkos::initialize(argc, argv);
    std::fflush(stdout);
    std::cout.flush();
    dup2(saved_stdout, STDOUT_FILENO);
    close(saved_stdout);
  }
  ~KokkosSession() { Kokkos::finalize(); }
  KokkosSession(const KokkosSession&) = delete;
  KokkosSession& operator=(const KokkosSession&) = delete;
};

int fail(int code, const std::string& message) {
  std::cerr << "stencil_miniapp: error: " << message << "\n";
  return code;
}

}  // namespace

int main(int argc, char* argv[]) {
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
  try {
    if (options.list) {
      print_list(std::cout);
      return 0;
    }
#if defined(KOKKOS_ENABLE_CUDA)
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
      return fail(kExitFailure,
                  "this build's Kokkos uses the CUDA backend, but no CUDA device "
                  "is visible");
    }
#endif
    KokkosSession kokkos(argc, argv);
    const stencil::app::RunResult result = stencil::app::run(options);
    stencil::app::print_result(std::cout, result, options.format);
    if (result.verification.rfind("FAILED", 0) == 0)
      return kExitFailure;
    return 0;
  } catch (const stencil::UnsupportedRequest& e) {
    return fail(kExitUsage, e.what());
  } catch (const std::exception& e) {
    return fail(kExitFailure, e.what());
  }
}
