// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/interrupt_cleanup.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace stencil::io {
namespace {

// Fixed storage, no allocation: the handler reads it. A slot is published by `used` only after
// its path is complete, and cleared before the path may change.
constexpr int kSlots = 8;
constexpr std::size_t kPathBytes = 4096;
char g_paths[kSlots][kPathBytes];
std::atomic<int> g_used[kSlots];
std::atomic<int> g_deferred{0};
std::atomic<int> g_pending{0};  // the signal that arrived while deferred
std::atomic<bool> g_installed{false};
std::atomic<bool> g_outputs_expected{false};
std::atomic<bool> g_line_open{false};
std::atomic<int> g_leaving{-1};  // the exit status of a process on its way out; -1 while it runs
const char* g_program = "";

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

// Every signal whose default action ends the process and that a user or a batch system sends
// (SIGXFSZ is left to the caller: main ignores it, so a write past ulimit -f fails as a write):
// each would leave the temporaries and the lock behind.
struct Caught {
  int number;
  const char* line;  // after the program's name
};
constexpr Caught kCaught[] = {
    {SIGINT, ": interrupted by SIGINT"},      {SIGTERM, ": terminated by SIGTERM"},
    {SIGHUP, ": hung up (SIGHUP)"},           {SIGQUIT, ": quit by SIGQUIT"},
    {SIGUSR1, ": stopped by SIGUSR1"},        {SIGUSR2, ": stopped by SIGUSR2"},
    {SIGPIPE, ": broken pipe (SIGPIPE)"},     {SIGALRM, ": timed out (SIGALRM)"},
    {SIGXCPU, ": out of CPU time (SIGXCPU)"},
};

const char* line_of(int signal_number) {
  for (const Caught& caught : kCaught) {
    if (caught.number == signal_number)
      return caught.line;
  }
  return ": stopped by a signal";
}

void say(const char* text) {
  const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

[[noreturn]] void clean_up_and_exit(int signal_number) {
  bool removed = false;
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i].load()) {
      ::unlink(g_paths[i]);
      removed = true;
    }
  }
  // A process already leaving with its own status (an MPI launcher ends the other ranks of a
  // job one rank has left) keeps that status and says nothing more: its line is printed.
  if (const int status = g_leaving.load(); status >= 0 && !removed)
    ::_exit(status);
  const bool outputs = removed || g_outputs_expected.load();
  // A closed pipe ends a command that writes no file as it ends any other program: quietly.
  if (signal_number == SIGPIPE && !outputs)
    ::_exit(128 + signal_number);
  if (g_line_open.load())
    say("\n");  // after the progress line, not glued to it
  say(g_program);
  say(line_of(signal_number));
  // The cleanup is claimed only where the run writes files: a read-only command has none.
  say(outputs ? "; unfinished outputs removed, earlier files unchanged\n" : "\n");
  ::_exit(128 + signal_number);
}

void on_interrupt(int signal_number) {
  if (g_deferred.load() > 0) {
    g_pending.store(signal_number);
    return;
  }
  clean_up_and_exit(signal_number);
}

}  // namespace

void remove_temporaries_on_interrupt(const char* program) {
  g_program = program;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  for (const Caught& caught : kCaught)
    sigaddset(&action.sa_mask, caught.number);
  for (const Caught& caught : kCaught) {
    // A signal the caller's parent set to be ignored (nohup, a shell's trap '' HUP) stays so.
    struct sigaction current {};
    if (::sigaction(caught.number, nullptr, &current) == 0 && current.sa_handler == SIG_IGN)
      continue;
    ::sigaction(caught.number, &action, nullptr);
  }
  g_installed.store(true);
}

void expect_outputs() {
  g_outputs_expected.store(true);
}

void leaving_with(int status) {
  g_leaving.store(status);
}

void set_line_open(bool open) {
  g_line_open.store(open);
}

void register_temporary(const std::string& path) {
  if (!g_installed.load() || path.size() >= kPathBytes)
    return;
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i].load() == 0) {
      std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
      g_used[i].store(1);
      return;
    }
  }
}

void unregister_temporary(const std::string& path) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i].load() && path == g_paths[i])
      g_used[i].store(0);
  }
}

InterruptsDeferred::InterruptsDeferred() {
  g_deferred.fetch_add(1);
}

InterruptsDeferred::~InterruptsDeferred() {
  if (g_deferred.fetch_sub(1) == 1) {
    if (const int signal_number = g_pending.exchange(0))
      clean_up_and_exit(signal_number);
  }
}

}  // namespace stencil::io
