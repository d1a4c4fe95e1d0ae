#include "io/dataset_ref.hpp"

#include <sys/stat.h>

#include "io/errors.hpp"

namespace stencil::io {

DatasetRef parse_dataset_ref(const std::string& spec) {
  DatasetRef ref{spec, ""};
  struct stat info {};
  if (::stat(spec.c_str(), &info) != 0) {
    if (const auto colon = spec.find(":/"); colon != std::string::npos) {
      ref.file = spec.substr(0, colon);
      ref.dataset = spec.substr(colon + 1);
    }
  }
  if (ref.file.empty())
    throw FileRejected("'" + spec + "' names no file");
  return ref;
}

}  // namespace stencil::io
