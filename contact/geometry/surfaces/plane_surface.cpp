// `{plane: {...}}`: a finite rectangle facing the bodies (boundary_surfaces.hpp).
#include <Eigen/Geometry>

#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema plane_params() {
  ObjectSchema schema{"plane", "A finite rectangle (two triangles), facing the bodies."};
  schema.add_vec3("center", "Centre of the rectangle.")
      .with_unit("m")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("normal", "Normal towards the bodies.").with_default(Vec3(Vec3::UnitZ()));
  schema.add_vec3("u_direction", "Direction of the first side (projected into the plane).")
      .with_default(Vec3(Vec3::UnitX()));
  schema.add_real("length_u", "Length of the first side.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_real("length_v", "Length of the second side.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.complete = [](ParamSet& set) {
    const Vec3 n = set.vec3("normal");
    if (!(n.norm() > 0)) throw set.error("normal", "must not be the zero vector");
    if (n.normalized().cross(set.vec3("u_direction")).norm() <
            1e-9 * set.vec3("u_direction").norm() ||
        !(set.vec3("u_direction").norm() > 0))
      throw set.error("u_direction", "must not be zero or parallel to the normal");
  };
  schema.example = "{plane: {center: [0, 0, 0], normal: [0, 0, 1], length_u: 10, length_v: 10}}";
  return schema;
}

TriangleMesh make_plane(const ParamSet& set, const MeshSource& /*source*/) {
  return make_planar_rectangle({set.vec3("center"), set.vec3("normal"), set.vec3("u_direction"),
                                set.real("length_u"), set.real("length_v")});
}

}  // namespace

POLYDEM_REGISTER(boundary_surfaces(), plane_params, make_plane)

}  // namespace polydem
