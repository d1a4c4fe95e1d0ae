// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The sector report without a GPU: kernel names, the per-cell arithmetic (sectors and shared
// memory), the three formats, the shared-memory plan and the retry without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "measure/profile/kernel_names.hpp"
#include "measure/profile/kernel_report.hpp"
#include "measure/profile/shared_fallback.hpp"
#include "measure/profile/shared_metric_plan.hpp"
#include "process.hpp"

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
  EXPECT_DOUBLE_EQ(r.ideal_sectors_per_cell_update(), 0.25);
}

// In fp64 a sector holds 4 cells, not 8: the ideal doubles and the same sectors are half as far
// from it.
TEST(KernelReport, Fp64IdealIsHalfASectorPerCellUpdate) {
  ProfileReport r = strip_report();
  r.precision = Precision::fp64;
  EXPECT_DOUBLE_EQ(r.ideal_sectors_per_cell_update(), 0.5);
  EXPECT_NEAR(ratio_to_ideal(r, r.kernels[0]), 1.0155, 1e-4);
}

// The CSV report split into its header and its data rows (each line after the header).
struct CsvTable {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> rows;
};
CsvTable read_csv(const ProfileReport& r) {
  std::ostringstream out;
  write_report(out, r, ReportFormat::csv);
  std::istringstream lines(out.str());
  std::string line;
  CsvTable table;
  std::getline(lines, line);
  table.names = stencil::test::split_csv(line);
  while (std::getline(lines, line))
    table.rows.push_back(stencil::test::split_csv(line));
  return table;
}

// One data row's columns by name.
std::map<std::string, std::string> by_name(const std::vector<std::string>& names,
                                           const std::vector<std::string>& values) {
  std::map<std::string, std::string> field;
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    field[names[i]] = values[i];
  return field;
}

// CSV columns by name, from a report of one kernel.
std::map<std::string, std::string> csv_fields(const ProfileReport& r,
                                              std::vector<std::string>* keys = nullptr) {
  const CsvTable table = read_csv(r);
  const std::vector<std::string> values =
      table.rows.empty() ? std::vector<std::string>{} : table.rows[0];
  EXPECT_EQ(table.names.size(), values.size());
  if (keys)
    *keys = table.names;
  return by_name(table.names, values);
}

TEST(KernelReport, CsvHasOneRowPerKernelAndEmptyUnknowns) {
  ProfileReport r = strip_report();
  r.kernels[0].registers_per_thread.reset();
  const CsvTable csv = read_csv(r);
  EXPECT_EQ(csv.rows.size(), 1u);
  ASSERT_FALSE(csv.rows.empty());
  ASSERT_EQ(csv.names.size(), csv.rows[0].size());
  auto field = by_name(csv.names, csv.rows[0]);
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

// tiled at pitch 32 (docs/lesson004.md), N = 4096, 100 launches = 1,677,721,600 cell updates in
// 6,553,600 blocks of 32x8 outputs, with counts worked out by hand per block: 40 warp-level loads
// (5 per output), each a 32-way conflict (32 wavefronts), and 11 stores (the flat load of 340
// floats) at 23.1 wavefronts each. Wavefronts 40 x 32 + 11 x 23.1 = 1,534.1 per block, ideal one
// per request = 51, excess 1,483.1.
ProfileReport tiled_pitch32_report() {
  ProfileReport r = strip_report();
  r.variant = "tiled";
  r.chunks = 0;
  KernelProfile& k = r.kernels[0];
  k.shared_ld_requests = 262144000;       // 40 x 6,553,600
  k.shared_st_requests = 72089600;        // 11 x 6,553,600
  k.shared_wavefronts = 10053877760;      // 1,534.1 x 6,553,600
  k.shared_ideal_wavefronts = 334233600;  // 51 x 6,553,600
  return r;
}

TEST(KernelReport, SharedLoadsStoresAndConflictsPerRequest) {
  const ProfileReport r = tiled_pitch32_report();
  const KernelProfile& k = r.kernels[0];
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{9719644160});  // 1,483.1 x 6,553,600
  ASSERT_TRUE(shared_loads_per_output(r, k));
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 5.0);  // 32 x 40 / 256
  ASSERT_TRUE(shared_stores_per_output(r, k));
  EXPECT_DOUBLE_EQ(*shared_stores_per_output(r, k), 1.375);  // 32 x 11 / 256
  // Loads and stores together: (40 x 31 + 11 x 22.1) / 51 = 1,483.1 / 51.
  ASSERT_TRUE(shared_conflicts_per_request(k));
  EXPECT_NEAR(*shared_conflicts_per_request(k), 29.080392, 1e-6);
}

TEST(KernelReport, SharedLoadsPerOutputMatchTheSeedArithmetic) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  // regblock's (p+2)^2/p^2: 1,677,721,600 x 4 / 32 requests at p = 2, x 2.25 / 32 at p = 4.
  k.shared_ld_requests = 209715200;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 4.0);
  k.shared_ld_requests = 117964800;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 2.25);
  // At p = 4 the kernel's shared loads are vector loads (Nsight Compute's request count).
  k.shared_ld_requests = 39321600;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 0.75);
  // A launch that fuses 4 iterations updates every cell 4 times: a quarter per cell update.
  r.iterations_per_launch = 4;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 0.1875);
  EXPECT_DOUBLE_EQ(*shared_stores_per_output(r, k), 1.375 / 4);
}

TEST(KernelReport, SharedConflictsClampAtZeroAndRatiosNeedRequests) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  k.shared_wavefronts = 100;
  k.shared_ideal_wavefronts = 120;  // fewer than ideal: no excess, not a wrapped-around count
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{0});
  EXPECT_DOUBLE_EQ(*shared_conflicts_per_request(k), 0.0);
  // Stores alone still give a per-request figure: 10 excess over 5 store requests.
  k.shared_ideal_wavefronts = 90;
  k.shared_ld_requests = 0;
  k.shared_st_requests = 5;
  EXPECT_DOUBLE_EQ(*shared_conflicts_per_request(k), 2.0);
  // A kernel without shared memory: 0 per output, no per-request figure.
  k.shared_st_requests = 0;
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 0.0);
  EXPECT_DOUBLE_EQ(*shared_stores_per_output(r, k), 0.0);
  EXPECT_FALSE(shared_conflicts_per_request(k));
}

TEST(KernelReport, MissingSharedMetricsLeaveOnlyTheirFiguresEmpty) {
  ProfileReport r = tiled_pitch32_report();
  KernelProfile& k = r.kernels[0];
  k.shared_st_requests.reset();  // the per-request figure needs it; the rest does not
  EXPECT_FALSE(shared_stores_per_output(r, k));
  EXPECT_FALSE(shared_conflicts_per_request(k));
  EXPECT_DOUBLE_EQ(*shared_loads_per_output(r, k), 5.0);
  EXPECT_EQ(shared_excess_wavefronts(k), std::uint64_t{9719644160});
  k = tiled_pitch32_report().kernels[0];
  k.shared_ideal_wavefronts.reset();
  EXPECT_FALSE(shared_excess_wavefronts(k));
  EXPECT_FALSE(shared_conflicts_per_request(k));
  EXPECT_DOUBLE_EQ(*shared_stores_per_output(r, k), 1.375);
  k.shared_ld_requests.reset();
  EXPECT_FALSE(shared_loads_per_output(r, k));
}

const std::vector<std::string> kSharedCsvColumns = {
    "shared_ld_requests",       "shared_st_requests",          "shared_wavefronts",
    "shared_ideal_wavefronts",  "shared_excess_wavefronts",    "shared_loads_per_output",
    "shared_stores_per_output", "shared_conflicts_per_request"};

TEST(KernelReport, CsvAppendsTheSharedColumnsAfterTheSectorColumns) {
  std::vector<std::string> keys;
  auto field = csv_fields(tiled_pitch32_report(), &keys);
  // Readers that index columns keep their positions: the sector columns end at commit, the
  // shared-memory columns follow, and the precision comes last.
  ASSERT_EQ(keys.size(), 36u);
  EXPECT_EQ(keys[12], "total_sectors");
  EXPECT_EQ(keys[26], "commit");
  EXPECT_EQ(std::vector<std::string>(keys.begin() + 27, keys.end() - 1), kSharedCsvColumns);
  EXPECT_EQ(keys.back(), "precision");
  EXPECT_EQ(field["precision"], "fp32");
  EXPECT_EQ(field["shared_ld_requests"], "262144000");
  EXPECT_EQ(field["shared_st_requests"], "72089600");
  EXPECT_EQ(field["shared_wavefronts"], "10053877760");
  EXPECT_EQ(field["shared_ideal_wavefronts"], "334233600");
  EXPECT_EQ(field["shared_excess_wavefronts"], "9719644160");
  EXPECT_EQ(field["shared_loads_per_output"], "5.000000");
  EXPECT_EQ(field["shared_stores_per_output"], "1.375000");
  EXPECT_EQ(field["shared_conflicts_per_request"], "29.080392");
  EXPECT_EQ(field["total_sectors"], "851865600");  // the sector columns are untouched
}

TEST(KernelReport, UnavailableSharedMetricsAreEmptyInCsvNullInJsonDashInText) {
  const ProfileReport r = strip_report();  // no shared-memory counts at all
  auto field = csv_fields(r);
  for (const auto& key : kSharedCsvColumns)
    EXPECT_EQ(field[key], "") << key;

  std::ostringstream json;
  write_report(json, r, ReportFormat::json);
  for (const auto& key : kSharedCsvColumns) {
    EXPECT_NE(json.str().find("\"" + key + "\": null"), std::string::npos) << key << "\n"
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
  // The last three cells: shLD/out, shST/out, conf/req.
  EXPECT_EQ(std::vector<std::string>(cells.end() - 3, cells.end()),
            (std::vector<std::string>{"-", "-", "-"}))
      << text.str();
}

TEST(KernelReport, JsonAndTextCarryTheSharedFigures) {
  const ProfileReport r = tiled_pitch32_report();
  std::ostringstream json;
  write_report(json, r, ReportFormat::json);
  for (const char* piece :
       {"\"shared_ld_requests\": 262144000", "\"shared_st_requests\": 72089600",
        "\"shared_excess_wavefronts\": 9719644160", "\"shared_loads_per_output\": 5.000000",
        "\"shared_stores_per_output\": 1.375000", "\"shared_conflicts_per_request\": 29.080392",
        "\"ld_requests\": \"smsp__sass_inst_executed_op_shared_ld\"",
        "\"st_requests\": \"smsp__sass_inst_executed_op_shared_st\""}) {
    EXPECT_NE(json.str().find(piece), std::string::npos) << piece << "\n" << json.str();
  }
  std::ostringstream text;
  write_report(text, r, ReportFormat::text);
  for (const char* piece : {"shLD/out", "shST/out", "conf/req", "5.000", "1.375", "29.08",
                            "counted in one CUPTI scope (sectors and shared memory)",
                            "smsp__sass_inst_executed_op_shared_st",
                            "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal"}) {
    EXPECT_NE(text.str().find(piece), std::string::npos) << piece << "\n" << text.str();
  }
  // Neither metric GH100 lacks is cited any more.
  for (const std::string& report : {json.str(), text.str()}) {
    EXPECT_EQ(report.find("data_pipe_lsu_wavefronts_mem_shared_op_ld"), std::string::npos);
    EXPECT_EQ(report.find("bank_conflicts"), std::string::npos);
  }
}

// A chip's SASS metric lookup that offers `ids` by name and records every name asked for.
SassMetricLookup chip_offering(std::map<std::string, std::uint64_t> ids,
                               std::vector<std::string>* asked = nullptr) {
  return [ids, asked](const char* metric) -> std::optional<std::uint64_t> {
    if (asked)
      asked->push_back(metric);
    const auto at = ids.find(metric);
    return at == ids.end() ? std::nullopt : std::optional<std::uint64_t>(at->second);
  };
}

// The four metrics GH100 offers (docs/sectors.md), with made-up ids.
const std::map<std::string, std::uint64_t> kGh100SharedIds = {
    {"smsp__sass_inst_executed_op_shared_ld", 701},
    {"smsp__sass_inst_executed_op_shared_st", 702},
    {"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", 703},
    {"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal", 704}};

TEST(SharedMetricPlan, AsksForTheFourMetricsGh100OffersAndReadsTheirSums) {
  std::vector<std::string> asked;
  const SharedMetricPlan plan(chip_offering(kGh100SharedIds, &asked));
  std::vector<std::string> expected;
  for (const auto& [name, id] : kGh100SharedIds)
    expected.push_back(name);
  std::sort(asked.begin(), asked.end());
  EXPECT_EQ(asked, expected);
  EXPECT_EQ(plan.metric_ids(), (std::vector<std::uint64_t>{701, 702, 703, 704}));
  EXPECT_TRUE(plan.missing().empty());

  // One tiled pitch-32 block's counts, in metric_ids() order.
  const SharedCounts counts = plan.interpret({{kCudaStrip, {40, 11, 1534, 51}}});
  ASSERT_TRUE(counts.counted);
  const FunctionShared& f = counts.by_function.at(kCudaStrip);
  EXPECT_EQ(f.ld_requests, std::uint64_t{40});
  EXPECT_EQ(f.st_requests, std::uint64_t{11});
  EXPECT_EQ(f.wavefronts, std::uint64_t{1534});
  EXPECT_EQ(f.ideal_wavefronts, std::uint64_t{51});
  EXPECT_EQ(counts.none.ld_requests, std::uint64_t{0});
  EXPECT_EQ(counts.none.ideal_wavefronts, std::uint64_t{0});
}

TEST(SharedMetricPlan, AMissingMetricLeavesItsFieldAbsent) {
  const SharedMetricPlan plan(
      chip_offering({{"smsp__sass_inst_executed_op_shared_ld", 701},
                     {"smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared", 703}}));
  EXPECT_EQ(plan.metric_ids(), (std::vector<std::uint64_t>{701, 703}));
  EXPECT_EQ(plan.missing(),
            (std::vector<std::string>{"smsp__sass_inst_executed_op_shared_st",
                                      "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal"}));
  const SharedCounts counts = plan.interpret({{kCudaStrip, {7, 9}}});
  ASSERT_TRUE(counts.counted);
  const FunctionShared& f = counts.by_function.at(kCudaStrip);
  EXPECT_EQ(f.ld_requests, std::uint64_t{7});
  EXPECT_EQ(f.wavefronts, std::uint64_t{9});
  EXPECT_FALSE(f.st_requests);
  EXPECT_FALSE(f.ideal_wavefronts);
  EXPECT_EQ(counts.none.ld_requests, std::uint64_t{0});
  EXPECT_FALSE(counts.none.st_requests);
}

TEST(SharedMetricPlan, AChipWithoutTheMetricsCountsNothing) {
  const SharedMetricPlan plan(chip_offering({}));
  EXPECT_TRUE(plan.metric_ids().empty());
  EXPECT_EQ(plan.missing().size(), 4u);
  EXPECT_FALSE(plan.interpret({{kCudaStrip, {}}}).counted);
}

TEST(SharedMetricPlan, AKernelWithoutSharedMemoryThatWasNotRecordedCountsZero) {
  const SharedMetricPlan plan(chip_offering(kGh100SharedIds));
  const SharedCounts counts = plan.interpret({{"_Z5otherv", {1, 2, 3, 4}}});
  std::vector<std::string> notes;

  KernelProfile naive = strip_report().kernels[0];
  naive.static_smem_bytes = 0;  // no shared memory at all: it cannot execute a shared instruction
  add_shared_counts(naive, counts, notes);
  EXPECT_EQ(naive.shared_ld_requests, std::uint64_t{0});
  EXPECT_EQ(naive.shared_st_requests, std::uint64_t{0});
  EXPECT_EQ(naive.shared_wavefronts, std::uint64_t{0});
  EXPECT_EQ(naive.shared_ideal_wavefronts, std::uint64_t{0});
  EXPECT_TRUE(notes.empty());

  KernelProfile strip = strip_report().kernels[0];  // 1,032 bytes of static shared memory
  add_shared_counts(strip, counts, notes);
  EXPECT_FALSE(strip.shared_ld_requests);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("shared-memory columns are empty"), std::string::npos) << notes[0];

  KernelProfile recorded = strip_report().kernels[0];
  recorded.mangled_name = "_Z5otherv";
  add_shared_counts(recorded, counts, notes);
  EXPECT_EQ(recorded.shared_ld_requests, std::uint64_t{1});
  EXPECT_EQ(recorded.shared_ideal_wavefronts, std::uint64_t{4});

  KernelProfile uncounted = naive;  // shared memory was not in the scope: nothing changes
  uncounted.shared_ld_requests.reset();
  add_shared_counts(uncounted, SharedCounts{}, notes);
  EXPECT_FALSE(uncounted.shared_ld_requests);
  EXPECT_EQ(notes.size(), 1u);
}

TEST(SharedFallback, TheCombinedScopeIsUsedWhenCuptiTakesIt) {
  std::vector<bool> runs;
  std::vector<std::string> notes;
  const int result = count_with_shared_fallback(
      [&](bool with_shared) {
        runs.push_back(with_shared);
        return with_shared ? 2 : 1;
      },
      notes);
  EXPECT_EQ(result, 2);
  EXPECT_EQ(runs, (std::vector<bool>{true}));
  EXPECT_TRUE(notes.empty());
}

TEST(SharedFallback, ACuptiErrorRetriesWithTheSectorMetricsAloneAndSaysSo) {
  for (const bool unavailable : {false, true}) {
    std::vector<bool> runs;
    std::vector<std::string> notes;
    const int result = count_with_shared_fallback(
        [&](bool with_shared) {
          runs.push_back(with_shared);
          if (with_shared && unavailable)
            throw ProfileUnavailable("CUPTI_ERROR_NOT_SUPPORTED in cuptiSassMetricsSetConfig");
          if (with_shared) {
            throw CuptiFailure(
                "CUPTI error: CUPTI_ERROR_OUT_OF_MEMORY in cuptiSassMetricsSetConfig(&params)");
          }
          return 1;
        },
        notes);
    EXPECT_EQ(result, 1);
    EXPECT_EQ(runs, (std::vector<bool>{true, false}));
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0].rfind("shared memory not counted: ", 0), 0u) << notes[0];
    EXPECT_NE(
        notes[0].find(unavailable ? "CUPTI_ERROR_NOT_SUPPORTED" : "CUPTI_ERROR_OUT_OF_MEMORY"),
        std::string::npos)
        << notes[0];
  }
}

TEST(SharedFallback, AFailingLaunchIsNotRetried) {
  std::vector<bool> runs;
  std::vector<std::string> notes;
  auto run = [&](bool with_shared) -> int {
    runs.push_back(with_shared);
    throw RuntimeFailure("CUDA error in tiled_kernel: cudaErrorLaunchFailure");
  };
  EXPECT_THROW(count_with_shared_fallback(run, notes), RuntimeFailure);
  EXPECT_EQ(runs, (std::vector<bool>{true}));
  EXPECT_TRUE(notes.empty());
}

TEST(SharedFallback, TheSectorRunsOwnFailurePropagates) {
  std::vector<std::string> notes;
  auto run = [&](bool with_shared) -> int {
    if (with_shared)
      throw CuptiFailure("CUPTI error: CUPTI_ERROR_OUT_OF_MEMORY");
    throw ProfileUnavailable("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
  };
  EXPECT_THROW(count_with_shared_fallback(run, notes), ProfileUnavailable);
}

}  // namespace
}  // namespace stencil::profile
