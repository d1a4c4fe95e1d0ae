// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A stand-alone OpenMP-offload Jacobi five-point probe: it tells whether a compiler's offload image
// loads and runs on this machine's GPU, and at what rate, without the mini-app's build. One
// argument, N: an N x N fp64 grid with fixed boundary, the naive `rows` loop shape of
// src/omptarget (teams over rows, threads over x). It checks every cell against the plain host
// loop after the timed steps and exits non-zero on a mismatch, or when the target region ran on
// the host (set OMP_TARGET_OFFLOAD=MANDATORY to make a refused image an error rather than a
// silent host fallback).
#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

// The update of one cell: the border keeps its value, an interior cell takes the centre and its
// four neighbours, weighted as the mini-app's five-point stencil (0.5 and 0.125).
#pragma omp declare target
inline double updated(const double* in, int x, int y, int n) {
  const long i = static_cast<long>(y) * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    return in[i];
  const double neighbours = ((in[i - 1] + in[i + 1]) + in[i - n]) + in[i + n];
  return 0.5 * in[i] + 0.125 * neighbours;
}
#pragma omp end declare target

// Host threads share the reference steps: a single thread takes about a minute at N = 16384.
void step_reference(const double* in, double* out, int n) {
#pragma omp parallel for
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      out[static_cast<long>(y) * n + x] = updated(in, x, y, n);
}

// The `rows` loop shape of src/omptarget/naive.cpp: teams over rows, each row's columns across
// the team's 256 threads.
void step_device(const double* in, double* out, int n) {
#pragma omp target teams distribute thread_limit(256) is_device_ptr(in, out)
  for (int y = 0; y < n; ++y) {
#pragma omp parallel for
    for (int x = 0; x < n; ++x)
      out[static_cast<long>(y) * n + x] = updated(in, x, y, n);
  }
}

bool ran_on_device() {
  int initial = 1;
#pragma omp target map(from : initial)
  initial = omp_is_initial_device();
  return initial == 0;
}

}  // namespace

int main(int argc, char** argv) {
  char* end = nullptr;
  const long arg = argc == 2 ? std::strtol(argv[1], &end, 10) : 0;
  if (argc != 2 || *end != '\0' || arg < 3 || arg > 32768) {
    std::fprintf(stderr, "usage: %s N (3 <= N <= 32768)\n", argv[0]);
    return 2;
  }
  // The first target region loads the image (and, for an LLVM IR image, compiles it): its time
  // is what each program start costs.
  const double load_start = omp_get_wtime();
  const bool on_device = ran_on_device();
  const double load_seconds = omp_get_wtime() - load_start;
  if (!on_device) {
    std::fprintf(stderr, "probe: the target region ran on the host, not on a GPU\n");
    return 1;
  }
  const int n = static_cast<int>(arg);
  const long cells = arg * arg;
  std::vector<double> grid(cells);
  for (long i = 0; i < cells; ++i)
    grid[i] = static_cast<double>((i * 7919) % 1013) / 1013.0;

  const int device = omp_get_default_device();
  const size_t bytes = sizeof(double) * static_cast<size_t>(cells);
  auto* a = static_cast<double*>(omp_target_alloc(bytes, device));
  auto* b = static_cast<double*>(omp_target_alloc(bytes, device));
  if (a == nullptr || b == nullptr) {
    std::fprintf(stderr, "probe: omp_target_alloc of 2 x %zu bytes failed\n", bytes);
    return 1;
  }
  const int host = omp_get_initial_device();
  omp_target_memcpy(a, grid.data(), bytes, 0, 0, device, host);
  omp_target_memcpy(b, grid.data(), bytes, 0, 0, device, host);

  // Two warm-up steps (module load, first launch), then a timed run long enough at N = 4096
  // that per-launch costs show as they do in the mini-app's 200-step study rows.
  const int warm = 2;
  const int steps = 200;
  for (int s = 0; s < warm; ++s) {
    step_device(a, b, n);
    step_device(b, a, n);
  }
  const double start = omp_get_wtime();
  for (int s = 0; s < steps; s += 2) {
    step_device(a, b, n);
    step_device(b, a, n);
  }
  const double seconds = omp_get_wtime() - start;

  std::vector<double> got(cells);
  omp_target_memcpy(got.data(), a, bytes, 0, 0, host, device);
  omp_target_free(a, device);
  omp_target_free(b, device);

  // The same 2 * warm + steps steps on the host, then an exact comparison: -ffp-contract=off
  // keeps FMA out of both sides.
  std::vector<double> other(grid);
  for (int s = 0; s < 2 * warm + steps; s += 2) {
    step_reference(grid.data(), other.data(), n);
    step_reference(other.data(), grid.data(), n);
  }
  long wrong = 0;
  for (long i = 0; i < cells; ++i)
    wrong += got[i] != grid[i];
  const double rate = static_cast<double>(cells) * steps / seconds * 1e-9;
  std::printf("probe N=%d steps=%d seconds=%.6f gcells=%.2f wrong=%ld load_seconds=%.3f\n", n,
              steps, seconds, rate, wrong, load_seconds);
  return wrong == 0 ? 0 : 1;
}
