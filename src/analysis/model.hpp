// The assembled mechanical model of an analysis: the poles' converged states,
// the elements acting on them, and which DOFs are constrained or prescribed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "contact/contact_set.hpp"
#include "elements/node_load.hpp"
#include "elements/rigid_body.hpp"
#include "elements/rigid_node_link.hpp"
#include "src/core/time_function.hpp"
#include "src/model/dof_map.hpp"
#include "src/model/node_state.hpp"

namespace polydem {

/// A DOF whose increment over a step is value(t_{i+1}) − value(t_i).
struct PrescribedDof {
  int dof = 0;
  TimeFunction value;
};

/// A node tied rigidly to a body (paper §3.3). Its node follows the body's pole
/// after every converged step; its multipliers are DOFs after all node DOFs.
struct RigidNode {
  std::string name;
  int body = 0;                         ///< index into Model::bodies
  std::unique_ptr<RigidNodeLink> link;  ///< the constraint to the body's pole
  std::unique_ptr<NodeLoad> loads;      ///< null when the node has no loads
  Wrench<double> reaction;              ///< λ and its spatial moment at configuration i
};

struct Model {
  std::vector<NodeState> nodes;  ///< configuration i: one pole per body, then the rigid nodes
  std::vector<std::unique_ptr<RigidBody>> bodies;
  std::vector<std::string> body_names;
  std::vector<PrescribedDof> prescribed;  ///< non-zero prescribed motions
  DofMap dofs;
  std::vector<double> dof_length_scale;  ///< per DOF: the length of the body it belongs to
  Vec3 gravity = Vec3::Zero();
  std::unique_ptr<ContactSet> contact;  ///< null when no body has a shape
  std::vector<RigidNode> rigid_nodes;   ///< nodes[bodies.size() + k] is rigid node k

  /// Every element, in a fixed order (the assembly order): bodies, then contact pairs.
  std::vector<const Element*> elements() const;
};

}  // namespace polydem
