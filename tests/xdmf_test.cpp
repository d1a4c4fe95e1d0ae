// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The XDMF sidecar's text. Its well-formedness and that every dataset it names exists are checked
// with real readers (Python's XML parser and h5py) in check_outputs_with_h5py.py.
#include <gtest/gtest.h>

#include "io/output_path.hpp"
#include "io/xdmf.hpp"

namespace stencil::test {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(Xdmf, OneTimeStepPerSavedState2D) {
  const std::string text = io::xdmf_text({"run.h5", 2, 64, {0, 25, 50}});
  EXPECT_EQ(count(text, "<Grid Name=\"step_"), 3u);
  EXPECT_NE(text.find("<Time Value=\"25\"/>"), std::string::npos);
  // One node thick in z, so that ParaView shows the grid in its X-Y plane.
  EXPECT_NE(text.find("TopologyType=\"3DCoRectMesh\" Dimensions=\"1 64 64\""), std::string::npos);
  EXPECT_NE(text.find("Dimensions=\"1 64 64\" NumberType=\"Float\" Precision=\"4\" Format=\"HDF\">"
                      "run.h5:/step_000050/u</DataItem>"),
            std::string::npos);
  EXPECT_NE(text.find("CollectionType=\"Temporal\""), std::string::npos);
}

// The values name the mesh's dimensions: a bare "300" makes ParaView's legacy XDMFReader read
// one value for all 300 nodes.
TEST(Xdmf, OneDimensionalStateIsALineOfNodes) {
  const std::string text = io::xdmf_text({"line.h5", 1, 300, {7}});
  EXPECT_NE(text.find("TopologyType=\"3DCoRectMesh\" Dimensions=\"1 1 300\""), std::string::npos);
  EXPECT_NE(text.find("Dimensions=\"1 1 300\" NumberType"), std::string::npos);
  EXPECT_EQ(text.find("Dimensions=\"300\""), std::string::npos);
  EXPECT_NE(text.find("line.h5:/step_000007/u"), std::string::npos);
}

TEST(Xdmf, FileNamesAreEscaped) {
  const std::string text = io::xdmf_text({"a&b<c>.h5", 2, 4, {0}});
  EXPECT_NE(text.find("a&amp;b&lt;c&gt;.h5:/step_000000/u"), std::string::npos);
}

// Different output names never share a sidecar: only ".h5" is replaced.
TEST(Xdmf, SidecarSitsNextToTheFile) {
  EXPECT_EQ(io::xdmf_sidecar_path("out/run.h5"), "out/run.xmf");
  EXPECT_EQ(io::xdmf_sidecar_path("run.hdf5"), "run.hdf5.xdmf");
  EXPECT_EQ(io::xdmf_sidecar_path("run"), "run.xdmf");
  EXPECT_EQ(io::xdmf_sidecar_path("out/.h5"), "out/.h5.xdmf");
}

// Two names of 255 characters that differ only at the end: their sidecars (one character
// longer than they) and their locks are cut to fit, and still differ.
TEST(Xdmf, NamesCutToFitStayApart) {
  const std::string a = std::string(251, 'n') + "a.h5";
  const std::string b = std::string(251, 'n') + "b.h5";
  for (const auto& [x, y] : {std::pair{io::xdmf_sidecar_path(a), io::xdmf_sidecar_path(b)},
                             std::pair{io::lock_path(a), io::lock_path(b)},
                             std::pair{io::temporary_prefix(a), io::temporary_prefix(b)}}) {
    EXPECT_NE(x, y);
    EXPECT_LE(x.size(), 255u) << x;
    EXPECT_EQ(x.substr(0, 200), y.substr(0, 200));
  }
  EXPECT_EQ(io::xdmf_sidecar_path(a).substr(io::xdmf_sidecar_path(a).size() - 4), ".xmf");
  EXPECT_EQ(io::lock_path(a).substr(io::lock_path(a).size() - 5), ".lock");
  // A temporary adds "<pid>-XXXXXX" (up to 17 characters) to its prefix.
  EXPECT_LE(io::temporary_prefix(a).size() + 17, 255u);
}

}  // namespace
}  // namespace stencil::test
