// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "test_backends.hpp"

namespace stencil::test {
namespace {

std::vector<Backend> backends_on_gpu(bool on_gpu) {
  std::vector<Backend> list;
  for (const auto& backend : backends()) {
    if (backend.on_gpu() == on_gpu)
      list.push_back(backend);
  }
  return list;
}

}  // namespace

std::vector<Backend> host_backends() {
  return backends_on_gpu(false);
}
std::vector<Backend> gpu_backends() {
  return backends_on_gpu(true);
}

}  // namespace stencil::test
