// The rigid nodes between Newton solves (paper §3.3): after a converged step
// each node is put back exactly on its body, so that every step starts with the
// node's quaternion equal to the body's (what makes g_α = α_N^Δ − α_P^Δ exact,
// see rigid_node_link.hpp), and the multipliers are kept as the reactions.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "src/analysis/model.hpp"

namespace polydem {

/// Puts every rigid node of `nodes` on its body's pole in `nodes` (position,
/// orientation, and the velocities and accelerations of that body point).
void place_rigid_nodes(const Model& model, std::vector<NodeState>& nodes);

/// Stores the constraint reactions of a converged increment vector Δa.
void store_rigid_node_reactions(Model& model, const Eigen::VectorXd& increments);

/// The loads at the rigid nodes of body `body` at time t, reduced to its pole
/// (global frame): what the constraints pass on to the body.
Wrench<double> rigid_node_loads_on_body(const Model& model, int body, double time);

}  // namespace polydem
