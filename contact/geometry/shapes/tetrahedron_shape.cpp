// `{tetrahedron: {edge: a}}`: a regular tetrahedron centred on the pole (generators.hpp).
#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema tetrahedron_params() {
  ObjectSchema schema{"tetrahedron",
                      "A regular tetrahedron centred on the pole, one vertex on +z."};
  schema.add_real("edge", "Edge length.").with_unit("m").make_required().greater_than(0);
  schema.example = "{tetrahedron: {edge: 0.1}}";
  return schema;
}

TriangleMesh make_tetrahedron_shape(const ParamSet& set, const MeshSource& /*source*/) {
  return make_tetrahedron_with_edge(set.real("edge"));
}

}  // namespace

POLYDEM_REGISTER(shape_geometries(), tetrahedron_params, make_tetrahedron_shape)

}  // namespace polydem
