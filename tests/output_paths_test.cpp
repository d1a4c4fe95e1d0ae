// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Output paths on the real binary: what sits at an output path (a symlink is followed, a FIFO,
// device or socket refused), names up to NAME_MAX, one writer per output, SIGINT and SIGTERM
// removing the unfinished outputs, and a dead writer's temporaries removed by the next run.
#include <gtest/gtest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "h5_fixtures.hpp"
#include "process.hpp"

extern char** environ;

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(STENCIL_MINIAPP_PATH, args);
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

TEST(OutputPaths, ASymlinkIsFollowedAndStaysALink) {
  TempDir dir;
  std::filesystem::create_directory(dir / "data");
  ASSERT_EQ(miniapp({"-n", "16", "-iters", "1", "-output", dir / "data/real.h5"}).exit_code, 0);
  std::filesystem::create_symlink("data/real.h5", dir / "run.h5");
  const auto r = miniapp({"-n", "16", "-iters", "4", "-output", dir / "run.h5"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "run.h5"));
  EXPECT_EQ(std::filesystem::read_symlink(dir / "run.h5"), "data/real.h5");
  // The target holds the new run (its final step), read through the link.
  EXPECT_EQ(read_floats(dir / "run.h5", "/step_000004/u").size(), 16u * 16u);
  EXPECT_EQ(read_floats(dir / "data/real.h5", "/step_000004/u").size(), 16u * 16u);
  // Nothing else appeared beside the link or the target (no temporaries, no lock).
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"data", "run.h5", "run.xmf"}));
  for (const auto& entry : std::filesystem::directory_iterator(dir / "data")) {
    const std::string name = entry.path().filename();
    EXPECT_TRUE(name == "real.h5" || name == "real.xmf") << name;
  }
}

TEST(OutputPaths, FifosDevicesAndSocketsAreRefusedNotReplaced) {
  TempDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo.h5").c_str(), 0600), 0);
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string socket_path = dir / "sock.h5";
  ASSERT_LT(socket_path.size(), sizeof address.sun_path);
  std::strcpy(address.sun_path, socket_path.c_str());
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  // Never the real /dev/null: a binary without the check (the one this test must fail on) would
  // replace it, as root, for the whole machine. A link to it is safe (such a binary replaces the
  // link), and so is a device node of our own where we may make one.
  std::filesystem::create_symlink("/dev/null", dir / "null.h5");
  std::vector<std::pair<std::string, std::string>> cases = {
      {dir / "fifo.h5", "is a FIFO"},
      {socket_path, "is a socket"},
      {dir / "null.h5", "is a device"},  // through a symlink
  };
  if (::mknod((dir / "device.h5").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0)
    cases.push_back({dir / "device.h5", "is a device"});
  for (const auto& [path, fragment] : cases) {
    const auto r = miniapp({"-n", "16", "-iters", "1", "-output", path});
    EXPECT_EQ(r.exit_code, 2) << path << "\n" << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  ::close(sock);
  struct stat info {};
  ASSERT_EQ(::lstat((dir / "null.h5").c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  ASSERT_EQ(::stat("/dev/null", &info), 0);
  EXPECT_TRUE(S_ISCHR(info.st_mode));
  struct stat fifo {};
  ASSERT_EQ(::lstat((dir / "fifo.h5").c_str(), &fifo), 0);
  EXPECT_TRUE(S_ISFIFO(fifo.st_mode));
}

TEST(OutputPaths, NamesUpToNameMaxWork) {
  for (const std::size_t length : {244u, 250u, 254u, 255u}) {
    TempDir dir;
    const std::string name = std::string(length - 3, 'n') + ".h5";
    const auto r = miniapp({"-n", "16", "-iters", "2", "-output", dir / name});
    EXPECT_EQ(r.exit_code, 0) << length << ": " << r.err;
    EXPECT_EQ(read_floats(dir / name, "/step_000002/u").size(), 16u * 16u) << length;
    // The output and its sidecar (".xmf" replaces ".h5"; at 255 characters the sidecar is cut
    // to fit, with a digest), nothing else.
    const std::vector<std::string> names = dir.names();
    ASSERT_EQ(names.size(), 2u) << length;
    const std::string sidecar = names[0] == name ? names[1] : names[0];
    if (length < 255) {
      EXPECT_EQ(sidecar, std::string(length - 3, 'n') + ".xmf");
    } else {
      EXPECT_EQ(sidecar.size(), 255u);
      EXPECT_EQ(sidecar.substr(0, 200), std::string(200, 'n'));
      EXPECT_EQ(sidecar.substr(251), ".xmf");
    }
  }
}

// XML cannot hold a control character, so the sidecar could not name such an output: refused,
// with the character escaped in the line, and nothing written.
TEST(OutputPaths, AControlCharacterInTheNameIsRefused) {
  TempDir dir;
  const auto r = miniapp({"-n", "16", "-iters", "1", "-output", dir / "a\x1b[31m.h5"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("control character 0x1b"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_TRUE(dir.names().empty());
}

// Every name a run creates is checked before it computes: an output name (or, under mpirun, a
// tile file name) that cannot be renamed into place is refused at once, with exit 2, no result
// and nothing left behind.
TEST(OutputPaths, NamesPastNameMaxAreRefusedBeforeTheRun) {
  TempDir dir;
  const std::string name = std::string(297, 'x') + ".h5";
  const auto r = miniapp({"-n", "64", "-iters", "2", "-output", dir / name});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("more than the 255 this file system allows"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.out.find("checksum"), std::string::npos) << r.out;
  EXPECT_TRUE(dir.names().empty());
  // A name whose ".xdmf" sidecar passes NAME_MAX is cut to fit (a digest keeps it apart).
  const std::string longest = std::string(255, 'y');
  const auto fits = miniapp({"-n", "16", "-iters", "2", "-output", dir / longest});
  EXPECT_EQ(fits.exit_code, 0) << fits.err;
}

// Runs `command` under /bin/sh with every signal at its default action, whatever this test
// process inherited (a signal ignored on entry stays ignored in the run, by design).
pid_t spawn(const std::string& command) {
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t all;
  sigfillset(&all);
  posix_spawnattr_setsigdefault(&attributes, &all);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  const int failed =
      posix_spawn(&pid, "/bin/sh", nullptr, &attributes, const_cast<char**>(argv), environ);
  posix_spawnattr_destroy(&attributes);
  return failed != 0 ? -1 : pid;
}

// A long run that saves a 1 MiB state after every step into dir/run.h5, stderr to dir/../err.
// The file-size limit (64 MiB in dash's 512-byte blocks) bounds the disk it could fill.
pid_t start_saving_run(const TempDir& dir, const std::string& err_path) {
  return spawn("ulimit -f 131072; exec '" + std::string(STENCIL_MINIAPP_PATH) +
               "' -n 512 -iters 100000 -save-every 1 -output '" + (dir / "run.h5") +
               "' >/dev/null 2>'" + err_path + "'");
}

std::uintmax_t temporary_size(const TempDir& dir) {
  std::uintmax_t size = 0;
  for (const auto& name : dir.names()) {
    if (starts_with(name, ".run.h5.tmp-")) {
      std::error_code ignored;
      size = std::max(size, std::filesystem::file_size(dir / name, ignored));
    }
  }
  return size;
}

// Waits until the run has several states in its temporary (it is saving), or it ended.
bool wait_until_saving(const TempDir& dir, pid_t pid) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (temporary_size(dir) < 3u * 1024 * 1024 && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

// What the run's line names for each signal it cleans up on.
std::string signal_word(int signal_number) {
  switch (signal_number) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGUSR1:
      return "SIGUSR1";
    case SIGPIPE:
      return "SIGPIPE";
    case SIGALRM:
      return "SIGALRM";
    default:
      return "?";
  }
}

TEST(OutputPaths, SignalsThatEndTheRunRemoveTheUnfinishedOutputs) {
  TempDir dir;
  TempDir scratch;
  ASSERT_EQ(miniapp({"-n", "16", "-iters", "3", "-output", dir / "run.h5"}).exit_code, 0);
  const std::string before = read_bytes(dir / "run.h5");
  const std::string sidecar = read_bytes(dir / "run.xmf");
  int tried = 0;
  const std::vector<int> signals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGPIPE, SIGALRM};
  for (const int signal_number : signals) {
    const pid_t pid = start_saving_run(dir, scratch / "err");
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(wait_until_saving(dir, pid)) << "the run ended before it could be signalled";
    ASSERT_EQ(kill(pid, signal_number), 0);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ++tried;
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal_number);
    const std::string err = read_bytes(scratch / "err");
    EXPECT_EQ(lines(err), 1u) << err;
    EXPECT_NE(err.find(signal_word(signal_number)), std::string::npos) << err;
    EXPECT_NE(err.find("unfinished outputs removed"), std::string::npos) << err;
    EXPECT_EQ(dir.names(), (std::vector<std::string>{"run.h5", "run.xmf"}))
        << "temporaries left after signal " << signal_number;
    EXPECT_EQ(read_bytes(dir / "run.h5"), before);
    EXPECT_EQ(read_bytes(dir / "run.xmf"), sidecar);
  }
  EXPECT_EQ(tried, static_cast<int>(signals.size()));
}

TEST(OutputPaths, ASecondRunToTheSameOutputIsRefusedWhileTheFirstWrites) {
  TempDir dir;
  TempDir scratch;
  const pid_t pid = start_saving_run(dir, scratch / "err");
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(wait_until_saving(dir, pid));
  const auto second = miniapp({"-n", "16", "-iters", "1", "-output", dir / "run.h5"});
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_EQ(second.exit_code, 2) << second.err;
  EXPECT_NE(second.err.find("is being written by another run"), std::string::npos) << second.err;
  EXPECT_EQ(lines(second.err), 1u) << second.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "run.h5"));  // neither run's file, no mixed pair
  EXPECT_FALSE(std::filesystem::exists(dir / "run.xmf"));
  // Once the first is gone, the output is free again.
  EXPECT_EQ(miniapp({"-n", "16", "-iters", "1", "-output", dir / "run.h5"}).exit_code, 0);
}

TEST(OutputPaths, TheNextRunRemovesTemporariesOfDeadWritersOnly) {
  TempDir dir;
  // A pid that has certainly exited: a finished child's (reaped).
  const pid_t dead = spawn("exit 0");
  ASSERT_GT(dead, 0);
  int status = 0;
  ASSERT_EQ(waitpid(dead, &status, 0), dead);
  const std::string stale = ".run.h5.tmp-" + std::to_string(dead) + "-Ab12Cd";
  const std::string stale_sidecar = ".run.xmf.tmp-" + std::to_string(dead) + "-Ef34Gh";
  const std::string live = ".run.h5.tmp-" + std::to_string(getpid()) + "-Ij56Kl";
  const std::string other_output = ".other.h5.tmp-" + std::to_string(dead) + "-Mn78Op";
  for (const auto& name : {stale, stale_sidecar, live, other_output})
    write_bytes(dir / name, "left behind");
  ASSERT_EQ(miniapp({"-n", "16", "-iters", "1", "-output", dir / "run.h5"}).exit_code, 0);
  std::vector<std::string> expected = {live, other_output, "run.h5", "run.xmf"};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(dir.names(), expected);
}

}  // namespace
}  // namespace stencil::test
