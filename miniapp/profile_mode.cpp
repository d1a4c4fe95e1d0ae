#include "profile_mode.hpp"

#include "profile/profile.hpp"
#include "runners.hpp"
#include "stencil_version.hpp"

namespace stencil::app {

profile::ProfileReport run_profile(const Options& options) {
  const VariantInfo& variant = *find_variant(options.variant);
  RunConfig config{&variant, options.n, options.chunks, options.patch, options.pitch};
  if (options.fuse > 0) config.fuse = options.fuse;  // temporal: iterations per launch
  profile::ProfileRequest request;
  request.config = config;
  request.launches = options.iterations / config.fuse;
  request.seed = options.seed;
  profile::ProfileReport report = profile::profile_run(
      [&] { return make_runner(options.implementation, config, options.space); }, request);
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
