#include "src/analysis/model_state.hpp"

namespace polydem {
namespace {

void write_node(const NodeState& node, StateWriter& out) {
  out.put(node.position);
  for (const double c :
       {node.rotation.w(), node.rotation.x(), node.rotation.y(), node.rotation.z()})
    out.put(c);
  out.put(node.velocity);
  out.put(node.acceleration);
  out.put(node.angular_velocity);
  out.put(node.angular_acceleration);
}

NodeState read_node(StateReader& in) {
  NodeState node;
  node.position = in.vec3();
  const double w = in.real(), x = in.real(), y = in.real(), z = in.real();
  node.rotation = Eigen::Quaterniond(w, x, y, z);
  node.velocity = in.vec3();
  node.acceleration = in.vec3();
  node.angular_velocity = in.vec3();
  node.angular_acceleration = in.vec3();
  return node;
}

}  // namespace

void write_model_state(const Model& model, StateWriter& out) {
  out.put(model.gravity);
  out.put(static_cast<std::int64_t>(model.nodes.size()));
  for (const NodeState& node : model.nodes) write_node(node, out);
  out.put(static_cast<std::int64_t>(model.rigid_nodes.size()));
  for (const RigidNode& rigid_node : model.rigid_nodes) {
    out.put(rigid_node.reaction.force);
    out.put(rigid_node.reaction.moment);
  }
}

void read_model_state(Model& model, StateReader& in) {
  model.gravity = in.vec3();
  if (in.count(model.nodes.size() + 1) != model.nodes.size())
    in.fail("the checkpoint has another number of nodes");
  for (NodeState& node : model.nodes) node = read_node(in);
  if (in.count(model.rigid_nodes.size() + 1) != model.rigid_nodes.size())
    in.fail("the checkpoint has another number of rigid nodes");
  for (RigidNode& rigid_node : model.rigid_nodes) {
    rigid_node.reaction.force = in.vec3();
    rigid_node.reaction.moment = in.vec3();
  }
}

void read_contact_parts(ContactSet& contact, std::span<const std::string> parts, bool with_ledgers,
                        const std::string& source) {
  contact.clear_state();
  for (const std::string& bytes : parts) {
    StateReader part(bytes, source);
    contact.add_state(part, with_ledgers);
    if (!part.at_end()) part.fail("a process's contact state has trailing data");
  }
}

}  // namespace polydem
