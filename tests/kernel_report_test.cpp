// The sector report without a GPU: kernel names, the per-cell arithmetic and the three formats.
#include <gtest/gtest.h>

#include <sstream>

#include "process.hpp"
#include "profile/kernel_names.hpp"
#include "profile/kernel_report.hpp"

namespace stencil::profile {
namespace {

// Device-side names as nvcc 13 emits them (taken from this project's objects).
const char* kCudaStrip = "_ZN7stencil4cuda12strip_kernelEPKfPfi";
// A Kokkos TeamPolicy launch of the lambda in strip_step: the extended-lambda closure type uses
// nvcc's "Unvhdl" mangling, which the C++ demangler rejects.
const char* kKokkosStripDevice =
    "_ZN6Kokkos4Impl33cuda_parallel_launch_local_memoryINS0_11ParallelForIZN7stencil6kokkos10strip_"
    "stepINS_4CudaEEEvRKT_RKNS_4ViewIPKfJNS7_12memory_spaceEEEERKNSA_IPfJSD_EEEiiEUnvhdl0_0_0_6_"
    "PFvRKS6_RKNSA_ISC_JNS_9CudaSpaceEEEERKNSA_ISH_JSN_EEEiiES5_IS6_E1_vRKNS0_"
    "14CudaTeamMemberEEKiSZ_"
    "iSZ_SP_SS_NS_10TeamPolicyIJS6_EEES6_EEEEvS7_";
// The host-side spelling of the same launch, through nvcc's __nv_hdl_wrapper_t.
const char* kKokkosStripHost =
    "_ZN6Kokkos4ImplL33cuda_parallel_launch_local_memoryINS0_11ParallelForI18__nv_hdl_wrapper_"
    "tILb0ELb0ELb0E11__nv_dl_tagIPFvRKNS_4CudaERKNS_4ViewIPKfJNS_9CudaSpaceEEEERKNS8_IPfJSB_"
    "EEEiiEXadL_ZN7stencil6kokkos10strip_stepIS5_EEvRKT_RKNS8_ISA_JNSO_12memory_spaceEEEERKNS8_ISF_"
    "JSR_EEEiiEELj1EEFvRKNS0_14CudaTeamMemberEEJKiS13_iS13_SD_SH_EENS_10TeamPolicyIJS5_EEES5_"
    "EEEEvSO_";

TEST(KernelNames, NativeKernelsLoseTheirSignature) {
  EXPECT_EQ(demangle(kCudaStrip), "stencil::cuda::strip_kernel(float const*, float*, int)");
  EXPECT_EQ(short_kernel_name(kCudaStrip), "stencil::cuda::strip_kernel");
  EXPECT_EQ(short_kernel_name("_Z6squarePfi"), "square");
}

TEST(KernelNames, KokkosKernelsAreNamedAfterTheirLambdasFunction) {
  EXPECT_EQ(short_kernel_name(kKokkosStripDevice),
            "stencil::kokkos::strip_step (Kokkos ParallelFor)");
  EXPECT_EQ(short_kernel_name(kKokkosStripHost),
            "stencil::kokkos::strip_step (Kokkos ParallelFor)");
}

TEST(KernelNames, UnreadableNamesPassThrough) {
  EXPECT_EQ(short_kernel_name("plain_c_kernel"), "plain_c_kernel");
  EXPECT_EQ(demangle("not_mangled"), "not_mangled");
}

ProfileReport strip_report() {
  ProfileReport r;
  r.variant = "strip";
  r.implementation = "cuda";
  r.execution_space = "CUDA device 0: test";
  r.dimensions = 2;
  r.n = 4096;
  r.chunks = 16;
  r.launches = 100;
  r.chip = "GH100";
  r.sector_split = "per instruction";
  r.step_time_ms = 0.02;
  r.commit = "abc";
  KernelProfile k;
  k.mangled_name = kCudaStrip;
  k.name = "stencil::cuda::strip_kernel";
  k.total_sectors = 851865600;
  k.load_sectors = 642150400;
  k.store_sectors = 209715200;
  k.launches_recorded = 100;
  k.block = std::array<unsigned, 3>{256, 1, 1};
  k.grid = std::array<unsigned, 3>{16, 16, 1};
  k.dynamic_smem_bytes = 0;
  k.registers_per_thread = 30;
  k.static_smem_bytes = 1032;
  k.theoretical_occupancy = 1.0;
  k.time_per_launch_ms = 0.02;
  r.kernels.push_back(k);
  return r;
}

TEST(KernelReport, SectorsPerCellUpdateAndRatioToIdeal) {
  const ProfileReport r = strip_report();
  EXPECT_DOUBLE_EQ(r.cell_updates(), 4096.0 * 4096.0 * 100.0);
  EXPECT_NEAR(sectors_per_cell_update(r, r.kernels[0]), 0.50775, 1e-5);
  EXPECT_NEAR(ratio_to_ideal(r, r.kernels[0]), 2.0310, 1e-4);
  EXPECT_DOUBLE_EQ(kIdealSectorsPerCellUpdate, 0.25);
}

TEST(KernelReport, CsvHasOneRowPerKernelAndEmptyUnknowns) {
  ProfileReport r = strip_report();
  r.kernels[0].registers_per_thread.reset();
  std::ostringstream out;
  write_report(out, r, ReportFormat::csv);
  std::istringstream lines(out.str());
  std::string header, row, extra;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_FALSE(std::getline(lines, extra));
  const auto keys = stencil::test::split_csv(header);
  const auto values = stencil::test::split_csv(row);
  ASSERT_EQ(keys.size(), values.size());
  std::map<std::string, std::string> field;
  for (std::size_t i = 0; i < keys.size(); ++i)
    field[keys[i]] = values[i];
  EXPECT_EQ(field["total_sectors"], "851865600");
  EXPECT_EQ(field["load_sectors"], "642150400");
  EXPECT_EQ(field["store_sectors"], "209715200");
  EXPECT_EQ(field["sectors_per_launch"], "8518656.0");
  EXPECT_EQ(field["kernel"], "stencil::cuda::strip_kernel");
  EXPECT_EQ(field["registers_per_thread"], "");
  EXPECT_EQ(field["block"], "256x1x1");
  EXPECT_EQ(field["static_smem_bytes"], "1032");
  EXPECT_EQ(field["theoretical_occupancy"], "1.0000");
}

TEST(KernelReport, JsonWritesNullForUnknowns) {
  ProfileReport r = strip_report();
  r.kernels[0].load_sectors.reset();
  r.notes.push_back("a \"quoted\" note");
  std::ostringstream out;
  write_report(out, r, ReportFormat::json);
  const std::string json = out.str();
  EXPECT_NE(json.find("\"load_sectors\": null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"total_sectors\": 851865600"), std::string::npos) << json;
  EXPECT_NE(json.find("\"sector_metric\": \"smsp__sass_sectors_mem_global\""), std::string::npos);
  EXPECT_NE(json.find("a \\\"quoted\\\" note"), std::string::npos) << json;
}

TEST(KernelReport, TextTableShowsEveryColumn) {
  std::ostringstream out;
  write_report(out, strip_report(), ReportFormat::text);
  const std::string text = out.str();
  for (const char* piece : {"stencil::cuda::strip_kernel", "851865600", "642150400", "0.5078",
                            "2.031", "1032", "256x1x1", "100.0%", "chip GH100", "0.25 sectors"}) {
    EXPECT_NE(text.find(piece), std::string::npos) << piece << "\n" << text;
  }
}

}  // namespace
}  // namespace stencil::profile
