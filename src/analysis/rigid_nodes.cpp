#include "src/analysis/rigid_nodes.hpp"

namespace polydem {

void place_rigid_nodes(const Model& model, std::vector<NodeState>& nodes) {
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    const RigidNodeLink& link = *rigid_node.link;
    nodes[static_cast<std::size_t>(link.node())] =
        link.follow(nodes[static_cast<std::size_t>(link.pole_node())]);
  }
}

void store_rigid_node_reactions(Model& model, const Eigen::VectorXd& increments) {
  for (RigidNode& rigid_node : model.rigid_nodes)
    rigid_node.reaction = rigid_node.link->reaction(increments);
}

Wrench<double> rigid_node_loads_on_body(const Model& model, int body, double time) {
  Wrench<double> total;
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    if (rigid_node.body != body || !rigid_node.loads) continue;
    const RigidNodeLink& link = *rigid_node.link;
    const NodeState& pole = model.nodes[static_cast<std::size_t>(link.pole_node())];
    const Wrench<double> at_node =
        applied_wrench<double>(rigid_node.loads->loads(), Mat3::Identity(), time);
    const Vec3 arm = pole.rotation.toRotationMatrix() * link.point();
    total.force += at_node.force;
    total.moment += at_node.moment + arm.cross(at_node.force);
  }
  return total;
}

}  // namespace polydem
