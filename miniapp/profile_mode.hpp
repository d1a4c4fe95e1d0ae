// -profile sectors: hands the chosen implementation to stencil::profile and prints its report.
// The driver knows nothing about CUPTI; src/profile/ does the counting.
#pragma once

#include <ostream>

#include "options.hpp"
#include "profile/kernel_report.hpp"

namespace stencil::app {

// Requires Kokkos to be initialized. Throws ProfileUnavailable / UnsupportedRequest (exit 2) and
// RuntimeFailure (exit 1).
profile::ProfileReport run_profile(const Options& options);

void print_profile(std::ostream& out, const profile::ProfileReport& report, OutputFormat format);

}  // namespace stencil::app
