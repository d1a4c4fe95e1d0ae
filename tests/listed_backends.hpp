// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// For test programs that run the real binary without the registry in their own process: the
// backends the binary itself lists (stencil_miniapp -list-models), so a test runs each variant
// on a model of this build that implements it.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace stencil::test {

// -impl (and -space) of the first host backend `miniapp` lists whose model implements `variant`;
// none where no model of the build does.
inline std::optional<std::vector<std::string>> listed_host_args_for(const std::string& miniapp,
                                                                    const std::string& variant) {
  static const std::string listing = run_program(miniapp, {"-list-models"}).out;
  std::istringstream lines(listing);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string label, model, space, memory, name;
    words >> label >> model >> space >> memory;
    if (memory != "host")
      continue;
    while (words >> name) {
      if (name != variant)
        continue;
      std::vector<std::string> args{"-impl", model};
      if (space != "-")
        args.insert(args.end(), {"-space", space});
      return args;
    }
  }
  return std::nullopt;
}

}  // namespace stencil::test
