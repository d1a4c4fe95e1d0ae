// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/xdmf.hpp"

#include <climits>
#include <sstream>

#include "io/atomic_file.hpp"
#include "io/grid_file.hpp"
#include "io/output_path.hpp"

namespace stencil::io {
namespace {

std::string xml_escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string xdmf_text(const XdmfSeries& series) {
  const std::string n = std::to_string(series.n);
  // XDMF lists dimensions slowest first (z y x), matching the row-major (y, x) layout of `u`.
  // Every state is a 3-D mesh one node thick in z: ParaView's readers turn a 2-D mesh into a
  // grid in the Y-Z plane, which a default camera looking down Z sees edge-on, while this one
  // lies in X-Y (a 1-D state along X). The values' item names the same dimensions: with a bare
  // "N", the legacy XDMFReader reads one value for a 1-D state and repeats it over every node.
  const std::string mesh = series.dimensions == 2 ? "1 " + n + " " + n : "1 1 " + n;
  const std::size_t value_bytes = element_bytes(series.precision);
  std::ostringstream out;
  out << "<?xml version=\"1.0\" ?>\n"
         "<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
         "<Xdmf Version=\"2.0\">\n"
         "  <Domain>\n"
         "    <Grid Name=\"u\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
  for (const std::int64_t iteration : series.iterations) {
    out << "      <Grid Name=\"" << step_group_name(iteration) << "\" GridType=\"Uniform\">\n"
        << "        <Time Value=\"" << iteration << "\"/>\n"
        << "        <Topology TopologyType=\"3DCoRectMesh\" Dimensions=\"" << mesh << "\"/>\n"
        << "        <Geometry GeometryType=\"ORIGIN_DXDYDZ\">\n"
        << "          <DataItem Dimensions=\"3\" NumberType=\"Float\" Precision=\"8\" "
           "Format=\"XML\">0 0 0</DataItem>\n"
        << "          <DataItem Dimensions=\"3\" NumberType=\"Float\" Precision=\"8\" "
           "Format=\"XML\">1 1 1</DataItem>\n"
        << "        </Geometry>\n"
        << "        <Attribute Name=\"u\" AttributeType=\"Scalar\" Center=\"Node\">\n"
        << "          <DataItem Dimensions=\"" << mesh << "\" NumberType=\"Float\" Precision=\""
        << value_bytes << "\" Format=\"HDF\">" << xml_escaped(series.h5_file_name) << ":"
        << step_dataset_path(iteration) << "</DataItem>\n"
        << "        </Attribute>\n"
        << "      </Grid>\n";
  }
  out << "    </Grid>\n"
         "  </Domain>\n"
         "</Xdmf>\n";
  return out.str();
}

std::string xdmf_sidecar_path(const std::string& h5_path) {
  const std::string name = file_name_of(h5_path);
  const std::string directory = h5_path.substr(0, h5_path.size() - name.size());
  // "run.h5" alone gets ".xmf" in place of its suffix; every other name keeps its whole name and
  // gets ".xdmf", so that no two output names ("run.h5", "run", "run.hdf5") share a sidecar.
  const bool h5 = ends_with(name, ".h5") && name.size() > 3;
  const std::string stem = h5 ? name.substr(0, name.size() - 3) : name;
  return directory + fitted_name(directory.empty() ? "." : directory, stem, h5 ? ".xmf" : ".xdmf");
}

}  // namespace stencil::io
