#include "contact/geometry/mesh_families.hpp"

#include "contact/geometry/mesh_reader.hpp"
#include "contact/geometry/mesh_transform.hpp"

namespace polydem {

std::string MeshSource::resolve(const std::string& file) const {
  const std::filesystem::path path(file);
  if (path.is_absolute()) return file;
  return (folder / path).lexically_normal().string();
}

Family<TriangleMesh, MeshSource>& shape_geometries() {
  static Family<TriangleMesh, MeshSource> family(PolymorphicFamily::named(
      "geometry", "The geometry of a particle shape, a map with one key naming its type."));
  return family;
}

Family<TriangleMesh, MeshSource>& boundary_surfaces() {
  static Family<TriangleMesh, MeshSource> family(PolymorphicFamily::named(
      "surface", "The surface of a boundary, a map with one key naming its type."));
  return family;
}

POLYDEM_DECLARE_FAMILY(shape_geometries)
POLYDEM_DECLARE_FAMILY(boundary_surfaces)

// The placement keys are those of `polydem mesh` (--scale, --rotate,
// --translate), so that a mesh checked on the command line is placed the same
// way in a deck, and one file serves every copy of a part.
void add_mesh_file_keys(ObjectSchema& schema) {
  schema.add_string("file", "Mesh file, relative to the deck's folder.").make_required();
  schema.add_real("scale", "Uniform scale applied to the coordinates, first.")
      .with_default(1.0)
      .greater_than(0);
  schema
      .add_vec3("rotate", "Rotation applied after the scale: about x, then y, then z (fixed axes).")
      .with_unit("degree")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("translate", "Translation applied last.")
      .with_unit("m")
      .with_default(Vec3(Vec3::Zero()));
}

TriangleMesh read_mesh_file(const ParamSet& set, const MeshSource& source) {
  const MeshTransform placement{set.real("scale"), set.vec3("rotate"), set.vec3("translate")};
  return transformed(read_mesh(source.resolve(set.string("file"))), placement);
}

}  // namespace polydem
