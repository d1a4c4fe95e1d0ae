// Kokkos' own --kokkos-* flags and KOKKOS_* environment variables pass through to Kokkos, which
// checks little: --kokkos-threads=0 aborts a team kernel ("Requested Team Size is too large!"),
// --kokkos-threads=abc ends in "stoi", --kokkos-numa=-1 prints three lines. The values the app
// passes on are checked here first, so each bad one is one std::invalid_argument (the driver's
// usage error, exit 2).
#pragma once

#include <string>

namespace stencil::kokkos {

// Throws std::invalid_argument unless `arg` (starting with "--kokkos-") is a flag Kokkos 3.4 ...
// 4.x knows, spelled --name or --name=value as that flag needs, with a value in range.
void validate_flag(const std::string& arg);

// Throws std::invalid_argument for a KOKKOS_NUM_THREADS, KOKKOS_NUMA, KOKKOS_DEVICE_ID,
// KOKKOS_NUM_DEVICES or KOKKOS_SKIP_DEVICE in the environment that is not an integer in range.
void validate_environment();

}  // namespace stencil::kokkos
