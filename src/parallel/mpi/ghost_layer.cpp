#include "src/parallel/mpi/ghost_layer.hpp"

#include "src/parallel/mpi/collectives.hpp"

namespace polydem {

void GhostLayer::sum_over_processes(std::span<double> values) const { collective::sum(values); }

// Each process checks its own bodies; together they check every body.
bool GhostLayer::every_body_keeps_to_allowance(const ContactSet& contact, const StepContext& ctx,
                                               bool inflate) const {
  const double verlet_margin = contact.search_settings().verlet_margin;
  bool keeps = true;
  for (std::size_t k = 0; k < choice_.searched.size() && keeps; ++k)
    if (choice_.owned[k])
      keeps = keeps_to_allowance(contact.placed_body(ctx, choice_.searched[k], inflate),
                                 choice_.chosen_at[k], verlet_margin, choice_.allowance);
  return collective::all(keeps);
}

bool GhostLayer::cover(ContactSet& contact, const StepContext& ctx, bool inflate) {
  // The owners are the same on every process, so every process skips the check alike.
  if (revision_ > 0 && chosen_for_owners_ == ownership_.revision &&
      every_body_keeps_to_allowance(contact, ctx, inflate))
    return false;
  std::vector<char> owned(ownership_.owner.size(), 0);
  for (std::size_t b = 0; b < owned.size(); ++b) owned[b] = ownership_.owns(static_cast<int>(b));
  choice_ = choose_ghosts(contact.every_body(ctx, inflate), owned,
                          contact.search_settings().verlet_margin);
  chosen_for_owners_ = ownership_.revision;
  ++revision_;
  return true;
}

}  // namespace polydem
