// The pre-flight check of a configuration (the start of an analysis step): the
// barrier law of paper §2.4 cannot start from bodies that intersect, lie
// inside one another or sit closer than the barrier gap f·ḡ_n of their law,
// against each other or a boundary. Between steps of a run contacts deep in
// the barrier zone are a state the run reached (the paper's packs reach
// 0.001 ḡ_n), so only crossings are problems there.
#pragma once

#include <string>

#include "contact/set/contact_scene.hpp"
#include "contact/set/search_stage.hpp"

namespace polydem {

class Preflight {
 public:
  /// The collaborators must outlive the check.
  Preflight(const ContactScene& scene, SearchStage& search) : scene_(scene), search_(search) {}

  /// The first problem of the bodies as `placed` (not inflated, at rest), naming
  /// both sides and their distance, or empty; `initial_placement` false: crossings only.
  std::string first_problem(const SearchScene& placed, bool initial_placement);

 private:
  /// One pair's problem: crossing surfaces, one inside the other, or a pointwise
  /// gap already inside the barrier zone.
  std::string pair_problem(const SearchScene& placed, const BodyPair& id, double skin,
                           double barrier_gap) const;

  const ContactScene& scene_;
  SearchStage& search_;
};

}  // namespace polydem
