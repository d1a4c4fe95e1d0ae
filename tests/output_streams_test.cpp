// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The real binary with its standard output on a full device and on a pipe nobody reads: a result
// that cannot be written is one line on stderr and exit 1, never a silent exit 0; a read-only
// command on a closed pipe ends quietly, claiming no cleanup of files it never wrote.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "h5_fixtures.hpp"

namespace stencil::test {
namespace {

struct Outcome {
  int status = -1;  // the exit status, or 128 + the signal that ended the process
  std::string err;
};

// Runs the mini-app with `stdout_fd` as its standard output.
Outcome run_with_stdout(const std::vector<std::string>& args, int stdout_fd) {
  TempDir scratch;
  const std::string err_path = scratch / "err";
  const pid_t pid = fork();
  if (pid == 0) {
    const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (err_fd < 0 || null_fd < 0 || dup2(stdout_fd, 1) < 0 || dup2(err_fd, 2) < 0 ||
        dup2(null_fd, 0) < 0)
      _exit(99);
    std::vector<char*> argv;
    std::string program = STENCIL_MINIAPP_PATH;
    argv.push_back(program.data());
    std::vector<std::string> copies = args;
    for (auto& a : copies)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    _exit(98);
  }
  Outcome outcome;
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid)
    return outcome;
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  outcome.err = read_bytes(err_path);
  return outcome;
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

class FullDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    fd_ = ::open("/dev/full", O_WRONLY);
    if (fd_ < 0)
      GTEST_SKIP() << "no /dev/full here";
  }
  void TearDown() override {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int fd_ = -1;
};

TEST_F(FullDevice, ALostResultIsOneLineAndExitOne) {
  TempDir dir;
  const std::vector<std::vector<std::string>> commands = {
      {"-n", "32", "-iters", "2", "-json"},
      {"-n", "32", "-iters", "2"},
      {"-list"},
      {"-list-models"},
      {"-help"},
      {"-n", "32", "-iters", "2", "-csv", "-output", dir / "df.h5"},
  };
  for (const auto& args : commands) {
    const Outcome r = run_with_stdout(args, fd_);
    EXPECT_EQ(r.status, 1) << args.front() << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find("stencil_miniapp: error: writing standard output failed: No space left "
                         "on device"),
              std::string::npos)
        << r.err;
  }
  // The save itself succeeded: the file is in place, only the printed result is lost.
  EXPECT_FALSE(read_bytes(dir / "df.h5").empty());
}

// A reader that left: SIGPIPE ends a read-only command as it ends any other program, without a
// line and without claiming to remove files it never wrote.
TEST(ClosedPipe, AReadOnlyCommandEndsQuietly) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"-help"}, {"-list"}, {"-list-shapes"}}) {
    int ends[2];
    ASSERT_EQ(pipe(ends), 0);
    ::close(ends[0]);  // no reader from the start: the first write fails
    const Outcome r = run_with_stdout(args, ends[1]);
    ::close(ends[1]);
    EXPECT_EQ(r.status, 128 + SIGPIPE) << args.front() << "\n" << r.err;
    EXPECT_EQ(r.err, "") << args.front();
  }
}

}  // namespace
}  // namespace stencil::test
