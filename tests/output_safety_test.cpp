// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Nothing the user had is lost: an output path that cannot take a file is refused before the run,
// a full disk fails the run cleanly, and a run killed with SIGKILL in the middle of saving leaves
// the earlier file at its output path byte for byte.
#include <gtest/gtest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "h5_fixtures.hpp"
#include "process.hpp"

extern char** environ;

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

// An earlier run's output at dir/run.h5 (+ run.xmf), which later runs must not damage.
void make_earlier_run(const TempDir& dir) {
  ASSERT_EQ(miniapp({"-n", "16", "-iters", "3", "-output", dir / "run.h5"}).exit_code, 0);
}

TEST(OutputSafety, PathsThatCannotTakeAFileAreRefusedBeforeTheRun) {
  TempDir dir;
  write_bytes(dir / "plain.txt", "x");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir / "missing/run.h5", "No such file or directory"},
      {dir / "plain.txt/run.h5", "Not a directory"},
      {dir.path(), "is a directory"},
      {"/proc/run.h5", "cannot create output '/proc/run.h5'"},
  };
  for (const auto& [path, fragment] : cases) {
    const auto r = miniapp({"-n", "16", "-iters", "1", "-output", path});
    EXPECT_EQ(r.exit_code, 2) << path << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  if (geteuid() != 0) {  // root may write into a read-only directory
    std::filesystem::create_directory(dir / "ro");
    std::filesystem::permissions(
        dir / "ro", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    const auto r = miniapp({"-n", "16", "-iters", "1", "-output", dir / "ro/run.h5"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("Permission denied"), std::string::npos) << r.err;
  }
}

TEST(OutputSafety, FullDiskFailsCleanlyAndKeepsTheEarlierFile) {
  TempDir dir;
  make_earlier_run(dir);
  const std::string before = read_bytes(dir / "run.h5");
  const std::string sidecar = read_bytes(dir / "run.xmf");
  // A file-size limit stands in for a full disk: writes past it fail with EFBIG (the mini-app
  // ignores SIGXFSZ). 200 blocks are 100 KiB (dash) or 200 KiB (bash): the first 256 x 256 state
  // (256 KiB) does not fit.
  for (const char* every : {"1", "3"}) {
    const auto r =
        miniapp({"-n", "256", "-iters", "6", "-save-every", every, "-output", dir / "run.h5"},
                "ulimit -f 200;");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("writing '" + (dir / "run.h5") + "' failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("File too large"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(read_bytes(dir / "run.h5"), before);
  EXPECT_EQ(read_bytes(dir / "run.xmf"), sidecar);
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"run.h5", "run.xmf"}));  // temporaries gone
}

// Size of the largest temporary of run.h5 in `dir` (0 when there is none).
std::uintmax_t temporary_size(const TempDir& dir) {
  std::uintmax_t size = 0;
  for (const auto& name : dir.names()) {
    if (name.rfind(".run.h5.tmp-", 0) == 0) {
      std::error_code ignored;
      size = std::max(size, std::filesystem::file_size(dir / name, ignored));
    }
  }
  return size;
}

// A small tmpfs mounted at `where` (root only; false elsewhere), unmounted when it goes.
class SmallFileSystem {
 public:
  SmallFileSystem(const std::string& where, const std::string& options) : where_(where) {
    std::filesystem::create_directory(where);
    mounted_ =
        std::system(
            ("mount -t tmpfs -o " + options + " tmpfs '" + where + "' 2>/dev/null").c_str()) == 0;
  }
  ~SmallFileSystem() {
    if (mounted_)
      (void)std::system(("umount '" + where_ + "'").c_str());
  }
  bool mounted() const { return mounted_; }

 private:
  std::string where_;
  bool mounted_ = false;
};

// Out of inodes (the output's lock or temporary cannot be created) and out of space (a state
// does not fit) are the same failure: a full file system fails the save with exit 1.
TEST(OutputSafety, AFullFileSystemIsExitOneWhetherInodesOrSpaceRunOut) {
  TempDir dir;
  {
    SmallFileSystem no_inodes(dir / "no_inodes", "size=1m,nr_inodes=4");
    if (!no_inodes.mounted())
      GTEST_SKIP() << "mounting a small tmpfs needs root";
    // Use up the inodes.
    for (int i = 0; i < 8; ++i)
      std::ofstream(dir / ("no_inodes/f" + std::to_string(i))) << "x";
    const auto r = miniapp({"-n", "16", "-iters", "1", "-output", dir / "no_inodes/run.h5"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("no free space or no free inodes"), std::string::npos) << r.err;
  }
  {
    SmallFileSystem no_space(dir / "no_space", "size=64k,nr_inodes=64");
    ASSERT_TRUE(no_space.mounted());
    const auto r = miniapp({"-n", "256", "-iters", "1", "-output", dir / "no_space/run.h5"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_TRUE(std::filesystem::is_empty(dir / "no_space")) << "temporaries left";
  }
}

TEST(OutputSafety, SigkillDuringSavesLeavesTheEarlierFileIntact) {
  TempDir dir;
  make_earlier_run(dir);
  const std::string before = read_bytes(dir / "run.h5");
  const std::string sidecar = read_bytes(dir / "run.xmf");

  // A long run that saves a 1 MiB state after every step, so most of its time is spent saving.
  // The file-size limit (64 MiB in dash's 512-byte blocks) bounds the disk it can fill should the
  // kill never come.
  const std::string command = "ulimit -f 131072; exec '" + std::string(STENCIL_MINIAPP_PATH) +
                              "' -n 512 -iters 100000 -save-every 1 -output '" + (dir / "run.h5") +
                              "' >/dev/null 2>&1";
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ), 0);

  // Kill it once several states are in its temporary, i.e. while it is saving.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int status = 0;
  bool exited = false;
  while (temporary_size(dir) < 6u * 1024 * 1024 && std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_FALSE(exited) << "the run ended before it could be killed (status " << status << ")";
  const std::uintmax_t written = temporary_size(dir);
  kill(pid, SIGKILL);
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  EXPECT_GE(written, 6u * 1024 * 1024) << "killed before it had saved anything";

  EXPECT_EQ(read_bytes(dir / "run.h5"), before);
  EXPECT_EQ(read_bytes(dir / "run.xmf"), sidecar);
  EXPECT_EQ(read_floats(dir / "run.h5", "/step_000003/u").size(), 16u * 16u);
  // Only the killed run's temporaries (and its released lock file) may remain, under their own
  // names; the next run to run.h5 removes them (output_paths_test.cpp).
  for (const auto& name : dir.names()) {
    EXPECT_TRUE(name == "run.h5" || name == "run.xmf" || name.rfind(".run.h5.tmp-", 0) == 0 ||
                name.rfind(".run.xmf.tmp-", 0) == 0 || name == ".run.h5.lock")
        << name;
  }
}

}  // namespace
}  // namespace stencil::test
