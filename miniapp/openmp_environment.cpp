// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "openmp_environment.hpp"

#include <time.h>
#include <unistd.h>

#include <climits>
#include <cstring>

#include "stencil/text_format.hpp"

namespace stencil::app {
namespace {

// getenv() reads libc's copy of the environment, which is not set up yet where this runs; the
// loader hands the environment to the .preinit_array functions instead.
const char* variable(char** environment, const char* name) {
  const std::size_t length = std::strlen(name);
  for (char** entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
    if (std::strncmp(*entry, name, length) == 0 && (*entry)[length] == '=')
      return *entry + length + 1;
  }
  return nullptr;
}

// Whether a launcher started this process as a rank other than the first: every rank sees the
// same environment, and one line is enough.
bool is_other_rank(char** environment) {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"}) {
    if (const char* rank = variable(environment, name); rank != nullptr)
      return std::strcmp(rank, "0") != 0;
  }
  return false;
}

}  // namespace

bool valid_omp_num_threads(const char* text) {
  // No allocation: this runs before the allocator's and the C++ runtime's set-up.
  const char* entry = text;
  for (;;) {
    const char* end = entry;
    // The runtime reads each count as an unsigned long; the models bound the first one later.
    unsigned long count = 0;
    for (; *end != '\0' && *end != ','; ++end) {
      if (*end < '0' || *end > '9')
        return false;  // a sign, a space, a hex or exponent form, another script's digit
      const auto digit = static_cast<unsigned long>(*end - '0');
      if (count > (ULONG_MAX - digit) / 10)
        return false;
      count = count * 10 + digit;
    }
    if (end == entry || count < 1)
      return false;  // an empty entry ("", ",", "2,", ",2") or a zero
    if (*end == '\0')
      return true;
    entry = end + 1;
  }
}

std::string omp_num_threads_problem(const char* text) {
  if (valid_omp_num_threads(text))
    return "";
  return "environment variable OMP_NUM_THREADS: expects threads, an integer >= 1 or a "
         "comma-separated list of them (4 or 4,2), got '" +
         printable(text) + "'";
}

void check_omp_num_threads_early(const char* program, char** environment) {
  const char* text = variable(environment, "OMP_NUM_THREADS");
  if (text == nullptr)
    return;
  if (valid_omp_num_threads(text))
    return;
  if (!is_other_rank(environment)) {
    const std::string line =
        std::string(program) + ": error: " + omp_num_threads_problem(text) + "\n";
    const ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());
    (void)ignored;
  } else {
    // mpirun tears the whole job down when the first rank leaves with a non-zero status, and
    // takes what the others have not yet written with it: the other ranks leave a moment after
    // rank 0 has written the line (on an oversubscribed node rank 0 may start last).
    timespec pause{2, 0};
    for (int interrupted = 0; interrupted < 8 && ::nanosleep(&pause, &pause) != 0; ++interrupted) {
    }
  }
  ::_exit(2);
}

}  // namespace stencil::app
