// Work of an applied load over a step; see applied_loads.hpp.
#include "elements/applied_loads.hpp"

#include <algorithm>

#include <Eigen/Geometry>

#include "src/params/declarations.hpp"
#include "src/params/time_function_params.hpp"

namespace polydem {

double load_work_increment(const AppliedLoad& load, const NodeState& state_i,
                           const NodeState& state_ip1, double t_i, double t_ip1, bool dynamic) {
  const double mean_scale = 0.5 * (load.scale(t_i) + load.scale(t_ip1));
  if (dynamic) {
    const auto point_velocity = [&](const NodeState& s) {
      return Vec3(s.velocity +
                  s.angular_velocity.cross(s.rotation.toRotationMatrix() * load.point));
    };
    const Vec3 mean_velocity = 0.5 * (point_velocity(state_i) + point_velocity(state_ip1));
    const Vec3 mean_spin = 0.5 * (state_i.angular_velocity + state_ip1.angular_velocity);
    return mean_scale * (t_ip1 - t_i) *
           (load.force.dot(mean_velocity) + load.moment.dot(mean_spin));
  }
  const Vec3 point_i = state_i.position + state_i.rotation.toRotationMatrix() * load.point;
  const Vec3 point_ip1 = state_ip1.position + state_ip1.rotation.toRotationMatrix() * load.point;
  const Vec3 rotation_increment =
      quaternion_to_rotation_vector(state_ip1.rotation * state_i.rotation.conjugate());
  return mean_scale * (load.force.dot(point_ip1 - point_i) + load.moment.dot(rotation_increment));
}

namespace {

ObjectSchema load_params() {
  ObjectSchema schema{"load",
                      "A force and a moment applied at a point, scaled by a time function."};
  schema.add_vec3("force", "Force, global frame.").with_unit("N").with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("moment", "Moment, global frame.")
      .with_unit("N·m")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_vec3("point", "Application point relative to the pole, body frame.")
      .with_unit("m")
      .with_default(Vec3(Vec3::Zero()));
  schema.add_polymorphic("scale", "time_function", "Multiplies force and moment.")
      .with_default(std::vector<ParamSet>{constant_time_function(1.0)});
  return schema;
}

ObjectSchema node_load_params() {
  // A load at a node is a body load without a point: the node is the point.
  ObjectSchema schema = load_params();
  schema.name = "node_load";
  schema.description = "A force and a moment applied at a rigid node, scaled by a time function.";
  std::erase_if(schema.params, [](const ParamSpec& spec) { return spec.name == "point"; });
  return schema;
}

}  // namespace

AppliedLoad AppliedLoad::from(const ParamSet& set) {
  AppliedLoad load;
  load.force = set.vec3("force");
  load.moment = set.vec3("moment");
  if (set.declares("point")) load.point = set.vec3("point");  // a node load acts at the node
  load.scale = build_time_function(set.object("scale"));
  load.mark = set.mark;
  return load;
}

POLYDEM_DECLARE_OBJECT(load_params)
POLYDEM_DECLARE_OBJECT(node_load_params)

}  // namespace polydem
