// A step of a packing of tetrapods in an open box: its contact set and
// configuration i, for tests that evaluate contact elements at trial increments.
#pragma once

#include <memory>
#include <vector>

#include "contact/geometry/generators.hpp"
#include "contact/geometry/shape_builder.hpp"
#include "tests/support/packed_scene.hpp"

namespace polydem::testing {

inline Packing tetrapods() {
  TetrapodParams params;
  params.facets = 6;
  constexpr double skin = 0.1;
  return Packing(build_shape(make_tetrapod(params), "tetrapod"), 1.0, skin,
                 packing_options(4, 1.4, 2.02, skin, 5), covers_separated(tetrapod_cover(params)));
}

/// A tetrapod packing's contact set and configuration i of a step of `dt`
/// from it (a static step for dt = 0).
struct PackedStep {
  Packing packing = tetrapods();
  std::unique_ptr<ContactSet> contact = contact_set_of(packing, SearchSettings{});
  std::vector<NodeState> nodes = nodes_of(packing);
  Eigen::VectorXd zero = Eigen::VectorXd::Zero(kDofsPerNode * static_cast<long>(nodes.size()));
  StepContext at_i;

  explicit PackedStep(double dt) {
    at_i.type = dt > 0 ? AnalysisType::Dynamic : AnalysisType::Static;
    at_i.time = at_i.dt = dt;
    at_i.nodes = nodes;
    at_i.increments = &zero;
  }
  PackedStep(const PackedStep&) = delete;  // at_i views the members
};

}  // namespace polydem::testing
