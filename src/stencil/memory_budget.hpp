// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A grid that cannot fit must be refused before allocation: on Linux an oversized host
// allocation "succeeds" and the process is killed later, far from the cause. Every stepper
// checks the grids it allocates, and the host copies its caller keeps (RunConfig::host_copies),
// against the memory they live in before it allocates anything.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "stencil/run_config.hpp"

namespace stencil {

// Set to a number of bytes, this stands for MemAvailable: a test hook, so that the refusals of
// grids too large for the machine (or for an MPI job's node) are tested on any machine.
inline constexpr const char* kFakeAvailableVariable = "STENCIL_TEST_MEM_AVAILABLE";

// MemAvailable from /proc/meminfo (physical memory the kernel can hand out without swapping),
// or the value of kFakeAvailableVariable when that is set.
std::size_t host_available_bytes();

// Throws UnsupportedRequest naming `where` when `needed` exceeds `available`.
void require_memory(std::size_t needed, std::size_t available, const std::string& where);

// The largest N whose `grids` grids (N x N cells of `precision` for dimensions 2, N cells for 1)
// fit in `available` bytes; 0 when not even N = 1 fits. A 2-D N is never above kMaxN2d.
std::int64_t largest_fitting_n(int dimensions, std::size_t grids, std::size_t available,
                               Precision precision = kDefaultPrecision);

// Refuses, with one line, a run whose `grids` arrays of the config's local size do not fit in
// `available` bytes of `where` ("host memory", "the GPU"): what was asked, how much that is, what
// is free and the largest N that fits (a rank's rectangle: use more ranks).
void require_grids(const RunConfig& config, std::size_t grids, std::size_t available,
                   const std::string& where);

std::string format_bytes(double bytes);

}  // namespace stencil
