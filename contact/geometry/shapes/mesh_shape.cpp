// `{mesh: {file: F, scale: s}}`: a particle shape read from an STL or OBJ file.
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema mesh_params() {
  ObjectSchema schema{"mesh",
                      "A closed, outward-oriented triangle mesh from an STL (ASCII or binary) or "
                      "OBJ file; coordinates are body-frame positions relative to the pole."};
  add_mesh_file_keys(schema);
  schema.example = "{mesh: {file: rock.stl, scale: 0.001}}";
  return schema;
}

}  // namespace

POLYDEM_REGISTER(shape_geometries(), mesh_params, read_mesh_file)

}  // namespace polydem
