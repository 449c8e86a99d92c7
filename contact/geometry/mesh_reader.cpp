#include "contact/geometry/mesh_reader.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "contact/geometry/obj_reader.hpp"
#include "contact/geometry/stl_reader.hpp"
#include "contact/geometry/text_tokens.hpp"
#include "src/core/errors.hpp"

namespace polydem {

TriangleMesh read_mesh(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".stl") return read_stl(path);
  if (extension == ".obj") return read_obj(path);
  throw InputError(SourceMark{path}, "",
                   concat({"unknown mesh format '", extension, "' (expected .stl or .obj)"}));
}

}  // namespace polydem
