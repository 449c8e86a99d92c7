// `{box_container: {...}}`: an open or closed box seen from inside (boundary_surfaces.hpp).
#include "contact/geometry/boundary_surfaces.hpp"
#include "contact/geometry/mesh_families.hpp"

namespace polydem {
namespace {

ObjectSchema box_container_params() {
  ObjectSchema schema{"box_container",
                      "An axis-aligned box seen from inside (bottom, four walls, optional lid), "
                      "normals inward."};
  schema.add_vec3("center", "Centre of the box.").with_unit("m").with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("half_extents", "Half the inner size along x, y, z.")
      .with_unit("m")
      .make_required();
  schema.add_bool("open_top", "Leave out the lid.").with_default(true);
  schema.complete = [](ParamSet& set) {
    if (!(set.vec3("half_extents").minCoeff() > 0))
      throw set.error("half_extents", "every half extent must be > 0");
  };
  schema.example = "{box_container: {center: [0, 0, 0.5], half_extents: [0.5, 0.5, 0.5]}}";
  return schema;
}

TriangleMesh make_container(const ParamSet& set, const MeshSource& /*source*/) {
  return make_box_container(
      {set.vec3("center"), set.vec3("half_extents"), set.boolean("open_top")});
}

}  // namespace

POLYDEM_REGISTER(boundary_surfaces(), box_container_params, make_container)

}  // namespace polydem
