// The night-owl check of paper §2.6.3: after Newton converged, a second search
// at configuration i+1 finds contacts that are active at the end of the step
// but were no candidate of it (a body that travelled farther than its
// inflation allowed). Such a newcomer joins the step's candidates and the
// step is solved again; a newcomer that went through the other body instead
// (§2.4.7) makes the step a penetration.
#pragma once

#include <memory>
#include <vector>

#include "contact/set/candidate_data.hpp"
#include "contact/set/pair_store.hpp"
#include "contact/set/search_stage.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {

enum class StepVerdict { Accept, Penetration, NightOwl };

class NightOwlCheck {
 public:
  /// The collaborators must outlive the check.
  NightOwlCheck(SearchStage& search, PairStore& pairs, const CandidateData& source)
      : search_(search), pairs_(pairs), source_(source) {}

  /// The check of the converged state ctx of the step from `at_i`. NightOwl adds
  /// the newcomers to the elements (new elements for pairs the step did not have).
  StepVerdict check(const StepContext& ctx, const StepContext& at_i);
  /// Whether the last check added elements (the sparsity pattern changed).
  bool added_elements() const { return added_elements_; }
  /// Checks that found night owls.
  long count() const { return count_; }
  void set_count(long count) { count_ = count; }

 private:
  /// A found pair's sub-regions that were no candidate of the step and are active
  /// at ctx; false when one of them has crossed the other body instead.
  bool newcomers_of(const StepContext& ctx, const StepContext& at_i, const CandidateSet& found,
                    const CandidatePair& pair, const ContactPairElement& element,
                    std::vector<PointwiseStepData>& newcomers) const;

  SearchStage& search_;
  PairStore& pairs_;
  const CandidateData& source_;
  /// Per pair found: a new element, the element, the newcomers.
  std::vector<std::unique_ptr<ContactPairElement>> created_;
  std::vector<ContactPairElement*> element_of_;
  std::vector<std::vector<PointwiseStepData>> newcomers_;
  bool added_elements_ = false;
  long count_ = 0;
  ThreadCountChoice newcomer_threads_;  ///< measured, as for the crossing checks
};

}  // namespace polydem
