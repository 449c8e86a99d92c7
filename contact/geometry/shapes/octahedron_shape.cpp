// `{octahedron: {edge: a}}`: a regular octahedron centred on the pole (generators.hpp).
#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema octahedron_params() {
  ObjectSchema schema{"octahedron",
                      "A regular octahedron centred on the pole, vertices on the axes."};
  schema.add_real("edge", "Edge length.").with_unit("m").make_required().greater_than(0);
  schema.example = "{octahedron: {edge: 0.1}}";
  return schema;
}

TriangleMesh make_octahedron_shape(const ParamSet& set, const MeshSource& /*source*/) {
  return make_octahedron_with_edge(set.real("edge"));
}

}  // namespace

POLYDEM_REGISTER(shape_geometries(), octahedron_params, make_octahedron_shape)

}  // namespace polydem
