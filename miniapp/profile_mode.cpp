// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "profile_mode.hpp"

#include "backends.hpp"
#include "measure/profile/profile.hpp"
#include "options_config.hpp"
#include "stencil_version.hpp"

namespace stencil::app {

profile::ProfileReport run_profile(const Options& options) {
  const CheckedConfig config = config_from_options(options, options.n);
  profile::ProfileRequest request;
  request.config = config.get();
  request.launches = options.iterations / config->iterations_per_step();
  request.seed = options.seed;
  profile::ProfileReport report = profile::profile_run(
      [&] { return open_stepper(options.implementation, options.space, config); }, request);
  report.commit = kGitCommit;
  return report;
}

void print_profile(std::ostream& out, const profile::ProfileReport& report, OutputFormat format) {
  switch (format) {
    case OutputFormat::text:
      profile::write_report(out, report, profile::ReportFormat::text);
      break;
    case OutputFormat::csv:
      profile::write_report(out, report, profile::ReportFormat::csv);
      break;
    case OutputFormat::json:
      profile::write_report(out, report, profile::ReportFormat::json);
      break;
  }
}

void print_sass_metrics(std::ostream& out, std::ostream& err) {
  const profile::SassMetricList list = profile::sass_metric_list();
  for (const auto& name : list.names)
    out << name << "\n";
  err << "stencil_miniapp: note: chip " << list.chip << " offers " << list.names.size()
      << " SASS metrics\n";
}

}  // namespace stencil::app
