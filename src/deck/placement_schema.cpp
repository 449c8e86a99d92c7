#include "src/deck/placement_schema.hpp"

#include "src/params/declarations.hpp"

#include <algorithm>
#include <string>

#include "src/params/param_set.hpp"
#include "src/params/suggest.hpp"

namespace polydem {
namespace {

/// The keys every generated or file-read body shares (BodyTemplate).
void add_template_keys(ObjectSchema& schema) {
  schema.add_real("density", "Density of the bodies (mass properties from their shape).")
      .with_unit("kg/m³")
      .make_required()
      .greater_than(0);
  schema.add_string("group", "Contact group of the bodies.").with_default(std::string("default"));
  schema.add_vec3("velocity", "Initial velocity of every body.")
      .with_unit("m/s")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("angular_velocity", "Initial angular velocity of every body.")
      .with_unit("rad/s")
      .with_default(Vec3(Vec3::Zero()));
}

}  // namespace

ObjectSchema body_file_params() {
  constexpr PlacementLimits limits{};
  ObjectSchema schema{
      "body_file",
      "Bodies read from a CSV file: a header line, then one body per line with the columns "
      "name, shape, x, y, z, rx, ry, rz (pole position; rotation vector θ·e) and, optionally, "
      "vx, vy, vz, wx, wy, wz (pole velocity; angular velocity, global frame), which then "
      "replace the file's velocity and angular_velocity for that body. At most " +
          std::to_string(limits.max_bodies) + " bodies, " +
          std::to_string(limits.max_file_bytes >> 20) + " MiB, " +
          std::to_string(limits.max_line_bytes) + " bytes a line and " +
          std::to_string(limits.max_field_bytes) + " bytes a field."};
  schema.add_string("file", "The CSV file, relative to the deck's folder.").make_required();
  add_template_keys(schema);
  return schema;
}

ObjectSchema packing_params() {
  ObjectSchema schema{
      "packing",
      "`count` copies of a shape placed in a box without overlap at random orientations: a "
      "lattice of cells one bounding diameter plus `gap` wide, filled from the bottom layer "
      "up; reproducible from `seed`. `polydem pack DECK --out FILE.csv` writes the placement."};
  schema.add_string("shape", "Name of the shape in `shapes`.").make_required();
  schema.add_integer("count", "Number of bodies (10⁶ bodies need some GB of memory).")
      .make_required()
      .at_least(1)
      .at_most(static_cast<double>(PlacementLimits{}.max_bodies));
  schema.add_vec3("box_min", "Lower corner of the box the bodies' bounding spheres stay in.")
      .with_unit("m")
      .make_required();
  schema.add_vec3("box_max", "Upper corner of the box.").with_unit("m").make_required();
  schema
      .add_real(
          "gap",
          "Clearance between neighbouring bounding spheres and from the box faces (more than the "
          "contact law's barrier zone). The default starts the bodies out of contact, as the "
          "initial check of the configuration demands.")
      .with_unit("m")
      .with_computed_default(
          "the largest skin of the contact laws of the packing's group, for bodies of its shape "
          "(0 without contact)")
      .at_least(0);
  schema.add_integer("seed", "Seed of the random orientations.").with_default(1LL).at_least(0);
  schema.add_string("name_prefix", "Bodies are named <prefix><k>, k = 1, 2, ...")
      .with_computed_default("<shape>_");
  add_template_keys(schema);
  schema.complete = [](ParamSet& set) {
    if (!(set.vec3("box_max").array() > set.vec3("box_min").array()).all())
      throw set.error("box_max", "must exceed box_min in every coordinate");
    if (!set.has_value("name_prefix")) set.at("name_prefix").value = set.string("shape") + "_";
  };
  return schema;
}

ObjectSchema group_velocity_params() {
  ObjectSchema schema{"group_velocity", "Initial velocities of every body of a contact group."};
  schema.add_string("group", "The group.").make_required();
  schema.add_vec3("velocity", "Initial velocity.")
      .with_unit("m/s")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("angular_velocity", "Initial angular velocity.")
      .with_unit("rad/s")
      .with_default(Vec3(Vec3::Zero()));
  return schema;
}

void check_placement_references(const ParamSet& deck) {
  std::vector<std::string> shapes;
  for (const ParamSet& shape : deck.objects("shapes")) shapes.push_back(shape.string("name"));
  for (const ParamSet& packing : deck.objects("packings")) {
    const std::string& shape = packing.string("shape");
    if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end())
      throw packing.error(
          "shape", "no shape named '" + shape + "' in `shapes`" + did_you_mean(shape, shapes));
  }
  if (deck.objects("bodies").empty() && deck.objects("body_files").empty() &&
      deck.objects("packings").empty())
    throw deck.error("bodies", "the deck has no bodies: give `bodies`, `body_files` or `packings`");
}

POLYDEM_DECLARE_OBJECT(body_file_params)
POLYDEM_DECLARE_OBJECT(packing_params)
POLYDEM_DECLARE_OBJECT(group_velocity_params)

}  // namespace polydem
