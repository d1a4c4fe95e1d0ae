// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "openmp_environment.hpp"

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

std::string omp_num_threads_problem(const char* text) {
  const std::string value = text;
  const std::string problem =
      "environment variable OMP_NUM_THREADS: expects threads, an integer >= 1 or a "
      "comma-separated list of them (4 or 4,2), got '" +
      printable(value) + "'";
  if (value.empty())
    return problem;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = value.find(',', start);
    const std::size_t end = comma == std::string::npos ? value.size() : comma;
    if (end == start)
      return problem;  // an empty entry: "", ",", "2,", ",2"
    // The runtime reads each count as an unsigned long; the models bound the first one below.
    unsigned long count = 0;
    for (std::size_t i = start; i < end; ++i) {
      if (value[i] < '0' || value[i] > '9')
        return problem;  // a sign, a space, a hex or exponent form, another script's digit
      const auto digit = static_cast<unsigned long>(value[i] - '0');
      if (count > (ULONG_MAX - digit) / 10)
        return problem;
      count = count * 10 + digit;
    }
    if (count < 1)
      return problem;
    if (comma == std::string::npos)
      return "";
    start = comma + 1;
  }
}

void check_omp_num_threads_early(const char* program, char** environment) {
  const char* text = variable(environment, "OMP_NUM_THREADS");
  if (text == nullptr)
    return;
  const std::string problem = omp_num_threads_problem(text);
  if (problem.empty())
    return;
  if (!is_other_rank(environment)) {
    const std::string line = std::string(program) + ": error: " + problem + "\n";
    const ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());
    (void)ignored;
  }
  ::_exit(2);
}

}  // namespace stencil::app
