// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/run_metadata.hpp"

#include <ctime>

#include "io/hdf5_attributes.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::io {
namespace {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

void write_run_attributes(hid_t root, const RunMetadata& m) {
  using namespace hdf5;
  write_integer(root, "n", m.n);
  write_integer(root, "dimensions", m.dimensions);
  if (m.dimensions == 2) {
    write_string(root, "stencil",
                 "out = 0.5*c + 0.125*(((left + right) + up) + down); border cells copied");
    write_string(root, "coefficient_names", "centre, neighbour");
    write_floats(root, "coefficients", {kCentreWeight2D, kNeighbourWeight2D});
  } else {
    write_string(root, "stencil", "out = (0.25*left + 0.5*c) + 0.25*right; end cells copied");
    write_string(root, "coefficient_names", "left, centre, right");
    write_floats(root, "coefficients", {kSideWeight1D, kCentreWeight1D, kSideWeight1D});
  }
  write_string(root, "variant", m.variant);
  write_string(root, "implementation", m.implementation);
  write_string(root, "execution_space", m.execution_space);
  write_string(root, "app_version", m.app_version);
  write_string(root, "app_commit", m.app_commit);
  write_string(root, "created", utc_now());
  write_string(root, "initial_state", m.initial_state);
  write_integer(root, "save_every", m.save_every);
  write_string(root, "precision", std::string(precision_name(m.precision)));
}

}  // namespace stencil::io
