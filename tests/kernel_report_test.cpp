// The sector report without a GPU: kernel names, the per-cell arithmetic (sectors and shared
// memory) and the three formats.
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

// tiled at pitch 32 (docs/seed004.md), N = 4096, 100 launches = 1,677,721,600 cell updates, with
// counts worked out by hand: 5 shared loads per output = 262,144,000 warp-level requests, each a
// 32-way conflict (32 wavefronts); 720,896 stores per launch (11 per 32x8 block) = 72,089,600,
// at 23.1 wavefronts each = 1,665,269,760. All wavefronts: 8,388,608,000 + 1,665,269,760;
// ideal: one per request, 262,144,000 + 72,089,600; store conflicts 1,665,269,760 - 72,089,600.
ProfileReport tiled_pitch32_report() {
  ProfileReport r = strip_report();
  r.variant = "tiled";
  r.chunks = 0;
  KernelProfile& k = r.kernels[0];
  k.shared_ld_requests = 262144000;
  k.shared_ld_wavefronts = 8388608000;
  k.shared_wavefronts = 10053877760;
  k.shared_ideal_wavefronts = 334233600;
  k.shared_st_conflicts = 1593180160;
  return r;
}

TEST(KernelReport, SharedLoadsWavefrontsAndConflictsPerRequest) {
  const ProfileReport r = tiled_pitch32_report();
  const KernelProfile& k = r.kernels[0];
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{9719644160});
  // Excess less store conflicts: 9,719,644,160 - 1,593,180,160 = 31 x 262,144,000.
  EXPECT_EQ(shared_ld_conflicts(k), std::uint64_t{8126464000});
  ASSERT_TRUE(shared_loads_per_output(r, k));
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 5.0);
  ASSERT_TRUE(shared_wavefronts_per_load(k));
  EXPECT_DOUBLE_EQ(*shared_wavefronts_per_load(k), 32.0);
  ASSERT_TRUE(shared_ld_conflicts_per_load(k));
  EXPECT_DOUBLE_EQ(*shared_ld_conflicts_per_load(k), 31.0);
}

TEST(KernelReport, SharedLoadsPerOutputMatchTheSeedArithmetic) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  // regblock's (p+2)^2/p^2: 1,677,721,600 x 4 / 32 requests at p = 2, x 2.25 / 32 at p = 4.
  k.shared_ld_requests = 209715200;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 4.0);
  k.shared_ld_requests = 117964800;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 2.25);
  // p = 4 reads 4 words apart: a 4-way conflict.
  k.shared_ld_wavefronts = 471859200;
  EXPECT_DOUBLE_EQ(*shared_wavefronts_per_load(k), 4.0);
  // A launch that fuses 4 iterations updates every cell 4 times: a quarter per cell update.
  r.iterations_per_launch = 4;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 0.5625);
}

TEST(KernelReport, SharedConflictsClampAtZeroAndRatiosNeedRequests) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  k.shared_wavefronts = 100;
  k.shared_ideal_wavefronts = 120;  // fewer than ideal: no excess, not a wrapped-around count
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{0});
  k.shared_ideal_wavefronts = 90;
  k.shared_st_conflicts = 15;  // store conflicts beyond the excess leave none for loads
  EXPECT_EQ(shared_ld_conflicts(k), std::uint64_t{0});
  // A kernel without shared loads: 0 per output, no per-load ratio.
  k.shared_ld_requests = 0;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 0.0);
  EXPECT_FALSE(shared_wavefronts_per_load(k));
  EXPECT_FALSE(shared_ld_conflicts_per_load(k));
}

TEST(KernelReport, MissingSharedMetricsLeaveOnlyTheirFiguresEmpty) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  k.shared_st_conflicts.reset();  // the load conflicts need it; the rest does not
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{9719644160});
  EXPECT_FALSE(shared_ld_conflicts(k));
  EXPECT_FALSE(shared_ld_conflicts_per_load(k));
  EXPECT_DOUBLE_EQ(*shared_wavefronts_per_load(k), 32.0);
  k.shared_ideal_wavefronts.reset();
  EXPECT_FALSE(shared_excess_wavefronts(k));
  k.shared_ld_requests.reset();
  EXPECT_FALSE(shared_loads_per_output(r, k));
  EXPECT_FALSE(shared_wavefronts_per_load(k));
}

// CSV columns by name, from a report of one kernel.
std::map<std::string, std::string> csv_fields(const ProfileReport& r,
                                              std::vector<std::string>* keys = nullptr) {
  std::ostringstream out;
  write_report(out, r, ReportFormat::csv);
  std::istringstream lines(out.str());
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  const auto names = stencil::test::split_csv(header);
  const auto values = stencil::test::split_csv(row);
  EXPECT_EQ(names.size(), values.size());
  std::map<std::string, std::string> field;
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    field[names[i]] = values[i];
  if (keys)
    *keys = names;
  return field;
}

TEST(KernelReport, CsvAppendsTheSharedColumnsAfterTheSectorColumns) {
  std::vector<std::string> keys;
  auto field = csv_fields(tiled_pitch32_report(), &keys);
  // Readers that index columns keep their positions: the earlier columns end at commit, as before.
  ASSERT_EQ(keys.size(), 37u);
  EXPECT_EQ(keys[12], "total_sectors");
  EXPECT_EQ(keys[26], "commit");
  const std::vector<std::string> appended(keys.begin() + 27, keys.end());
  EXPECT_EQ(appended, (std::vector<std::string>{
                          "shared_ld_requests", "shared_ld_wavefronts", "shared_wavefronts",
                          "shared_ideal_wavefronts", "shared_excess_wavefronts",
                          "shared_st_conflicts", "shared_ld_conflicts", "shared_loads_per_output",
                          "shared_wavefronts_per_load", "shared_ld_conflicts_per_load"}));
  EXPECT_EQ(field["shared_ld_requests"], "262144000");
  EXPECT_EQ(field["shared_ld_wavefronts"], "8388608000");
  EXPECT_EQ(field["shared_wavefronts"], "10053877760");
  EXPECT_EQ(field["shared_ideal_wavefronts"], "334233600");
  EXPECT_EQ(field["shared_excess_wavefronts"], "9719644160");
  EXPECT_EQ(field["shared_st_conflicts"], "1593180160");
  EXPECT_EQ(field["shared_ld_conflicts"], "8126464000");
  EXPECT_EQ(field["shared_loads_per_output"], "5.000000");
  EXPECT_EQ(field["shared_wavefronts_per_load"], "32.000000");
  EXPECT_EQ(field["shared_ld_conflicts_per_load"], "31.000000");
  EXPECT_EQ(field["total_sectors"], "851865600");  // the sector columns are untouched
}

TEST(KernelReport, UnavailableSharedMetricsAreEmptyInCsvNullInJsonDashInText) {
  const ProfileReport r = strip_report();  // no shared-memory counts at all
  auto field = csv_fields(r);
  for (const char* key : {"shared_ld_requests", "shared_ld_wavefronts", "shared_wavefronts",
                          "shared_ideal_wavefronts", "shared_excess_wavefronts",
                          "shared_st_conflicts", "shared_ld_conflicts", "shared_loads_per_output",
                          "shared_wavefronts_per_load", "shared_ld_conflicts_per_load"}) {
    EXPECT_EQ(field[key], "") << key;
  }

  std::ostringstream json;
  write_report(json, r, ReportFormat::json);
  for (const char* key : {"shared_ld_requests", "shared_ld_conflicts", "shared_loads_per_output",
                          "shared_wavefronts_per_load", "shared_ld_conflicts_per_load"}) {
    EXPECT_NE(json.str().find("\"" + std::string(key) + "\": null"), std::string::npos)
        << key << "\n"
        << json.str();
  }

  std::ostringstream text;
  write_report(text, r, ReportFormat::text);
  std::istringstream lines(text.str());
  std::vector<std::string> cells;  // the kernel's row, split at blanks
  for (std::string line; std::getline(lines, line);) {
    if (line.find("stencil::cuda::strip_kernel") == std::string::npos)
      continue;
    std::istringstream words(line);
    for (std::string cell; words >> cell;)
      cells.push_back(cell);
  }
  ASSERT_GE(cells.size(), 3u) << text.str();
  // The last three cells: shLD/out, wf/shLD, conf/shLD.
  EXPECT_EQ(std::vector<std::string>(cells.end() - 3, cells.end()),
            (std::vector<std::string>{"-", "-", "-"}))
      << text.str();
}

TEST(KernelReport, JsonAndTextCarryTheSharedFigures) {
  const ProfileReport r = tiled_pitch32_report();
  std::ostringstream json;
  write_report(json, r, ReportFormat::json);
  for (const char* piece :
       {"\"shared_ld_requests\": 262144000", "\"shared_excess_wavefronts\": 9719644160",
        "\"shared_ld_conflicts\": 8126464000", "\"shared_loads_per_output\": 5.000000",
        "\"shared_wavefronts_per_load\": 32.000000", "\"shared_ld_conflicts_per_load\": 31.000000",
        "\"ld_requests\": \"smsp__sass_inst_executed_op_shared_ld\""}) {
    EXPECT_NE(json.str().find(piece), std::string::npos) << piece << "\n" << json.str();
  }
  std::ostringstream text;
  write_report(text, r, ReportFormat::text);
  for (const char* piece : {"shLD/out", "wf/shLD", "conf/shLD", "5.000", "32.00", "31.00",
                            "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal"}) {
    EXPECT_NE(text.str().find(piece), std::string::npos) << piece << "\n" << text.str();
  }
}

}  // namespace
}  // namespace stencil::profile
