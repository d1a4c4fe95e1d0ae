// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The pieces a packaged binary relies on, without a process: the CPU model read from cpuinfo
// text, sample inputs and Kokkos Tools found by bare name, and what the result says about the
// thread binding under an MPI launcher.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "build_info.hpp"
#include "install_layout.hpp"
#include "thread_binding.hpp"

namespace stencil::test {
namespace {

namespace fs = std::filesystem;

TEST(CpuModel, TakesTheFirstModelName) {
  EXPECT_EQ(app::cpu_model_from("processor\t: 0\nvendor_id\t: AuthenticAMD\n"
                                "model name\t: AMD EPYC 7B13 64-Core Processor  \n"
                                "processor\t: 1\nmodel name\t: other\n"),
            "AMD EPYC 7B13 64-Core Processor");
}

TEST(CpuModel, FallsBackToProcessorThenUnknown) {
  EXPECT_EQ(app::cpu_model_from("Processor\t: ARMv7 Processor rev 4 (v7l)\n"),
            "ARMv7 Processor rev 4 (v7l)");
  EXPECT_EQ(app::cpu_model_from("processor\t: 0\nBogoMIPS\t: 50.00\n"), "unknown");
  EXPECT_EQ(app::cpu_model_from(""), "unknown");
}

// A sample folder and a tools folder in a fresh temporary directory, and an empty working folder.
class BareNames : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("stencil_package_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "inputs");
    fs::create_directories(root_ / "tools");
    fs::create_directories(root_ / "work");
    std::ofstream(root_ / "inputs" / "sample.h5") << "x";
    std::ofstream(root_ / "tools" / "kp_tool.so") << "x";
    folders_ = {(root_ / "inputs").string(), (root_ / "tools").string()};
    old_cwd_ = fs::current_path();
    fs::current_path(root_ / "work");
  }
  void TearDown() override {
    fs::current_path(old_cwd_);
    fs::remove_all(root_);
  }
  fs::path root_;
  fs::path old_cwd_;
  app::DataFolders folders_;
};

TEST_F(BareNames, ASampleNameReadsTheSample) {
  const std::string sample = folders_.inputs + "/sample.h5";
  EXPECT_EQ(app::resolve_sample_input("sample.h5", folders_), sample);
  EXPECT_EQ(app::resolve_sample_input("sample.h5:/step_000000/u", folders_),
            sample + ":/step_000000/u");
}

TEST_F(BareNames, AFileHereOrAPathIsLeftAsGiven) {
  std::ofstream("sample.h5") << "mine";
  EXPECT_EQ(app::resolve_sample_input("sample.h5", folders_), "sample.h5");
  EXPECT_EQ(app::resolve_sample_input("./other.h5", folders_), "./other.h5");
  EXPECT_EQ(app::resolve_sample_input("missing.h5", folders_), "missing.h5");
  EXPECT_EQ(app::resolve_sample_input("", folders_), "");
  EXPECT_EQ(app::resolve_sample_input("sample.h5", app::DataFolders{}), "sample.h5");
}

TEST_F(BareNames, AToolNameLoadsTheInstalledTool) {
  const std::string tool = folders_.kokkos_tools + "/kp_tool.so";
  EXPECT_EQ(app::resolve_tool_library("--kokkos-tools-libs=kp_tool.so", folders_),
            "--kokkos-tools-libs=" + tool);
  EXPECT_EQ(app::resolve_tool_library("--kokkos-tools-library=kp_tool.so", folders_),
            "--kokkos-tools-library=" + tool);
  EXPECT_EQ(app::resolve_tool_library("--kokkos-tools-libs=/abs/kp_a.so;kp_tool.so", folders_),
            "--kokkos-tools-libs=/abs/kp_a.so;" + tool);
}

TEST_F(BareNames, OtherArgumentsAreLeftAsGiven) {
  EXPECT_EQ(app::resolve_tool_library("--kokkos-tools-libs=kp_other.so", folders_),
            "--kokkos-tools-libs=kp_other.so");
  EXPECT_EQ(app::resolve_tool_library("-input", folders_), "-input");
  EXPECT_EQ(app::resolve_tool_library("--kokkos-tools-args=kp_tool.so", folders_),
            "--kokkos-tools-args=kp_tool.so");
}

TEST(ThreadBinding, UnderALauncherTheResultSaysWhyItIsNotSet) {
  ::unsetenv("OMP_PROC_BIND");
  ::unsetenv("OMP_PLACES");
  app::leave_thread_binding_to_launcher();
  const std::string note = app::thread_binding_note();
  EXPECT_NE(note.find("left to the MPI launcher"), std::string::npos) << note;
  EXPECT_NE(note.find("--bind-to"), std::string::npos) << note;
}

}  // namespace
}  // namespace stencil::test
