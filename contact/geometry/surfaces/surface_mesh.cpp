// `{surface_mesh: {file: F, scale: s}}`: a boundary read from an STL or OBJ file.
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema surface_mesh_params() {
  ObjectSchema schema{
      "surface_mesh",
      "A triangle mesh (STL or OBJ), open or closed, whose normals face the bodies."};
  add_mesh_file_keys(schema);
  schema.example = "{surface_mesh: {file: hopper.stl, rotate: [0, 0, 90], translate: [0, 0, 1]}}";
  return schema;
}

}  // namespace

POLYDEM_REGISTER(boundary_surfaces(), surface_mesh_params, read_mesh_file)

}  // namespace polydem
