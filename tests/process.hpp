// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs the real stencil_miniapp binary and captures its exit code, stdout and stderr.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace stencil::test {

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `shell_prefix` runs before the binary in the same shell (e.g. "ulimit -v 1000000;").
ProcessResult run_program(const std::string& program, const std::vector<std::string>& args,
                          const std::string& shell_prefix = "");

// Splits one CSV line, honouring double quotes.
std::vector<std::string> split_csv(const std::string& line);

// The mini-app's -csv output (a header line and a result line) as a header -> value map.
std::map<std::string, std::string> csv_result(const std::string& out);

}  // namespace stencil::test
