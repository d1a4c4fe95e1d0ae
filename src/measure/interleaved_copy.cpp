// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/interleaved_copy.hpp"

#include <cmath>

namespace stencil::measure {

int InterleavedCopy::copies_after(int iterations) {
  owed_ += kCopyShare * iterations;
  if (owed_ < 1.0 && paired_)
    return 0;
  const int copies = owed_ < 1.0 ? 1 : static_cast<int>(std::floor(owed_));
  owed_ -= copies;
  paired_ = true;
  return copies;
}

void InterleavedCopy::record(Stepper& stepper, double step_seconds, int iterations, int copies) {
  CopyPair pair;
  pair.step_seconds = step_seconds;
  pair.iterations = iterations;
  pair.copy_seconds = stepper.copy_seconds(copies);
  pair.copies = copies;
  pairs_.push_back(pair);
}

}  // namespace stencil::measure
