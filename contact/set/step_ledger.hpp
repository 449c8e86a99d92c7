// What an accepted step leaves behind (paper §2.4.6, §3.6): the friction
// histories of eqs. 57–58 of the active contacts, the energy ledger (per
// contact since its event began, and the run's totals) and the snapshot for
// output. settle() books a converged state without committing it, so that
// energy_step can preview a step's part of the energy balance; commit() makes
// it the accepted one. Nothing here changes for a rejected step.
#pragma once

#include <utility>
#include <vector>

#include "contact/contact_partition.hpp"
#include "contact/set/contact_history.hpp"
#include "contact/set/contact_scene.hpp"
#include "contact/set/given_friction.hpp"
#include "contact/set/pair_store.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {

class StepLedger {
 public:
  /// The collaborators must outlive the ledger.
  StepLedger(const ContactScene& scene, const PairStore& pairs);

  /// What a converged state books against the accepted one.
  struct Settlement {
    ContactSnapshot snapshot;
    /// The histories (in the ledger's map) of the contacts active at the state that have
    /// one there, sorted by address: 8 bytes each where their keys took 28 (issue 29).
    std::vector<const ContactHistory*> active;
    /// The contacts of configuration i whose histories went on in a neighbouring pair.
    std::vector<ContactKey> handed_over;
  };
  /// The snapshot of the converged state ctx, booked against the accepted one; its
  /// per-contact records only `with_records` (the energy preview has no use for them, and
  /// at a pack's 13 contacts per body they are a third of the settlement). With
  /// `histories_at_state`, the accepted histories, each element's new ones replace its
  /// old ones once all its contacts are booked: a contact reads only its own history at i
  /// and its donor's, both of its element, so one map serves (two took a pack's largest
  /// share of the heap).
  Settlement settle(const StepContext& ctx, bool with_records,
                    ContactHistories* histories_at_state) const;
  /// Accepts the converged state ctx; the snapshot keeps its per-contact records only
  /// `with_records` (where an output reads them at this state).
  /// `given`: friction histories to take instead of the update from the outcomes.
  void commit(const StepContext& ctx, bool with_records,
              const GivenFrictionStates* given = nullptr);
  /// The contacts' part of the energy balance of the step to ctx, as commit would
  /// book it; summed over the processes under a partition (a collective call there).
  ContactEnergyStep energy_step(const StepContext& ctx, const ContactPartition* partition) const;

  /// The histories of the last accepted state.
  const ContactHistories& histories() const { return histories_; }
  ContactHistories& histories() { return histories_; }
  /// The contacts of the last accepted state (this process's part under a partition).
  const ContactSnapshot& snapshot() const { return snapshot_; }
  ContactSnapshot& snapshot() { return snapshot_; }

 private:
  using ElementOutcomes = std::vector<std::pair<ActiveContact, PointwiseOutcome>>;
  /// The active contacts and outcomes of the elements [first, first + outcomes.size()),
  /// each into its own buffer.
  void evaluate_active(const StepContext& ctx, std::size_t first,
                       std::vector<ElementOutcomes>& outcomes) const;
  using HistoryUpdates = std::vector<std::pair<ContactKey, ContactHistory>>;
  /// Books one active contact of the converged state into `result`, its new history
  /// into `updates`.
  void settle_contact(const StepContext& ctx, const BodyPair& id, const ContactPairElement& element,
                      const ActiveContact& active, const PointwiseOutcome& outcome,
                      bool with_records, Settlement& result, HistoryUpdates& updates) const;
  /// The given friction state of this contact, if any, into `updated`.
  void take_given(const ContactPairElement& element, const PointwiseStepData& data,
                  ContactHistory& updated) const;
  /// Books the contacts of configuration i that are not active at ctx into `result`.
  void settle_ended(const StepContext& ctx, Settlement& result) const;
  ClosestContact closest_contact(const ContactPairElement& element, const PointwiseOutcome& outcome,
                                 double mass) const;
  void note_explicit_step(const ContactPairElement& element, const StepContext& ctx,
                          const ElementOutcomes& outcomes, ContactSnapshot& next) const;
  /// Φ at ctx of a contact of configuration i that is not active at ctx.
  double energy_left_behind(const StepContext& ctx, const ContactKey& key) const;
  /// Work of the moving boundaries over the step, trapezoidal in their reactions.
  double boundary_work(const StepContext& ctx, const std::vector<Vec3>& reactions) const;

  const ContactScene& scene_;
  const PairStore& pairs_;
  const GivenFrictionStates* given_ = nullptr;  ///< during a commit only
  ContactHistories histories_;
  ContactSnapshot snapshot_;
  // Whether a team's wake-up pays for the outcomes of a small pack's few pairs is measured
  // (thread_count_choice.hpp); the outcomes do not depend on it.
  mutable ThreadCountChoice outcome_threads_;
};

}  // namespace polydem
