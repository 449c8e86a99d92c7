// `{box: {size: [a, b, c]}}`: a box centred on the pole (generators.hpp).
#include "contact/geometry/generators.hpp"
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema box_params() {
  ObjectSchema schema{"box", "A box centred on the pole: `{box: {size: [a, b, c]}}`."};
  schema.add_vec3("size", "Edge lengths along the body axes.").with_unit("m").make_required();
  schema.complete = [](ParamSet& set) {
    if (!(set.vec3("size").minCoeff() > 0))
      throw set.error("size", "every edge length must be > 0");
  };
  schema.example = "{box: {size: [0.2, 0.1, 0.1]}}";
  return schema;
}

TriangleMesh make_box_shape(const ParamSet& set, const MeshSource& /*source*/) {
  const Vec3 half = set.vec3("size") / 2;
  return make_box(half.x(), half.y(), half.z());
}

}  // namespace

POLYDEM_REGISTER(shape_geometries(), box_params, make_box_shape)

}  // namespace polydem
