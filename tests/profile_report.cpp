// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "profile_report.hpp"

#include <sstream>

namespace stencil::test {
namespace {

std::uint64_t as_count(const std::string& text) {
  return text.empty() ? 0 : std::stoull(text);
}

}  // namespace

Measurement parse_report(const ProcessResult& r) {
  Measurement m;
  m.diagnostics = r.err;
  // The CSV header and the rows after it; anything a library printed before is skipped.
  std::istringstream lines(r.out);
  std::string header, line;
  std::vector<std::string> rows;
  while (std::getline(lines, line)) {
    if (header.empty() && line.rfind("variant,implementation,", 0) == 0)
      header = line;
    else if (!header.empty() && !line.empty())
      rows.push_back(line);
  }
  if (r.exit_code != 0) {
    m.failure = "exit " + std::to_string(r.exit_code) + ": " + r.err;
  } else if (rows.size() != 1) {
    m.failure = "expected exactly one kernel in the report:\n" + r.out + r.err;
  } else {
    const auto keys = split_csv(header);
    const auto values = split_csv(rows.front());
    for (std::size_t i = 0; i < keys.size() && i < values.size(); ++i)
      m.field[keys[i]] = values[i];
    m.total = as_count(m.field["total_sectors"]);
    m.load = as_count(m.field["load_sectors"]);
    m.store = as_count(m.field["store_sectors"]);
    m.launches_recorded = as_count(m.field["launches_recorded"]);
  }
  return m;
}

std::string field(const Measurement& m, const std::string& key) {
  const auto it = m.field.find(key);
  return it == m.field.end() ? "" : it->second;
}

std::string describe(const Measurement& m) {
  std::ostringstream out;
  for (const char* key : {"kernel", "total_sectors", "load_sectors", "store_sectors",
                          "launches_recorded", "sector_split", "chip"})
    out << "  " << key << " = " << field(m, key) << "\n";
  if (!m.diagnostics.empty())
    out << "  stderr:\n" << m.diagnostics;
  return out.str();
}

std::vector<std::string> list_section(const std::string& list, const std::string& heading) {
  std::vector<std::string> lines;
  std::istringstream in(list);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ') {
      inside = line.rfind(heading, 0) == 0;
      continue;
    }
    if (inside && line.size() > 2)
      lines.push_back(line.substr(2));
  }
  return lines;
}

std::string profiling_unavailable(const std::string& list) {
  const auto profiling = list_section(list, "sector profiling");
  if (profiling.empty())
    return "stencil_miniapp -list says nothing about sector profiling";
  if (profiling.front().rfind("available", 0) != 0)
    return "no GPU profiling here: " + profiling.front();
  return "";
}

}  // namespace stencil::test
