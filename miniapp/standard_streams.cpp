// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "standard_streams.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace stencil::app {

void buffer_standard_output() {
  if (::isatty(STDOUT_FILENO))
    return;  // a terminal keeps its line buffering
  constexpr std::size_t kBytes = 1 << 18;
  static char buffer[kBytes];
  std::setvbuf(stdout, buffer, _IOFBF, kBytes);
}

std::string standard_output_failure() {
  errno = 0;
  std::cout.flush();
  const int flush_errno = errno;
  const bool flush_failed = std::fflush(stdout) != 0;
  const int stdio_errno = errno;
  if (!flush_failed && !std::ferror(stdout) && std::cout.good())
    return "";
  // The errno of the write that failed, where one is known.
  const int cause = flush_failed ? stdio_errno : flush_errno;
  return cause != 0 ? std::strerror(cause) : "write error";
}

int check_standard_output(const char* program, int status, std::ostream& err) {
  const std::string failure = standard_output_failure();
  if (failure.empty())
    return status;
  err << program << ": error: writing standard output failed: " << failure
      << " (the output is incomplete)\n";
  err.flush();
  return status == 0 ? 1 : status;
}

}  // namespace stencil::app
