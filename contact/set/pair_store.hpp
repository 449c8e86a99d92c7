// The contact elements of the current step (paper §2.5–2.6): one per pair of
// bodies, or of a body and a boundary, with candidates (eq. 37), sorted by
// pair, which fixes the assembly order whatever the threads. The elements
// follow the search's pairs from step to step: a kept pair keeps its element
// (law and DOFs), so the sparsity pattern changes only when a pair comes or goes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "contact/pair/contact_pair_element.hpp"
#include "contact/search/candidate_set.hpp"
#include "contact/set/contact_scene.hpp"
#include "src/core/thread_count_choice.hpp"

namespace polydem {

class PairStore {
 public:
  using Slot = std::pair<BodyPair, std::unique_ptr<ContactPairElement>>;

  /// `scene` (the pairs' sides and laws) must outlive the store.
  explicit PairStore(const ContactScene& scene) : scene_(scene) {}

  /// One element per pair of `found` (both sorted): the kept ones, new ones for
  /// pairs that came; pairs that left drop theirs. True when any came or went.
  bool follow(const CandidateSet& found);
  /// Each element's candidates of the step from configuration i, the pairs of
  /// `found` in the order follow() took them; each solves an LCP per candidate,
  /// so the elements are filled on threads, each on its own.
  void fill_candidates(const StepContext& at_i, const CandidateSet& found,
                       const CandidateSource* source);

  /// Every element keeps its candidates for a shorter attempt at the step (retime_candidates).
  void retime_candidates(const StepContext& at_i) {
    for (Slot& slot : elements_) slot.second->retime_candidates(at_i);
  }

  std::unique_ptr<ContactPairElement> make(const BodyPair& id) const;
  /// The pair's element, or nullptr.
  ContactPairElement* find(const BodyPair& id) const;
  /// Adds an element for a pair that has none, in pair order (views unchanged: refresh_views).
  void insert(const BodyPair& id, std::unique_ptr<ContactPairElement> element);
  /// Drops every element (and the views).
  void clear();
  void refresh_views();

  const std::vector<Slot>& slots() const { return elements_; }
  std::size_t size() const { return elements_.size(); }
  std::span<const Element* const> element_views() const { return element_views_; }
  std::span<const ContactPairElement* const> pair_views() const { return pair_views_; }

  /// See ContactSet::update_engaged and engaged_signature.
  bool update_engaged(const StepContext& ctx, double tolerance);
  std::uint64_t engaged_signature() const;

 private:
  const ContactScene& scene_;
  std::vector<Slot> elements_;  ///< sorted by BodyPair
  std::vector<Slot> next_elements_;
  std::vector<const Element*> element_views_;
  std::vector<const ContactPairElement*> pair_views_;
  // Re-deciding the engaged contacts is about a microsecond a pair: whether a team's
  // wake-up pays for it is measured (thread_count_choice.hpp).
  ThreadCountChoice engaged_threads_;
  ThreadCountChoice candidate_threads_;
};

}  // namespace polydem
