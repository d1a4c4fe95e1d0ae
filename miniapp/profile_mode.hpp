// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -profile sectors: hands the chosen implementation to stencil::profile and prints its report;
// -profile sass-metrics: prints the SASS metrics the GPU's chip offers. The driver knows nothing
// about CUPTI; src/measure/profile/ does the counting.
#pragma once

#include <ostream>

#include "measure/profile/kernel_report.hpp"
#include "options.hpp"

namespace stencil::app {

// Requires Kokkos to be initialized. Throws ProfileUnavailable / UnsupportedRequest (exit 2) and
// RuntimeFailure (exit 1).
profile::ProfileReport run_profile(const Options& options);

void print_profile(std::ostream& out, const profile::ProfileReport& report, OutputFormat format);

// One metric name per line on `out` (for grep), the chip and the count as a note on `err`. Needs
// no Kokkos. Throws ProfileUnavailable (exit 2) and RuntimeFailure (exit 1).
void print_sass_metrics(std::ostream& out, std::ostream& err);

}  // namespace stencil::app
