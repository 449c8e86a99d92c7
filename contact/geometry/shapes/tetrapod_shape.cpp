// `{tetrapod: {...}}`: the non-convex armour unit of the paper's §3.4 and §3.6 (tetrapod.hpp).
#include "contact/geometry/mesh_families.hpp"
#include "contact/geometry/tetrapod.hpp"

namespace polydem {
namespace {

ObjectSchema tetrapod_params() {
  ObjectSchema schema{
      "tetrapod",
      "Four truncated-cone legs along the tetrahedral directions joined by a convex "
      "hub (paper §3.4, §3.6): a non-convex particle with concave edges."};
  schema.add_real("leg_length", "Centre to tip-cap centre.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_real("base_radius", "Leg radius at the centre.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_real("tip_radius", "Leg radius at the tip.")
      .with_unit("m")
      .make_required()
      .greater_than(0);
  schema.add_integer("facets", "Sides of each leg's polygonal cross-section.")
      .with_default(16LL)
      .at_least(3)
      .at_most(256);
  schema
      .add_real("hub_distance",
                "Where the legs meet the hub, from the centre; 0 picks base_radius.")
      .with_unit("m")
      .with_default(0.0)
      .at_least(0);
  schema.example = "{tetrapod: {leg_length: 0.5, base_radius: 0.15, tip_radius: 0.08}}";
  return schema;
}

TriangleMesh make_tetrapod_shape(const ParamSet& set, const MeshSource& /*source*/) {
  return make_tetrapod(TetrapodParams::from(set));
}

}  // namespace

TetrapodParams TetrapodParams::from(const ParamSet& set) {
  TetrapodParams params;
  params.leg_length = set.real("leg_length");
  params.base_radius = set.real("base_radius");
  params.tip_radius = set.real("tip_radius");
  params.facets = static_cast<int>(set.integer("facets"));
  params.hub_distance = set.real("hub_distance");
  return params;
}

POLYDEM_REGISTER(shape_geometries(), tetrapod_params, make_tetrapod_shape)

}  // namespace polydem
