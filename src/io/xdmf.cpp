#include "io/xdmf.hpp"

#include <climits>
#include <sstream>

#include "io/grid_file.hpp"

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
        << "          <DataItem Dimensions=\"" << mesh
        << "\" NumberType=\"Float\" Precision=\"4\" Format=\"HDF\">"
        << xml_escaped(series.h5_file_name) << ":" << step_dataset_path(iteration)
        << "</DataItem>\n"
        << "        </Attribute>\n"
        << "      </Grid>\n";
  }
  out << "    </Grid>\n"
         "  </Domain>\n"
         "</Xdmf>\n";
  return out.str();
}

std::string xdmf_sidecar_path(const std::string& h5_path) {
  std::string stem = h5_path;
  for (const char* suffix : {".h5", ".hdf5", ".hdf"}) {
    if (ends_with(h5_path, suffix)) {
      stem = h5_path.substr(0, h5_path.size() - std::string(suffix).size());
      break;
    }
  }
  // A legal output name near NAME_MAX leaves no room for ".xmf": the stem is shortened instead.
  const std::size_t slash = stem.find_last_of('/');
  const std::size_t name_length = stem.size() - (slash == std::string::npos ? 0 : slash + 1);
  constexpr std::size_t kSuffix = 4;  // ".xmf"
  if (name_length + kSuffix > NAME_MAX)
    stem.resize(stem.size() - (name_length + kSuffix - NAME_MAX));
  return stem + ".xmf";
}

}  // namespace stencil::io
