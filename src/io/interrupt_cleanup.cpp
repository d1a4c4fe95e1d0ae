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
const char* g_program = "";

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

void say(const char* text) {
  const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

[[noreturn]] void clean_up_and_exit(int signal_number) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i].load())
      ::unlink(g_paths[i]);
  }
  say(g_program);
  say(signal_number == SIGINT ? ": interrupted by SIGINT" : ": terminated by SIGTERM");
  say("; unfinished outputs removed, earlier files unchanged\n");
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
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  g_installed.store(true);
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
