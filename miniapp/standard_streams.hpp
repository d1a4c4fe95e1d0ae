// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The result on standard output is the run's product: a write that fails (a full disk, a closed
// file, a pipe whose reader left while SIGPIPE is ignored) must not end the program with exit 0.
// Buffered output fails only when it is flushed, so the check flushes first.
#pragma once

#include <ostream>
#include <string>

namespace stencil::app {

// Call before anything is written to stdout. Off a terminal, stdout gets a buffer that holds
// every output of the program (the help text included), so that a failed write happens in the
// final flush, where its errno is still known, rather than midway, where later calls may have
// replaced it.
void buffer_standard_output();

// Flushes std::cout and stdout; "" when everything written reached the file, else why not
// ("No space left on device").
std::string standard_output_failure();

// The exit status once standard output is checked: `status` where it holds, else one line on
// `err` ("<program>: error: writing standard output failed: ...") and 1 (as for a failed save)
// where `status` was 0.
int check_standard_output(const char* program, int status, std::ostream& err);

}  // namespace stencil::app
