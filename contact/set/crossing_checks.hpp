// The barrier must not be jumped (paper §2.4.7): admissible() lets Newton
// reject a trial iterate that carries a candidate across the other body or
// closes an active gap tenfold, so the solver backtracks instead of passing
// through a body; at the end of a step the same test from configuration i,
// and a test of the overlapping bodies' surfaces for crossings so deep or so
// fast that no pointwise pair of the step saw them, reject a penetrated step.
#pragma once

#include <vector>

#include "contact/set/contact_scene.hpp"
#include "contact/set/pair_store.hpp"
#include "contact/set/search_stage.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {

class CrossingChecks {
 public:
  /// The collaborators must outlive the checks.
  CrossingChecks(const ContactScene& scene, SearchStage& search, const PairStore& pairs)
      : scene_(scene), search_(search), pairs_(pairs) {}

  /// True when some element's candidate crosses between the iterates `from`
  /// and `to` (ContactPairElement::crosses).
  bool any_crosses(const StepContext& from, const StepContext& to, double gap_reduction) const;
  /// True when an edge of one body crosses a face of another at the end of ctx's step.
  bool any_surfaces_cross(const StepContext& ctx);

 private:
  /// A pair the step's search did not find, whose sides have moved less
  /// relative to each other than the search's reach since: its surfaces cannot meet at ctx.
  bool unfound_pair_apart(const StepContext& ctx, const BodyPair& id) const;

  const ContactScene& scene_;
  SearchStage& search_;
  const PairStore& pairs_;
  std::vector<BodyPair> overlap_scratch_;
  // A pair's crossing test is about a microsecond: whether a team's wake-up pays for it is
  // measured (thread_count_choice.hpp); the answer does not depend on it.
  mutable ThreadCountChoice crossing_threads_;
  ThreadCountChoice surface_threads_;
};

}  // namespace polydem
