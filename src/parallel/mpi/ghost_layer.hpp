// A process's part of the contact search under domain decomposition
// (ContactPartition): its own bodies and its ghosts (src/parallel/ghost_selection.hpp).
// Before every search all processes check together that every body still
// keeps to the allowance of the last choice; if one does not, or the owners
// changed, each process chooses its ghosts again from every body's placement.
#pragma once

#include "contact/contact_set.hpp"
#include "src/parallel/body_ownership.hpp"
#include "src/parallel/ghost_selection.hpp"

namespace polydem {

class GhostLayer final : public ContactPartition {
 public:
  explicit GhostLayer(const BodyOwnership& ownership) : ownership_(ownership) {}

  std::span<const int> searched_bodies() const override { return choice_.searched; }
  std::span<const char> owned_flags() const override { return choice_.owned; }
  std::uint64_t revision() const override { return revision_; }
  void sum_over_processes(std::span<double> values) const override;

  /// Before a search of ctx's step (see ContactSet::placed_body); collective.
  /// True when the ghosts were chosen again.
  bool cover(ContactSet& contact, const StepContext& ctx, bool inflate);

  std::size_t ghost_count() const { return choice_.ghost_count(); }
  long choices() const { return static_cast<long>(revision_); }

 private:
  bool every_body_keeps_to_allowance(const ContactSet& contact, const StepContext& ctx,
                                     bool inflate) const;

  const BodyOwnership& ownership_;
  GhostChoice choice_;
  std::uint64_t chosen_for_owners_ = 0;  ///< the ownership revision of the last choice
  std::uint64_t revision_ = 0;           ///< the number of choices
};

}  // namespace polydem
