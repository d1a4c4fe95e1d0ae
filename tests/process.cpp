// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace stencil::test {
namespace {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

ProcessResult run_program(const std::string& program, const std::vector<std::string>& args,
                          const std::string& shell_prefix) {
  char err_path[] = "/tmp/stencil_test_stderr_XXXXXX";
  const int fd = mkstemp(err_path);
  if (fd < 0)
    throw std::runtime_error("mkstemp failed");
  close(fd);
  std::string command = shell_prefix + " exec " + shell_quote(program);
  for (const auto& a : args)
    command += " " + shell_quote(a);
  command += " 2>" + shell_quote(err_path) + " </dev/null";

  ProcessResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe)
    throw std::runtime_error("popen failed");
  char buffer[4096];
  std::size_t got;
  while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0)
    result.out.append(buffer, got);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream err(err_path);
  std::ostringstream text;
  text << err.rdbuf();
  result.err = text.str();
  std::remove(err_path);
  return result;
}

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else if (c != '\n') {
      fields.back() += c;
    }
  }
  return fields;
}

std::map<std::string, std::string> csv_result(const std::string& out) {
  std::istringstream lines(out);
  std::string header, values;
  std::getline(lines, header);
  std::getline(lines, values);
  const auto keys = split_csv(header);
  const auto fields = split_csv(values);
  std::map<std::string, std::string> row;
  for (std::size_t i = 0; i < keys.size() && i < fields.size(); ++i)
    row[keys[i]] = fields[i];
  return row;
}

}  // namespace stencil::test
