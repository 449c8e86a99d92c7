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

void add_mesh_file_keys(ObjectSchema& schema) {
  schema.add_string("file", "Mesh file, relative to the deck's folder.").make_required();
  schema.add_real("scale", "Uniform scale applied to the coordinates.")
      .with_default(1.0)
      .greater_than(0);
}

TriangleMesh read_mesh_file(const ParamSet& set, const MeshSource& source) {
  MeshTransform scale;
  scale.scale = set.real("scale");
  return transformed(read_mesh(source.resolve(set.string("file"))), scale);
}

}  // namespace polydem
