// A grid that cannot fit must be refused before allocation: on Linux an oversized host
// allocation "succeeds" and the process is killed later, far from the cause.
#pragma once

#include <cstddef>
#include <string>

namespace stencil {

// Set to a number of bytes, this stands for MemAvailable: a test hook, so that the refusals of
// grids too large for the machine (or for an MPI job's node) are tested on any machine.
inline constexpr const char* kFakeAvailableVariable = "STENCIL_TEST_MEM_AVAILABLE";

// MemAvailable from /proc/meminfo (physical memory the kernel can hand out without swapping),
// or the value of kFakeAvailableVariable when that is set.
std::size_t host_available_bytes();

// Throws UnsupportedRequest naming `where` when `needed` exceeds `available`.
void require_memory(std::size_t needed, std::size_t available, const std::string& where);

std::string format_bytes(double bytes);

}  // namespace stencil
