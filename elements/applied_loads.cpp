// Work of an applied load over a step; see applied_loads.hpp.
#include "elements/applied_loads.hpp"

#include <Eigen/Geometry>

namespace polydem {

double load_work_increment(const AppliedLoad& load, const NodeState& state_i,
                           const NodeState& state_ip1, double t_i, double t_ip1) {
  const double mean_scale = 0.5 * (load.scale(t_i) + load.scale(t_ip1));
  const Vec3 point_i = state_i.position + state_i.rotation.toRotationMatrix() * load.point;
  const Vec3 point_ip1 = state_ip1.position + state_ip1.rotation.toRotationMatrix() * load.point;
  const Vec3 rotation_increment =
      quaternion_to_rotation_vector(state_ip1.rotation * state_i.rotation.conjugate());
  return mean_scale * (load.force.dot(point_ip1 - point_i) + load.moment.dot(rotation_increment));
}

}  // namespace polydem
