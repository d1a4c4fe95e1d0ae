// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The counted run of -profile sectors with its fallback: first with the shared-memory metrics
// appended to the sector scope, and, when CUPTI refuses that (any CUPTI error, e.g. a chip that
// cannot configure so many metrics), once more with the sector metrics alone. The sector report
// must never be lost to the shared-memory columns. Plain C++ (a template over the run), so the
// CPU suite tests it.
#pragma once

#include <string>
#include <vector>

#include "measure/profile/profile.hpp"

namespace stencil::profile {

// Returns `run(true)` (with shared memory). A CuptiFailure or ProfileUnavailable from it becomes a
// note and `run(false)` is returned instead; any other failure (a failing launch) propagates, as
// does any failure of `run(false)`.
template <class Run>
auto count_with_shared_fallback(Run&& run, std::vector<std::string>& notes) -> decltype(run(true)) {
  std::string cause;
  try {
    return run(true);
  } catch (const CuptiFailure& e) {
    cause = e.what();
  } catch (const ProfileUnavailable& e) {
    cause = e.what();
  }
  auto result = run(false);
  notes.push_back("shared memory not counted: " + cause +
                  "; the launches were counted again with the sector metrics alone");
  return result;
}

}  // namespace stencil::profile
