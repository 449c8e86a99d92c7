// A candidate's configuration-i data (paper §2.4, §2.6): the LCP solution of
// its sub-region pair at the converged configuration i (normal, gap, the
// material points of eq. 37's Γ), and the friction history of eqs. 57–58
// when the contact was active at i (or was at i the contact of a neighbouring
// sub-region pair at the same point: a vertex moving from a face onto its
// edge keeps its history); a contact event that may begin in the
// step takes its onset speed and restitution dashpot from configuration i.
// The elements ask for it when a candidate comes near (ContactPairElement).
#pragma once

#include "contact/pair/contact_pair_element.hpp"
#include "contact/set/contact_history.hpp"
#include "contact/set/contact_scene.hpp"

namespace polydem {

class CandidateData final : public CandidateSource {
 public:
  /// `scene` and `histories` (those of the last accepted state) must outlive it.
  CandidateData(const ContactScene& scene, const ContactHistories& histories)
      : scene_(scene), histories_(histories) {}

  PointwiseStepData step_data(const ContactPairElement& element, const StepContext& at_i,
                              const SubRegion& region_a, const SubRegion& region_b) const override;

 private:
  /// The history the contact `key` goes on from: its own, or its donor's when
  /// it is the donor's heir (marked in `data`); null for a new contact.
  const ContactHistory* history(const ContactPairElement& element, const ContactSide& a,
                                const ContactSide& b, const ContactKey& key,
                                PointwiseStepData& data) const;

  const ContactScene& scene_;
  const ContactHistories& histories_;
};

}  // namespace polydem
