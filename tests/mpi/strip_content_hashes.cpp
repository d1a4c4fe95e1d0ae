// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test helper: forges a file written without content hashes (a build without xxHash, or an older
// file) from a saved one by deleting the hash attributes of every /step_*/u: content_xxh3_64 of a
// tile file's or a plain file's states, tile_content_xxh3_64 of a main file's virtual states.
// Everything else, the save_set_id included, stays as written.
// usage: stencil_strip_content_hashes FILE...   (exit 0, or 1 with one line on failure)
#include <hdf5.h>

#include <cstdio>
#include <string>

#include "io/content_hash.hpp"
#include "io/grid_file.hpp"
#include "io/tile_piece.hpp"

namespace {

bool delete_if_present(hid_t dataset, const char* name) {
  const htri_t exists = H5Aexists(dataset, name);
  return exists == 0 || (exists > 0 && H5Adelete(dataset, name) >= 0);
}

// Strips every step's hashes in `path`; false when the file or a step cannot be rewritten.
bool strip(const char* path) {
  const hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
  if (file < 0)
    return false;
  H5G_info_t info{};
  bool ok = H5Gget_info(file, &info) >= 0;
  int steps = 0;
  for (hsize_t i = 0; ok && i < info.nlinks; ++i) {
    char name[256] = {};
    if (H5Lget_name_by_idx(file, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name,
                           H5P_DEFAULT) < 0) {
      ok = false;
      break;
    }
    if (stencil::io::parse_step_group_name(name) < 0)
      continue;
    const std::string dataset_path = std::string("/") + name + "/" + stencil::io::kStateName;
    const hid_t dataset = H5Dopen2(file, dataset_path.c_str(), H5P_DEFAULT);
    ok = dataset >= 0 && delete_if_present(dataset, stencil::io::kContentHashAttribute) &&
         delete_if_present(dataset, stencil::io::kTileHashesAttribute);
    if (dataset >= 0)
      H5Dclose(dataset);
    ++steps;
  }
  ok = H5Fclose(file) >= 0 && ok;
  return ok && steps > 0;
}

}  // namespace

int main(int argc, char** argv) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  for (int i = 1; i < argc; ++i) {
    if (!strip(argv[i])) {
      std::fprintf(stderr, "stencil_strip_content_hashes: cannot strip the hashes of '%s'\n",
                   argv[i]);
      return 1;
    }
  }
  return argc > 1 ? 0 : 1;
}
