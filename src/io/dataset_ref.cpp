// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/dataset_ref.hpp"

#include <sys/stat.h>

#include "io/errors.hpp"

namespace stencil::io {

DatasetRef parse_dataset_ref(const std::string& spec) {
  DatasetRef ref{spec, ""};
  struct stat info {};
  if (::stat(spec.c_str(), &info) != 0) {
    // The path itself may hold ":/" ("runs:/a.h5:/step_000004/u"): the split is at the first
    // ":/" before which a file exists; with none, at the first ":/", whose file then reports
    // that it does not exist.
    std::size_t split = std::string::npos;
    for (auto colon = spec.find(":/"); colon != std::string::npos;
         colon = spec.find(":/", colon + 1)) {
      if (split == std::string::npos)
        split = colon;
      if (::stat(spec.substr(0, colon).c_str(), &info) == 0 && !S_ISDIR(info.st_mode)) {
        split = colon;
        break;
      }
    }
    if (split != std::string::npos) {
      ref.file = spec.substr(0, split);
      ref.dataset = spec.substr(split + 1);
    }
  }
  if (ref.file.empty())
    throw FileRejected("'" + spec + "' names no file");
  return ref;
}

}  // namespace stencil::io
